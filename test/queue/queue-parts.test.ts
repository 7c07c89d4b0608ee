/**
 * The queue's parts against a real redis-server, in this process: the per-provider request limit
 * (BullMQ's global rate limiter, shared by every process that takes permits), a worker refusing a job
 * it did not make, `--collect` refusing a result that is not a job result, and the permits reaching
 * every model call of a sequence that a worker runs (an OpenAI-compatible fake provider on 127.0.0.1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AllowedProvidersSchema,
  bullConnection,
  collectEval,
  EVAL_QUEUE,
  enqueueEval,
  evalJobs,
  permitQueueName,
  ProviderPermits,
  QueuedRunSchema,
  type RedisTarget,
  RedisUrlSchema,
  setRateLimits,
  startWorker,
  waitForJobs,
} from '../../src/queue/index.js';
import { startRedis, type TestRedis } from '../helpers/redis-server.js';
import { type FakeProvider, startFakeProvider } from '../helpers/fake-provider.js';
import { startSlowProvider } from '../helpers/slow-provider.js';

let redis: TestRedis;
let target: RedisTarget;
const tmp = mkdtempSync(join(tmpdir(), 'nh-queue-parts-'));
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

const conn = () => bullConnection(target, 'worker');

describe('queue parts (real redis-server)', () => {
  it("a provider limit of 3 requests per second holds across two processes' permit takers; another provider is not slowed", async () => {
    await setRateLimits(bullConnection(target, 'producer'), { openai: 3 }, 1000);
    const takers = [new ProviderPermits('openai', conn()), new ProviderPermits('openai', conn())];
    const free = new ProviderPermits('anthropic', conn());
    closers.push(() => Promise.all([...takers, free].map((t) => t.close())));
    const t0 = Date.now();
    const grants = await Promise.all(Array.from({ length: 9 }, (_, i) => takers[i % 2].acquire().then(() => Date.now() - t0)));
    grants.sort((a, b) => a - b);
    // fixed windows of 1 s from the first grant: 3 in each, so the 7th permit waits two windows
    expect(grants[8] - grants[0]).toBeGreaterThanOrEqual(1900);
    expect(grants.filter((g) => g < grants[0] + 900)).toHaveLength(3);
    const f0 = Date.now();
    for (let i = 0; i < 9; i++) await free.acquire();
    expect(Date.now() - f0).toBeLessThan(900);
  });

  it('a worker fails a job it did not make, at once and for good, naming what is wrong', async () => {
    const q = new Queue(EVAL_QUEUE, { connection: bullConnection(target, 'producer') });
    closers.push(() => q.close());
    const run = QueuedRunSchema.parse({ sequence: 0, agent: 'scripted', judge: 'auto', success: 'papers-1m', harness: {} });
    await q.add('sequence', { version: 2, house: 1, run }, { jobId: 'not-ours', attempts: 3 });
    await q.add('sequence', { version: 1, house: 1, run }, { jobId: 'seed-1-0000000000000000', attempts: 3 });
    const lines: string[] = [];
    const w = await startWorker({ target, concurrency: 1, runsDir: join(tmp, 'runs'), stallSeconds: 30, rateWindowMs: 60_000, log: (l) => lines.push(l) });
    closers.push(() => w.close(true));
    for (let i = 0; i < 200; i++) {
      const states = await Promise.all(['not-ours', 'seed-1-0000000000000000'].map(async (id) => (await q.getJob(id))?.getState()));
      if (states.every((s) => s === 'failed')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const bad = await q.getJob('not-ours');
    expect(await bad?.getState()).toBe('failed');
    expect(bad?.attemptsMade).toBe(1);
    expect(bad?.failedReason).toMatch(/job not-ours is not a navharness sequence job \(version 1\): version: /);
    const wrong = await q.getJob('seed-1-0000000000000000');
    expect(wrong?.failedReason).toMatch(/its id does not match its data \(expected seed-1-[0-9a-f]{16}\)/);
    await w.close(true);
    await q.obliterate({ force: true });
  });

  it('--collect refuses a job result read back from Redis that is not a job result', async () => {
    const run = QueuedRunSchema.parse({ sequence: 0, agent: 'scripted', judge: 'auto', success: 'papers-1m', harness: {} });
    const e = { target, houses: { from: 5, to: 5 }, run };
    await enqueueEval(e, { attempts: 1, backoffMs: 0 });
    // a hand-made "worker" completes the job with something else
    const taker = new Worker(EVAL_QUEUE, null, { connection: conn(), autorun: false });
    closers.push(() => taker.close());
    const job = await taker.getNextJob('t1', { block: false });
    expect(job?.id).toBe(evalJobs(e)[0].id);
    await job!.moveToCompleted({ house: 5, runDir: '/x', worker: 'w:1', metrics: { tasks: -1 }, rows: [], extra: {} }, 't1', false);
    await expect(collectEval(e, join(tmp, 'collect-bad'), { uncachedInput: 0, cachedInput: 0, output: 0 })).rejects.toThrow(
      /job seed-5-[0-9a-f]{16}: its result in Redis is not a navharness job result: metrics\.tasks: /,
    );
  });

  it("the worker's --request-timeout ends each model call of its jobs at the deadline (a body that never ends)", async () => {
    const slow = await startSlowProvider();
    closers.push(() => slow.close());
    const run = QueuedRunSchema.parse({
      sequence: 1,
      agent: `openai-chat:fake@${slow.url}`,
      judge: 'auto',
      maxGoals: 1,
      success: 'papers-1m',
      harness: { stepBudget: 10, turnBudget: 4 },
    });
    const e = { target, houses: { from: 6, to: 6 }, run };
    const jobs = await enqueueEval(e, { attempts: 1, backoffMs: 0 });
    const runs = join(tmp, 'runs-timeout');
    const w = await startWorker({
      target,
      concurrency: 1,
      runsDir: runs,
      stallSeconds: 30,
      rateWindowMs: 60_000,
      providers: AllowedProvidersSchema.parse(`openai-chat=${slow.url}`),
      requestTimeoutMs: 1000,
      log: () => {},
    });
    // closed here, not at the end: another test's job must not reach a worker that does not allow its provider
    await waitForJobs(e, { attempts: 1, backoffMs: 0 }, () => {}, 200).finally(() => w.close(true));
    expect(slow.requests()).toBeGreaterThan(0);
    const ledger = readFileSync(join(runs, jobs.ids[0], 'ledger.md'), 'utf8');
    expect(ledger).toMatch(/longer than the request timeout of 1 s/);
  }, 180_000);

  it('with a rate limit, every model call of a queued sequence waits for a permit', async () => {
    const times: number[] = [];
    const fake: FakeProvider = await startFakeProvider((r) => {
      times.push(Date.now());
      if (!r.tools.includes('close_task')) return { kind: 'message', content: 'Nothing to add.' };
      const opening = JSON.stringify(r.messages[1]?.content ?? '');
      const id = /tasks\/(task-\d+)\/handover\.md/.exec(opening)?.[1] ?? 'task-001';
      return {
        kind: 'message',
        toolCalls: [
          { name: 'write_file', arguments: { path: `tasks/${id}/handover.md`, content: 'Looked around the start room.' } },
          { name: 'close_task', arguments: { claim: 'incomplete', evidence: 'not found' } },
        ],
      };
    });
    closers.push(() => fake.close());
    const WINDOW = 4000;
    // every permit granted is a completed job of the provider's permit queue
    const events = new QueueEvents(permitQueueName('openai-chat'), { connection: conn() });
    closers.push(() => events.close());
    let permits = 0;
    events.on('completed', () => permits++);
    await events.waitUntilReady();
    const run = QueuedRunSchema.parse({
      sequence: 1,
      agent: `openai-chat:fake@${fake.url}`,
      judge: 'auto',
      maxGoals: 2,
      success: 'papers-1m',
      harness: { stepBudget: 10, turnBudget: 4 },
    });
    const e = { target, houses: { from: 7, to: 7 }, run };
    await enqueueEval(e, { attempts: 1, backoffMs: 0 }, { rateLimits: { 'openai-chat': 2 }, windowMs: WINDOW });
    const w = await startWorker({
      target,
      concurrency: 1,
      runsDir: join(tmp, 'runs-rl'),
      stallSeconds: 30,
      rateWindowMs: WINDOW,
      providers: AllowedProvidersSchema.parse(`openai-chat=${fake.url}`),
      log: () => {},
    });
    closers.push(() => w.close(true));
    await waitForJobs(e, { attempts: 1, backoffMs: 0 }, () => {}, 200);
    const c = await collectEval(e, join(tmp, 'collect-rl'), { uncachedInput: 0, cachedInput: 0, output: 0 });
    expect(c.runs[0].error).toBeNull();
    expect(c.metrics?.tasks).toBe(2);
    // one permit per model call; at most 2 calls per 4 s window (a window opens at its first permit), so
    // n calls span at least ceil(n / 2) − 1 windows (unlimited, this sequence's 10 calls span about 7 s)
    const n = times.length;
    expect(n).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 50 && permits < n; i++) await new Promise((r) => setTimeout(r, 20));
    expect(permits).toBe(n);
    expect(times[n - 1] - times[0]).toBeGreaterThanOrEqual((Math.ceil(n / 2) - 1) * WINDOW - 300);
  }, 180_000);
});
