/**
 * Streamable HTTP on the loopback interface only. Each MCP session gets its own protocol server, all of
 * them bound to the same episode (calls are serialised by the episode), so a reconnecting agent
 * continues the same task. Host headers are checked against the loopback names (DNS-rebinding guard).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Episode, EpisodeBrief } from './episode.js';
import { createMcpServer } from './server.js';

export const LOOPBACK = '127.0.0.1';
export const MCP_PATH = '/mcp';

export interface HttpHandle {
  url: string;
  port: number;
  /** stops accepting, closes every session */
  close(): Promise<void>;
}

function jsonError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/** Listens on 127.0.0.1:`port` (0 picks a free port). */
export async function serveHttp(episode: Episode | Promise<Episode>, brief: EpisodeBrief, port: number, log: (line: string) => void = () => {}): Promise<HttpHandle> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let bound = port;

  const openSession = async (): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
        log(`session ${id} opened`);
      },
      onsessionclosed: (id) => log(`session ${id} closed by the client`),
      enableDnsRebindingProtection: true,
      allowedHosts: [`${LOOPBACK}:${bound}`, `localhost:${bound}`],
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createMcpServer(episode, brief, log).connect(transport);
    return transport;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? '/', `http://${LOOPBACK}`).pathname;
    if (path !== MCP_PATH) return jsonError(res, 404, `not found: the MCP endpoint is ${MCP_PATH}`);
    const header = req.headers['mcp-session-id'];
    const id = Array.isArray(header) ? header[0] : header;
    let transport = id ? sessions.get(id) : undefined;
    if (id && !transport) return jsonError(res, 404, `unknown session '${id}': start a new session with an initialize request`);
    if (!transport) {
      if (req.method !== 'POST') return jsonError(res, 400, 'no session: send an initialize request (POST) first');
      transport = await openSession();
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
  bound = (http.address() as AddressInfo).port;
  const url = `http://${LOOPBACK}:${bound}${MCP_PATH}`;
  return {
    url,
    port: bound,
    async close() {
      for (const t of sessions.values()) await t.close().catch(() => undefined);
      sessions.clear();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
