/**
 * Redis dies in the middle of a queued eval and comes back empty (no persistence): the worker keeps
 * its sequence running and reconnects, the waiting `eval --queue` says it lost Redis, enqueues the
 * missing job again when Redis answers, and the job resumes the run directory — every task closed
 * once, the eval ends with its metrics. A real redis-server, SIGKILLed and restarted on its port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
const SEQ = ['--houses', '5', '--agent', 'scripted', '--max-goals', '2', '--step-budget', '10', '--turn-budget', '5', '--pose', 'ground-truth'];

let redis: TestRedis;
const tmp = mkdtempSync(join(tmpdir(), 'nh-queue-restart-'));
let worker: ChildProcess | null = null;

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  if (worker?.pid) {
    try {
      process.kill(-worker.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  await redis?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe('navharness eval --queue when Redis dies (real redis-server)', () => {
  it('Redis SIGKILLed mid-sequence and restarted empty: the missing job is enqueued again and resumes; each task closed once', async () => {
    const runs = join(tmp, 'runs');
    const log = openSync(join(tmp, 'worker.log'), 'w');
    worker = spawn(TSX, [CLI, 'worker', '--queue', redis.url, '--runs-dir', runs, '--stall-timeout', '3'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', log],
      detached: true,
    });
    const ev = spawn(TSX, [CLI, 'eval', ...SEQ, '--out', join(tmp, 'eval'), '--queue', redis.url, '--backoff', '1', '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    ev.stdout!.on('data', (d) => (stdout += d));
    ev.stderr!.on('data', (d) => (stderr += d));
    const done = new Promise<number | null>((r) => ev.once('exit', (code) => r(code)));

    const firstRecord = () => (existsSync(runs) ? readdirSync(runs).some((id) => existsSync(join(runs, id, 'tasks', 'task-001', 'record.json'))) : false);
    for (let i = 0; i < 30_000 && !firstRecord(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(firstRecord()).toBe(true);
    await redis.kill();
    await new Promise((r) => setTimeout(r, 3000));
    await redis.restart();

    expect(await done, stderr).toBe(0);
    expect(stderr).toContain(`queue: lost Redis at ${redis.url}/0`);
    expect(stderr).toMatch(/queue: seed-5-[0-9a-f]{16} was missing from Redis \(restarted without persistence\?\): enqueued again/);
    const m = JSON.parse(stdout.trim().split('\n').pop() as string);
    expect([m.sequences, m.tasks]).toEqual([1, 2]);
    const [id] = readdirSync(runs);
    const ledger = readFileSync(join(runs, id, 'ledger.md'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('- task-'));
    expect(ledger.map((l) => l.split(' · ')[0])).toEqual(['- task-001', '- task-002']);
    expect(readdirSync(join(runs, id, 'tasks')).sort()).toEqual(['task-001', 'task-002']);
    expect(readFileSync(join(tmp, 'worker.log'), 'utf8')).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+\/0: .*\(retrying\)/);
  }, 300_000);
});
