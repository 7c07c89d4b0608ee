/**
 * The stdio server answers every malformed JSON-RPC line with a JSON-RPC error (issue 19 item 9):
 * clients never wait for their time-out, and an oversized line is refused while the server stays up.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
let child: ChildProcessWithoutNullStreams;
let pending = '';
const replies: Record<string, unknown>[] = [];
let stderr = '';

beforeAll(() => {
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'mcp', '--house', 'seed:7', '--steps', '10'], { cwd: ROOT, stdio: 'pipe' });
  child.stdout.on('data', (d: Buffer) => {
    pending += d.toString();
    let i;
    while ((i = pending.indexOf('\n')) >= 0) {
      replies.push(JSON.parse(pending.slice(0, i)));
      pending = pending.slice(i + 1);
    }
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
});
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGTERM');
});

async function replyCount(n: number, timeoutMs = 20_000): Promise<void> {
  const t0 = Date.now();
  while (replies.length < n) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`only ${replies.length} of ${n} replies; stderr: ${stderr.slice(-2000)}`);
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; stderr: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const send = (line: string) => new Promise<void>((done) => (child.stdin.write(line + '\n') ? done() : child.stdin.once('drain', () => done())));

describe('navharness mcp over stdio: malformed messages', () => {
  it('initialises', async () => {
    await send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      }),
    );
    await replyCount(1, 60_000);
    expect(replies[0]).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'navharness' } } });
    await send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  }, 70_000);

  const malformed: [string, number | string | null, number][] = [
    ['this is not json', null, -32700],
    ['{"jsonrpc": "2.0", "id": 2, "method": "ping"', null, -32700],
    ['[]', null, -32600],
    ['42', null, -32600],
    ['null', null, -32600],
    ['{"jsonrpc": "1.0", "id": 3, "method": "ping"}', 3, -32600],
    ['{"jsonrpc": "2.0", "id": 4}', 4, -32600],
    ['{"jsonrpc": "2.0", "id": "five", "method": 42}', 'five', -32600],
  ];
  it.each(malformed)('%s → a JSON-RPC error', async (line, id, code) => {
    const before = replies.length;
    await send(line);
    await replyCount(before + 1);
    const r = replies[before] as { jsonrpc: string; id: unknown; error: { code: number; message: string } };
    expect(r.jsonrpc).toBe('2.0');
    expect(r.id).toBe(id);
    expect(r.error.code).toBe(code);
    expect(r.error.message.length).toBeGreaterThan(10);
    expect(r.error.message.length).toBeLessThan(400);
  });

  it.each([
    ['{"jsonrpc": "2.0", "id": 11, "method": "no/such/method"}', 11, -32601],
    // the SDK reports bad params of a known method as an internal error (-32603); it is a reply all the same
    ['{"jsonrpc": "2.0", "id": 12, "method": "tools/call", "params": {"arguments": {}}}', 12, -32603],
  ])('%s → the SDK answers with a JSON-RPC error', async (line, id, code) => {
    const before = replies.length;
    await send(line);
    await replyCount(before + 1);
    expect(replies[before]).toMatchObject({ jsonrpc: '2.0', id, error: { code } });
  });

  it('an 11 MB line is refused with an error and the server keeps answering', async () => {
    const before = replies.length;
    await send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping', params: { pad: 'x'.repeat(11 * 1024 * 1024) } }));
    await replyCount(before + 1);
    const r = replies[before] as { id: unknown; error: { code: number; message: string } };
    expect(r).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32600 } });
    expect(r.error.message).toMatch(/bytes/);
    await send(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping' }));
    await replyCount(before + 2);
    expect(replies[before + 1]).toEqual({ jsonrpc: '2.0', id: 10, result: {} });
    expect(child.exitCode).toBeNull();
  }, 30_000);
});
