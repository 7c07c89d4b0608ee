/**
 * The MCP server over streamable HTTP on 127.0.0.1: the official client SDK connects, a second session
 * continues the same episode, a foreign Host header is refused, nothing listens on other interfaces,
 * and SIGTERM stops the server cleanly. The server process is bounded by a kill in afterAll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const ROOT = resolve(import.meta.dirname, '../..');

let child: ChildProcess;
let url: URL;
let token = '';
let stderr = '';
let exit: Promise<number | null>;

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'mcp', '--house', 'seed:7', '--http', '0', '--steps', '20'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exit = new Promise((done) => child.once('exit', (code) => done(code)));
  url = await new Promise<URL>((done, fail) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(stderr);
      const t = /bearer token \(send 'Authorization: Bearer <token>'\): (\S+)/.exec(stderr);
      if (m && t) {
        token = t[1];
        done(new URL(m[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`server exited (${code}) before listening:\n${stderr}`)));
  });
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
});

async function session(): Promise<Client> {
  const c = new Client({ name: 'navharness-http-test', version: '0.0.0' });
  await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return c;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');

/** Status code of a raw initialize POST with a chosen Host header (and the token unless told otherwise). */
function postWithHost(host: string, extra: Record<string, string> = {}, auth: string | null = `Bearer ${token}`): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '0' } },
  });
  const headers: Record<string, string> = { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...extra };
  if (auth !== null) headers.authorization = auth;
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      done(res.statusCode ?? 0);
    });
    req.once('error', fail);
    req.end(body);
  });
}

describe('navharness mcp --http', () => {
  it('binds the loopback interface and serves the tools to the official client', async () => {
    expect(url.hostname).toBe('127.0.0.1');
    const c = await session();
    const { tools } = await c.listTools();
    expect(tools).toHaveLength(11);
    const obs = (await c.callTool({ name: 'observe' })) as CallToolResult;
    const img = obs.content.find((b) => b.type === 'image');
    expect(img?.type === 'image' && img.mimeType).toBe('image/png');
    if (img?.type === 'image') expect(PNG.sync.read(Buffer.from(img.data, 'base64')).height).toBe(240);
    const step = (await c.callTool({ name: 'step', arguments: { actions: ['left', 'forward'] } })) as CallToolResult;
    expect(text(step)).toMatch(/Steps used [12] of 20/);
    const bad = (await c.callTool({ name: 'step', arguments: { actions: Array(13).fill('left') } })) as CallToolResult;
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/at most 12 actions/);
    await c.close();
  });

  it('a second session continues the same episode', async () => {
    const c = await session();
    const obs = (await c.callTool({ name: 'observe' })) as CallToolResult;
    expect(text(obs)).toMatch(/Steps used [12] of 20/);
    await c.close();
  });

  it('refuses a foreign Host header (DNS rebinding) and accepts the loopback one', async () => {
    expect(await postWithHost('attacker.example:80')).toBe(403);
    expect(await postWithHost(url.host)).toBe(200);
  });

  it('prints the bearer token once and refuses requests without it or with another one (issue 19 item 8)', async () => {
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(stderr.split(token).length - 1).toBe(1);
    expect(await postWithHost(url.host, {}, null)).toBe(401);
    expect(await postWithHost(url.host, {}, 'Bearer not-the-token-not-the-token-not-the-token')).toBe(401);
    expect(await postWithHost(url.host, {}, `Basic ${token}`)).toBe(401);
    const stranger = new Client({ name: 'stranger', version: '0' });
    await expect(stranger.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow();
  });

  it('refuses a foreign Origin and accepts its own (issue 19 item 8)', async () => {
    expect(await postWithHost(url.host, { origin: 'http://attacker.example' })).toBe(403);
    expect(await postWithHost(url.host, { origin: `http://localhost:${Number(url.port) + 1}` })).toBe(403);
    expect(await postWithHost(url.host, { origin: 'null' })).toBe(403);
    expect(await postWithHost(url.host, { origin: `http://127.0.0.1:${url.port}` })).toBe(200);
  });

  it('does not listen on non-loopback interfaces', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!external) return; // no other interface on this machine: nothing to probe
    const reached = await new Promise<boolean>((done) => {
      const s = connect({ host: external.address, port: Number(url.port) });
      s.once('connect', () => (s.destroy(), done(true)));
      s.once('error', () => done(false));
      s.setTimeout(3000, () => (s.destroy(), done(false)));
    });
    expect(reached).toBe(false);
  });

  it('stops cleanly on SIGTERM', async () => {
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toMatch(/stopped by SIGTERM/);
  });
});
