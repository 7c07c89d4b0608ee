/**
 * Issue 19 item 8, in process: the HTTP server keeps at most `maxSessions` sessions open and closes a
 * session after `idleMs` without a request, so a flood of `initialize` calls cannot grow memory
 * without bound. The episode never opens here: the handshake needs no world.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serveHttp } from '../../src/mcp/index.js';
import type { Episode } from '../../src/mcp/episode.js';
import { HouseSpecSchema } from '../../src/world/index.js';

const brief = { house: HouseSpecSchema.parse('seed:7'), task: 0, steps: 20 };
const never = new Promise<Episode>(() => {});
let handle: Awaited<ReturnType<typeof serveHttp>> | null = null;

afterEach(async () => {
  await handle?.close();
  handle = null;
});

function initialize(url: string, token: string): Promise<Response> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '0' } },
  });
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body,
  });
}

/** An initialize request whose headers go out at once and whose body only on `send()`. */
function initializeInTwoParts(url: string, token: string): { send: () => void; answer: Promise<{ status: number; session: string | undefined }> } {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'race', version: '0' } },
  });
  const u = new URL(url);
  let req: ReturnType<typeof httpRequest> | null = null;
  const answer = new Promise<{ status: number; session: string | undefined }>((resolve, reject) => {
    req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        const session = res.headers['mcp-session-id'];
        resolve({ status: res.statusCode ?? 0, session: Array.isArray(session) ? session[0] : session });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
  return { send: () => req?.end(body), answer };
}

const connect = async (url: string, token: string): Promise<Client> => {
  const c = new Client({ name: 'navharness-sessions-test', version: '0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return c;
};

describe('HTTP sessions: cap and idle expiry', () => {
  it('refuses the session after the cap with 503 and accepts again once one is closed', async () => {
    const logs: string[] = [];
    handle = await serveHttp(never, brief, 0, (l) => logs.push(l), { maxSessions: 3, idleMs: 60_000 });
    const statuses: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await initialize(handle.url, handle.token);
      await r.body?.cancel();
      statuses.push(r.status);
      const id = r.headers.get('mcp-session-id');
      if (id) ids.push(id);
    }
    expect(statuses).toEqual([200, 200, 200, 503, 503, 503, 503, 503, 503, 503]);
    expect(handle.sessions()).toBe(3);
    const refused = await initialize(handle.url, handle.token);
    expect(await refused.text()).toMatch(/3 sessions are open, the most this server allows/);
    const closed = await fetch(handle.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${handle.token}`, 'mcp-session-id': ids[0], 'mcp-protocol-version': '2025-06-18' },
    });
    expect(closed.status).toBe(200);
    expect(handle.sessions()).toBe(2);
    const after = await initialize(handle.url, handle.token);
    await after.body?.cancel();
    expect(after.status).toBe(200);
  });

  it('keeps the cap under concurrent initialisations: 20 handshakes under way at once against a cap of 3 give 3 sessions', async () => {
    handle = await serveHttp(never, brief, 0, () => {}, { maxSessions: 3, idleMs: 60_000 });
    const h = handle;
    // every request's headers first, every body later: all 20 handshakes are under way together
    const pending = Array.from({ length: 20 }, () => initializeInTwoParts(h.url, h.token));
    await new Promise((r) => setTimeout(r, 300));
    pending.forEach((p) => p.send());
    const answers = await Promise.all(pending.map((p) => p.answer));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length).toBe(3);
    expect(statuses.filter((s) => s === 503).length).toBe(17);
    expect(new Set(answers.map((a) => a.session).filter((x) => x)).size).toBe(3);
    expect(handle.sessions()).toBe(3);
  });

  it('closes a session idle for longer than the limit; its id is then unknown (404) and a new one may open', async () => {
    const logs: string[] = [];
    handle = await serveHttp(never, brief, 0, (l) => logs.push(l), { maxSessions: 1, idleMs: 300 });
    const c = await connect(handle.url, handle.token);
    expect((await c.listTools()).tools.length).toBeGreaterThan(5);
    expect(handle.sessions()).toBe(1);
    // a request within the limit keeps the session alive
    await new Promise((r) => setTimeout(r, 200));
    await c.listTools();
    await new Promise((r) => setTimeout(r, 200));
    await c.listTools();
    expect(handle.sessions()).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(handle.sessions()).toBe(0);
    expect(logs.join('\n')).toMatch(/closed after 300 ms without a request/);
    await expect(c.listTools()).rejects.toThrow(/404|unknown session|Session not found/i);
    const again = await initialize(handle.url, handle.token);
    expect(again.status).toBe(200);
    await again.body?.cancel();
  });

  it('a request without the token does not open a session', async () => {
    handle = await serveHttp(never, brief, 0, () => {}, { maxSessions: 2 });
    for (let i = 0; i < 5; i++) {
      const r = await initialize(handle.url, 'x'.repeat(43));
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect(handle.sessions()).toBe(0);
  });

  it('rejects a given token that is too short to be a secret', async () => {
    await expect(serveHttp(never, brief, 0, () => {}, { token: 'short' })).rejects.toThrow(/at least 32 characters/);
  });
});
