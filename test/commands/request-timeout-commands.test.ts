/**
 * Issue 38: `--request-timeout` on every command that calls a provider. Against a provider whose reply
 * body drips a byte every 200 ms and never ends, `deploy` and `vln` end their model calls at the
 * deadline they are given (1 s) and say so; before, deploy and vln had no such flag and waited on the
 * body for the default 600 s per call (the test's 200 s limit would end them first). `mcp` calls no
 * provider (the agent is the client), so it has no such flag.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSlowProvider, type SlowProvider } from '../helpers/slow-provider.js';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const base = mkdtempSync(join(tmpdir(), 'request-timeout-commands-'));
const servers: SlowProvider[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(base, { recursive: true, force: true });
});

function cli(args: string[], limitMs = 200_000): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done) => {
    const p = spawn(TSX, [CLI, ...args], { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: 'k' } });
    let stdout = '',
      stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => p.kill('SIGKILL'), limitMs);
    p.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

const slow = async () => {
  const s = await startSlowProvider();
  servers.push(s);
  return s;
};

describe('--request-timeout on the commands that call a provider', () => {
  it('deploy: each model call ends at the deadline; the task records why', async () => {
    const s = await slow();
    const out = join(base, 'deploy');
    const r = await cli([
      'deploy',
      '--house',
      'seed:7',
      '--runs',
      '1',
      '--agent',
      `openai-chat:fake@${s.url}`,
      '--max-goals',
      '1',
      '--step-budget',
      '10',
      '--turn-budget',
      '4',
      '--no-consolidation',
      '--request-timeout',
      '1',
      '--out',
      out,
      '--json',
    ]);
    expect(r.code, r.stderr).not.toBeNull();
    expect(s.requests()).toBeGreaterThan(0);
    const ledger = readFileSync(join(out, 'run-001', 'ledger.md'), 'utf8');
    expect(ledger).toMatch(/longer than the request timeout of 1 s/);
  }, 220_000);

  it("vln: the agent's model call ends at the deadline and the command names it", async () => {
    const s = await slow();
    const episodes = join(base, 'episodes.json');
    const made = await cli(['sim', 'episodes', '--kind', 'instruction', '--houses', '1', '--per-house', '1', '--out', episodes]);
    expect(made.code, made.stderr).toBe(0);
    const out = join(base, 'vln');
    const r = await cli([
      'vln',
      '--episodes',
      episodes,
      '--agent',
      `openai-chat:fake@${s.url}`,
      '--config',
      'native',
      '--limit',
      '1',
      '--max-decisions',
      '3',
      '--request-timeout',
      '1',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).not.toBeNull();
    expect(s.requests()).toBeGreaterThan(0);
    const said = r.stderr + r.stdout + (existsSync(join(out, 'episodes.json')) ? readFileSync(join(out, 'episodes.json'), 'utf8') : '');
    expect(said).toMatch(/longer than the request timeout of 1 s/);
  }, 220_000);

  it.each([
    ['deploy', '--house', 'seed:7', '--runs', '1', '--agent', 'scripted', '--out', '/nonexistent/never-written'],
    ['vln', '--episodes', '/nonexistent/e.json', '--agent', 'scripted', '--config', 'native', '--out', '/nonexistent/never-written'],
    ['worker', '--queue', 'redis://127.0.0.1:1'],
  ])(
    '%s refuses a bad --request-timeout with exit 2',
    async (...args) => {
      const r = await cli([...args, '--request-timeout', '0']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--request-timeout is at least 1 second/);
    },
    60_000,
  );
});
