/**
 * A local HTTP server on 127.0.0.1 (random port) that replays scripted JSON replies in order and
 * records each request. Bounded: it answers at most the scripted replies (then 500), and closes
 * itself after `lifetimeMs` even if a test forgets to.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenLocally } from '../helpers/local-server.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface ScriptedReply {
  status?: number;
  body: unknown;
}

export interface MockServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startMockServer(replies: ScriptedReply[], lifetimeMs = 20_000): Promise<MockServer> {
  const requests: RecordedRequest[] = [];
  const queue = [...replies];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        /* keep raw text */
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = queue.shift() ?? { status: 500, body: { error: { message: 'mock server: no scripted reply left', type: 'mock_exhausted' } } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(reply.body));
    });
  });
  const local = await listenLocally(server, lifetimeMs);
  return { url: `${local.origin}`, requests, close: local.close };
}
