/**
 * Streamable HTTP on the loopback interface only. Each MCP session gets its own protocol server, all of
 * them bound to the same episode (calls are serialised by the episode), so a reconnecting agent
 * continues the same task. Host headers are checked against the loopback names (DNS-rebinding guard);
 * before any request reaches a transport, its Origin and bearer token are checked and the number of
 * open sessions is capped, with idle sessions closed (http-guard.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Episode, EpisodeBrief } from './episode.js';
import { createMcpServer } from './server.js';
import { guardSettings, type HttpGuardOptions, type HttpGuardSettings, originRefusal, type Refusal, SessionTable, tokenRefusal } from './http-guard.js';

export const LOOPBACK = '127.0.0.1';
export const MCP_PATH = '/mcp';

export interface HttpHandle {
  url: string;
  port: number;
  /** the bearer token every request must carry (generated at start unless one was given) */
  token: string;
  /** open sessions now */
  sessions(): number;
  /** stops accepting, closes every session */
  close(): Promise<void>;
}

function jsonError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** The open sessions of one server: each a transport with its own protocol server (over the same tools). */
class HttpSessions {
  readonly table: SessionTable<StreamableHTTPServerTransport>;
  private readonly sweeper: NodeJS.Timeout;
  /** the port actually bound (known after listen), for the Host check */
  port = 0;

  constructor(
    private readonly makeServer: () => Server,
    private readonly settings: HttpGuardSettings,
    private readonly log: (line: string) => void,
  ) {
    this.table = new SessionTable(settings);
    // swept on a timer and before every new session; the timer does not keep the process alive
    this.sweeper = setInterval(() => this.expire(), Math.max(25, Math.min(settings.idleMs / 2, 60_000)));
    this.sweeper.unref();
  }

  expire(): void {
    for (const { id, value } of this.table.sweep()) {
      this.log(`session ${id} closed after ${this.settings.idleMs} ms without a request`);
      void value.close().catch(() => undefined);
    }
  }

  async open(): Promise<StreamableHTTPServerTransport> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.table.set(id, transport);
        this.log(`session ${id} opened`);
      },
      onsessionclosed: (id) => this.log(`session ${id} closed by the client`),
      enableDnsRebindingProtection: true,
      allowedHosts: [`${LOOPBACK}:${this.port}`, `localhost:${this.port}`],
    });
    transport.onclose = () => {
      if (transport.sessionId) this.table.delete(transport.sessionId);
    };
    await this.makeServer().connect(transport);
    return transport;
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    for (const t of this.table.values()) await t.close().catch(() => undefined);
    this.table.clear();
  }
}

/** Serves one live episode on 127.0.0.1:`port` (0 picks a free port). */
export function serveHttp(
  episode: Episode | Promise<Episode>,
  brief: EpisodeBrief,
  port: number,
  log: (line: string) => void = () => {},
  guard: HttpGuardOptions = {},
): Promise<HttpHandle> {
  return serveMcpHttp(() => createMcpServer(episode, brief, log), port, log, guard);
}

/** Serves the protocol servers `makeServer` builds (one per MCP session) on 127.0.0.1:`port`, behind the guard. */
export async function serveMcpHttp(
  makeServer: () => Server,
  port: number,
  log: (line: string) => void = () => {},
  guard: HttpGuardOptions = {},
): Promise<HttpHandle> {
  const settings = guardSettings(guard);
  const live = new HttpSessions(makeServer, settings, log);
  const sessions = live.table;
  live.port = port;

  const refuse = (res: ServerResponse, r: Refusal): void => jsonError(res, r.status, r.message, r.headers);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', `http://${LOOPBACK}`).pathname;
    const refusal = originRefusal(req, live.port) ?? tokenRefusal(req, settings.token);
    if (refusal) return refuse(res, refusal);
    if (path !== MCP_PATH) return jsonError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    const header = req.headers['mcp-session-id'];
    const id = Array.isArray(header) ? header[0] : header;
    let transport = id ? sessions.get(id) : undefined;
    if (id && !transport)
      return jsonError(
        res,
        404,
        `unknown session '${id.slice(0, 64)}' (closed, or expired after ${settings.idleMs} ms without a request): start a new session with an initialize request`,
      );
    if (!transport) {
      if (req.method !== 'POST') return jsonError(res, 400, 'no session: send an initialize request (POST) first');
      live.expire();
      if (!sessions.reserve())
        return jsonError(
          res,
          503,
          `${settings.maxSessions} sessions are open, the most this server allows; close one (DELETE) or wait for an idle one to expire`,
          { 'retry-after': '5' },
        );
      try {
        const fresh = await live.open();
        await fresh.handleRequest(req, res);
        // a first request that did not initialize a session leaves a transport nobody can reach
        if (!fresh.sessionId) await fresh.close().catch(() => undefined);
      } finally {
        sessions.settle();
      }
      return;
    }
    await transport.handleRequest(req, res);
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      log(`HTTP request failed: ${err.message}`);
      if (!res.headersSent) jsonError(res, 500, 'internal error');
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, LOOPBACK, () => {
      http.off('error', reject);
      resolve();
    });
  });
  live.port = (http.address() as AddressInfo).port;
  const url = `http://${LOOPBACK}:${live.port}${MCP_PATH}`;
  return {
    url,
    port: live.port,
    token: settings.token,
    sessions: () => sessions.size,
    async close() {
      await live.closeAll();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
