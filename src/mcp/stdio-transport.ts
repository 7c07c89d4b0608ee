/**
 * The MCP transport over stdin/stdout: one JSON-RPC message per line. Unlike the SDK's stdio
 * transport, it answers every line it cannot deliver with a JSON-RPC error (a client waits for no
 * time-out), and a line longer than the limit is refused and skipped while the server stays up.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** the longest line accepted (tool arguments are small; write_file stores at most 6,000 characters) */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

type Id = string | number | null;

/** The request id of a top-level object, if it can be read from the line's first kilobyte. */
function sniffId(head: string): Id {
  const m = /^\s*\{[^{}[\]]*?"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.){0,200}")/.exec(head);
  if (!m) return null;
  try {
    return JSON.parse(m[1]) as string | number;
  } catch {
    return null;
  }
}

function idOf(v: unknown): Id {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const id = (v as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s);

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  private oversized = false;
  private head = '';

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    readonly maxLineBytes = MAX_LINE_BYTES,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (e: Error) => this.onerror?.(e);

  private readonly onData = (chunk: Buffer | string) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    for (;;) {
      const nl = buf.indexOf(10, from);
      this.take(nl < 0 ? buf.subarray(from) : buf.subarray(from, nl));
      if (nl < 0) return;
      this.endLine();
      from = nl + 1;
    }
  };

  /** Adds part of the current line; past the limit only its size and first kilobyte are kept. */
  private take(part: Buffer): void {
    if (this.head.length < 1024) this.head += part.subarray(0, 1024 - this.head.length).toString('utf8');
    this.size += part.length;
    if (this.oversized) return;
    if (this.size > this.maxLineBytes) {
      this.oversized = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(part);
  }

  private endLine(): void {
    const { size, oversized, head } = this;
    const line = oversized ? '' : Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    this.oversized = false;
    this.head = '';
    if (oversized) {
      this.refuse(
        sniffId(head),
        INVALID_REQUEST,
        `Invalid Request: the message is ${size} bytes; the limit is ${this.maxLineBytes} bytes per line (one JSON-RPC message per line)`,
      );
      return;
    }
    if (line.trim() === '') return;
    this.deliver(line);
  }

  private deliver(line: string): void {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      this.refuse(null, PARSE_ERROR, `Parse error: the line is not JSON (${short((e as Error).message)}); send one JSON-RPC 2.0 message per line`);
      return;
    }
    const r = JSONRPCMessageSchema.safeParse(json);
    if (!r.success) {
      const what = Array.isArray(json)
        ? 'a batch (array); batches are not accepted'
        : `${json === null ? 'null' : typeof json}${idOf(json) !== null ? ` with id ${JSON.stringify(idOf(json))}` : ''}`;
      this.refuse(
        idOf(json),
        INVALID_REQUEST,
        `Invalid Request: got ${short(what)}; expected a JSON-RPC 2.0 object: {"jsonrpc": "2.0", "id": …, "method": "…", "params": {…}} (a request), without "id" (a notification), or a response`,
      );
      return;
    }
    this.onmessage?.(r.data);
  }

  private refuse(id: Id, code: number, message: string): void {
    this.log(`refused a message: ${message}`);
    void this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((done) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) done();
      else this.stdout.once('drain', () => done());
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.chunks = [];
    this.onclose?.();
  }
}
