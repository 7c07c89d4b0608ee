/**
 * Issue 38, the queue against a real redis-server: a job cannot choose where the worker's API key goes
 * (a capture server on 127.0.0.1 received the worker's Bearer key); a job whose data in Redis is not
 * JSON fails instead of staying active for ever; a worker whose Redis has gone exits promptly on
 * SIGTERM (it was still running 12 s later).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllowedProvidersSchema,
  bullConnection,
  collectEval,
  EVAL_QUEUE,
  enqueueEval,
  evalJobs,
  providerRefusal,
  QueuedRunSchema,
  type RedisTarget,
  RedisUrlSchema,
  startWorker,
} from '../../src/queue/index.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { listenLocally, type LocalServer } from '../helpers/local-server.js';

const ROOT = resolve(__dirname, '../..');
let redis: TestRedis;
let target: RedisTarget;
const tmp = mkdtempSync(join(tmpdir(), 'nh-queue-hostile-'));
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startRedis();
  target = RedisUrlSchema.parse(redis.url);
});
afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => {});
  await redis?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** The job's state, read without parsing its data (a hash that is not JSON cannot be read as a job). */
async function waitForState(q: Queue, id: string, want: string, ms: number): Promise<string | undefined> {
  let state: string | undefined;
  for (let t = Date.now(); Date.now() - t < ms; await new Promise((r) => setTimeout(r, 100))) {
    state = await q.getJobState(id);
    if (state === want) break;
  }
  return state;
}

describe('the queue against hostile jobs (real redis-server)', () => {
  it("a job naming a server the worker does not allow fails for good; the worker's key never reaches it", async () => {
    const seen: string[] = [];
    const capture: LocalServer = await listenLocally(
      createServer((req, res) => {
        seen.push(String(req.headers.authorization ?? ''));
        res.writeHead(500).end();
      }),
      60_000,
    );
    closers.push(() => capture.close());
    const run = QueuedRunSchema.parse({
      sequence: 0,
      agent: `openai-chat:m@${capture.origin}/v1`,
      judge: 'auto',
      maxGoals: 1,
      success: 'papers-1m',
      harness: {},
    });
    const e = { target, houses: { from: 11, to: 11 }, run };
    await enqueueEval(e, { attempts: 2, backoffMs: 0 });
    const key = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-worker-secret';
    const q = new Queue(EVAL_QUEUE, { connection: bullConnection(target, 'producer') });
    closers.push(() => q.close());
    const w = await startWorker({ target, concurrency: 1, runsDir: join(tmp, 'runs-key'), stallSeconds: 30, rateWindowMs: 60_000, log: () => {} });
    try {
      const id = evalJobs(e)[0].id;
      expect(await waitForState(q, id, 'failed', 60_000)).toBe('failed');
      const job = await q.getJob(id);
      expect(job?.attemptsMade).toBe(1);
      expect(job?.failedReason).toMatch(
        new RegExp(`would send this worker's API key to ${capture.origin}/v1, which this worker's --providers \\(openai, anthropic\\) does not name`),
      );
      expect(seen).toEqual([]);
    } finally {
      await w.close(true);
      if (key === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = key;
      await q.obliterate({ force: true });
    }
  }, 90_000);

  it("the worker's --providers: openai-chat only at the URLs it names", () => {
    const allowed = AllowedProvidersSchema.parse('anthropic,openai-chat=http://10.0.0.5:8000/v1/');
    expect(providerRefusal('openai-chat:m@http://10.0.0.5:8000/v1', allowed)).toBeNull();
    expect(providerRefusal('anthropic:claude', allowed)).toBeNull();
    expect(providerRefusal('scripted', allowed)).toBeNull();
    expect(providerRefusal('openai-chat:m@http://10.0.0.5:8001/v1', allowed)).toMatch(/would send this worker's API key to http:\/\/10\.0\.0\.5:8001\/v1/);
    expect(providerRefusal('openai:gpt-5', allowed)).toMatch(/key to openai/);
    expect(AllowedProvidersSchema.safeParse('openai,evil').error?.issues[0].message).toMatch(/'evil' is not a provider; give a comma-separated list/);
    expect(AllowedProvidersSchema.safeParse('openai-chat=ftp://x').success).toBe(false);
  });

  it('a job whose data in Redis is not JSON fails at once, naming why, instead of staying active', async () => {
    const run = QueuedRunSchema.parse({ sequence: 0, agent: 'scripted', judge: 'auto', maxGoals: 1, success: 'papers-1m', harness: {} });
    const e = { target, houses: { from: 12, to: 12 }, run };
    await enqueueEval(e, { attempts: 3, backoffMs: 0 });
    const id = evalJobs(e)[0].id;
    const raw = new Redis({ host: '127.0.0.1', port: redis.port });
    closers.push(async () => raw.disconnect());
    await raw.hset(`bull:${EVAL_QUEUE}:${id}`, 'data', '{"version": 1, "house": 12, "run": {not json');
    const q = new Queue(EVAL_QUEUE, { connection: bullConnection(target, 'producer') });
    closers.push(() => q.close());
    const w = await startWorker({ target, concurrency: 1, runsDir: join(tmp, 'runs-json'), stallSeconds: 30, rateWindowMs: 60_000, log: () => {} });
    try {
      expect(await waitForState(q, id, 'failed', 20_000)).toBe('failed');
      expect(await raw.hget(`bull:${EVAL_QUEUE}:${id}`, 'failedReason')).toMatch(
        new RegExp(`job ${id} is not a navharness sequence job: its data in Redis is not JSON`),
      );
      expect(await q.getActiveCount()).toBe(0);
      await w.close(true);
      // collecting names it as the sequence's error; enqueuing again replaces it with the job it stands for
      const c = await collectEval(e, join(tmp, 'collect-json'), { uncachedInput: 0, cachedInput: 0, output: 0 });
      expect(c.runs[0].error).toMatch(/its data in Redis is not JSON/);
      expect(c.metrics).toBeNull();
      expect(await enqueueEval(e, { attempts: 1, backoffMs: 0 })).toMatchObject({ retried: 1 });
    } finally {
      await w.close(true);
      await q.obliterate({ force: true });
    }
  }, 60_000);

  it('a worker whose Redis has gone exits promptly on SIGTERM', async () => {
    const own = await startRedis();
    closers.push(() => own.stop());
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'src/cli.ts'), 'worker', '--queue', own.url, '--runs-dir', join(tmp, 'runs-term')], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    try {
      for (let i = 0; i < 300 && !/serving navharness-eval/.test(stderr); i++) await new Promise((r) => setTimeout(r, 100));
      expect(stderr).toMatch(/serving navharness-eval/);
      await own.kill();
      await new Promise((r) => setTimeout(r, 500));
      const t0 = Date.now();
      child.kill('SIGTERM');
      const bounded = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 10_000))]);
      expect(bounded, stderr).not.toBe('running');
      expect(Date.now() - t0).toBeLessThan(6000);
      expect(stderr).toMatch(/is unreachable, so no job can finish: exiting now/);
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
  }, 90_000);
});
