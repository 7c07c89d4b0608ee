/**
 * Issue 19 item 8, in process: the HTTP server keeps at most `maxSessions` sessions open and closes a
 * session after `idleMs` without a request, so a flood of `initialize` calls cannot grow memory
 * without bound. The episode never opens here: the handshake needs no world.
 */
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
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'flood', version: '0' } } });
  return fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body });
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
    const closed = await fetch(handle.url, { method: 'DELETE', headers: { authorization: `Bearer ${handle.token}`, 'mcp-session-id': ids[0], 'mcp-protocol-version': '2025-06-18' } });
    expect(closed.status).toBe(200);
    expect(handle.sessions()).toBe(2);
    const after = await initialize(handle.url, handle.token);
    await after.body?.cancel();
    expect(after.status).toBe(200);
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
