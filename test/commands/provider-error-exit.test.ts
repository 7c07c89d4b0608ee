/**
 * Issue 38: a run whose provider cannot be reached used to exit 0 and report "1 goal never seen" (the
 * cause only in the ledger). Now the task's failure class is `provider-error`, the command says so on
 * stderr with the cause, and exits 1. The provider is a loopback port nobody listens on.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const base = mkdtempSync(join(tmpdir(), 'provider-error-exit-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A loopback port that refuses connections: bound once to learn a free one, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(TSX, [CLI, ...args], { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: 'k' } });
    let stdout = '',
      stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), 240_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe('a run against an unreachable provider', () => {
  it('exits 1 with provider-error in failures and a stderr line naming the cause', async () => {
    const port = await closedPort();
    const out = join(base, 'run');
    const r = await cli([
      'run',
      '--house',
      'seed:7',
      '--sequence',
      '1',
      '--agent',
      `openai-chat:fake@http://127.0.0.1:${port}/v1`,
      '--max-goals',
      '1',
      '--step-budget',
      '10',
      '--turn-budget',
      '4',
      '--no-consolidation',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /navharness run: 1 of 1 tasks ended because model calls to the provider failed \(failure class provider-error\); task-001: attempt 1 ended: .*model call failed after 3 tries: Connection error\. \(.*ECONNREFUSED/,
    );
    const m = JSON.parse(r.stdout.trim().split('\n').pop() as string);
    expect(m.failures['provider-error']).toBe(1);
    expect(m.failures['goal-never-seen']).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'eval', 'task-001.json'), 'utf8')).failure).toBe('provider-error');
  }, 250_000);
});
