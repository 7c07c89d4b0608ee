/**
 * The distributed eval end to end, with a real redis-server and the CLI in child processes: 4
 * sequences enqueued, 2 worker processes, one SIGKILLed in the middle of a sequence (after its first
 * task closed). The killed job stalls, the other worker picks it up and resumes it; every sequence
 * finishes, each task is closed exactly once, and `--collect`'s metrics.json is byte for byte the one a
 * local `navharness eval` of the same houses writes (the scripted agent is deterministic), and
 * `navharness report` reads the queued eval's directory.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, type TestRedis } from '../helpers/redis-server.js';
import { runMain } from '../helpers/run-program.js';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');
// ground-truth poses: a --resume restarts the SLAM tracker's map (README, docs/harness.md#resume), so a
// resumed SLAM sequence can differ from an uninterrupted one by a few estimated tokens (house 0 does);
// with ground-truth poses the resumed sequence is the uninterrupted one, and the files must be equal
const SEQ = ['--houses', '0..3', '--agent', 'scripted', '--max-goals', '2', '--step-budget', '10', '--turn-budget', '5', '--pose', 'ground-truth'];

let redis: TestRedis;
const tmp = mkdtempSync(join(tmpdir(), 'nh-queue-'));
const workers: ChildProcess[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

/** Waits until no process of the group led by `pid` is left (tsx's exit is not its CLI child's). */
async function groupGone(pid: number): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process group ${pid} is still there`);
}

afterAll(async () => {
  for (const w of workers) {
    try {
      process.kill(-w.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await groupGone(w.pid!).catch(() => {});
  }
  await redis?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

function startWorker(name: string, runs: string): ChildProcess {
  const log = openSync(join(tmp, `${name}.log`), 'w');
  // its own process group, so that a SIGKILL reaches tsx and the CLI it runs
  const w = spawn(TSX, [CLI, 'worker', '--queue', redis.url, '--runs-dir', runs, '--stall-timeout', '3'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', log],
    detached: true,
  });
  workers.push(w);
  return w;
}

/** The process group of a live pid (from /proc), or null. */
function groupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

const ledgerIds = (runDir: string): string[] =>
  readFileSync(join(runDir, 'ledger.md'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('- task-'))
    .map((l) => l.split(' · ')[0].slice(2));

function cli(args: string[], timeout = 300_000) {
  return spawnSync(TSX, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout });
}

describe('navharness eval --queue with navharness worker (real redis-server)', () => {
  it('4 sequences, 2 workers, one SIGKILLed mid-sequence: all finish, each task closed once, metrics equal a local eval', async () => {
    const runs = join(tmp, 'runs');
    const a = startWorker('worker-a', runs);
    const b = startWorker('worker-b', runs);
    const evalOut = join(tmp, 'queued');
    const ev = spawn(TSX, [CLI, 'eval', ...SEQ, '--out', evalOut, '--queue', redis.url, '--backoff', '1', '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    ev.stdout!.on('data', (d) => (stdout += d));
    ev.stderr!.on('data', (d) => (stderr += d));
    const evalDone = new Promise<number | null>((r) => ev.once('exit', (code) => r(code)));

    // the kill point: a run directory whose first task is closed and whose sequence has not ended
    let killed: { runDir: string; record: string; victim: string } | null = null;
    for (let i = 0; i < 12_000 && !killed; i++) {
      for (const id of existsSync(runs) ? readdirSync(runs) : []) {
        const dir = join(runs, id);
        const rec = join(dir, 'tasks', 'task-001', 'record.json');
        const lock = join(dir, '.navharness', 'lock');
        if (!existsSync(rec) || existsSync(join(dir, 'tasks', 'task-002', 'record.json')) || !existsSync(lock)) continue;
        let pid: number;
        try {
          pid = JSON.parse(readFileSync(lock, 'utf8')).pid;
        } catch {
          continue; // being written
        }
        const group = groupOf(pid);
        const victim = [a, b].find((w) => w.pid === group);
        if (!victim) continue;
        const record = readFileSync(rec, 'utf8');
        process.kill(-victim.pid!, 'SIGKILL');
        await groupGone(victim.pid!);
        killed = { runDir: dir, record, victim: victim === a ? 'worker-a' : 'worker-b' };
        break;
      }
      if (!killed) await new Promise((r) => setTimeout(r, 10));
    }
    expect(killed, 'no sequence reached its kill point').not.toBeNull();
    const k = killed as { runDir: string; record: string; victim: string };
    expect(existsSync(join(k.runDir, 'metrics.json'))).toBe(false);

    const code = await evalDone;
    expect(code, stderr).toBe(0);
    const queued = JSON.parse(stdout.trim().split('\n').pop() as string);
    expect(queued.sequences).toBe(4);
    expect(queued.tasks).toBe(8);
    // progress went to stderr, per sequence
    expect(stderr).toMatch(/queue: seed-\d+-[0-9a-f]{16} active( \d\/2 tasks)? on \S+:\d+ — [0-3]\/4 sequences done/);
    expect(stderr).toMatch(/queue: seed-\d+-[0-9a-f]{16} completed.* on \S+:\d+ — 4\/4 sequences done/);

    // every sequence finished, each task closed exactly once; the killed one resumed, its first record untouched
    const dirs = readdirSync(runs).map((d) => join(runs, d));
    expect(dirs).toHaveLength(4);
    for (const dir of dirs) {
      expect(ledgerIds(dir)).toEqual(['task-001', 'task-002']);
      expect(readdirSync(join(dir, 'tasks')).sort()).toEqual(['task-001', 'task-002']);
      expect(existsSync(join(dir, '.navharness', 'lock'))).toBe(false);
    }
    expect(readFileSync(join(k.runDir, 'tasks', 'task-001', 'record.json'), 'utf8')).toBe(k.record);
    const resumed = JSON.parse(readFileSync(join(k.runDir, 'metrics.json'), 'utf8'));
    expect(resumed.execution.resumes).toBeGreaterThanOrEqual(1);
    const jobs = JSON.parse(readFileSync(join(evalOut, 'queue-jobs.json'), 'utf8')).jobs;
    expect(jobs.map((j: { house: number; error: string | null }) => [j.house, j.error])).toEqual([
      [0, null],
      [1, null],
      [2, null],
      [3, null],
    ]);
    // the killed job was finished by the other worker
    const other = k.victim === 'worker-a' ? 'worker-b' : 'worker-a';
    const survivor = readFileSync(join(tmp, `${other}.log`), 'utf8').match(/ (\S+:\d+): serving/)?.[1];
    expect(survivor).toBeTruthy();
    expect(jobs.find((j: { runDir: string }) => j.runDir === k.runDir).worker).toBe(survivor);

    // enqueuing the same eval again adds nothing
    const again = await runMain('eval', ...SEQ, '--out', evalOut, '--queue', redis.url, '--enqueue-only', '--json');
    expect(again.code, again.err).toBe(0);
    expect(JSON.parse(again.out.trim().split('\n').pop() as string)).toMatchObject({ added: 0, kept: 4, retried: 0 });

    // the same houses evaluated locally give the same metrics.json, byte for byte
    const localOut = join(tmp, 'local');
    const local = cli(['eval', ...SEQ, '--out', localOut, '--workers', '2', '--json']);
    expect(local.status, local.stderr).toBe(0);
    expect(readFileSync(join(evalOut, 'metrics.json'), 'utf8')).toBe(readFileSync(join(localOut, 'metrics.json'), 'utf8'));

    // the eval directory links the run directories in, so the report reads it as a local eval's
    const rep = await runMain('report', evalOut);
    expect(rep.code, rep.err).toBe(0);
    expect(existsSync(join(evalOut, 'report', 'index.html'))).toBe(true);
    for (const h of [0, 1, 2, 3]) expect(existsSync(join(evalOut, 'report', `seed-${h}`, 'index.html'))).toBe(true);

    // --collect alone writes the same file again
    const collectOut = join(tmp, 'collected');
    const c = await runMain('eval', ...SEQ, '--out', collectOut, '--queue', redis.url, '--collect', '--json');
    expect(c.code, c.err).toBe(0);
    expect(readFileSync(join(collectOut, 'metrics.json'), 'utf8')).toBe(readFileSync(join(localOut, 'metrics.json'), 'utf8'));
  }, 400_000);

  it('a Redis that is down is refused at once, naming its address; a bad URL is a usage error', async () => {
    const port = await freePort();
    const t0 = Date.now();
    const e = await runMain('eval', ...SEQ, '--out', join(tmp, 'down'), '--queue', `redis://127.0.0.1:${port}`);
    expect(e.code).toBe(1);
    expect(e.err).toBe(
      `navharness: cannot reach Redis at redis://127.0.0.1:${port}/0: connection refused (is redis-server running there?); start it (docs/distributed.md) or give another --queue`,
    );
    // the worker command too, through its own process (no stack trace on stderr)
    const w = cli(['worker', '--queue', `redis://127.0.0.1:${port}/2`], 60_000);
    expect(w.status).toBe(1);
    expect(w.stderr.trim()).toBe(
      `navharness: cannot reach Redis at redis://127.0.0.1:${port}/2: connection refused (is redis-server running there?); start it (docs/distributed.md) or give another --queue`,
    );
    expect(Date.now() - t0).toBeLessThan(30_000);
    for (const [url, says] of [
      ['redis://127.0.0.1/0', 'names no port'],
      ['redis://127.0.0.1:6379/99', 'database 99 is not 0..15'],
      ['http://127.0.0.1:6379', "'http:' is not supported"],
    ]) {
      const bad = await runMain('eval', ...SEQ, '--out', join(tmp, 'bad'), '--queue', url);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(`--queue: `);
      expect(bad.err).toContain(says);
    }
    const limit = await runMain('eval', ...SEQ, '--out', join(tmp, 'bad'), '--queue', redis.url, '--rate-limit', 'openai=500,gemini=9');
    expect(limit.code).toBe(2);
    expect(limit.err).toContain("--rate-limit: 'gemini=9' is not PROVIDER=N with PROVIDER one of openai, anthropic, openai-chat");
    const conc = await runMain('worker', '--queue', redis.url, '--concurrency', 'two');
    expect(conc.code).toBe(2);
    expect(conc.err).toContain('--concurrency: --concurrency must be a whole number');
    const lone = await runMain('eval', ...SEQ, '--out', join(tmp, 'bad'), '--collect');
    expect(lone.code).toBe(2);
    expect(lone.err).toContain('--collect goes with --queue');
  }, 120_000);
});
