/**
 * The eval side of the queue: enqueue one job per house (idempotent ids), wait for them with progress
 * on stderr, and collect the finished jobs' task rows into the same `metrics.json` a local eval
 * writes (src/eval/parallel.ts `writeEvalMetrics`).
 */
import { type Job, Queue } from 'bullmq';
import { type Prices, type RunMetrics, runSettings, type SequenceOutcome, writeEvalMetrics } from '../eval/index.js';
import { bullConnection, checkRedis } from './connection.js';
import { EVAL_QUEUE, type EvalJob, jobIdOf, JobResultSchema, type QueuedRun, type RateLimits } from './jobs.js';
import { setRateLimits } from './permits.js';
import type { RedisTarget } from './redis-url.js';

export interface QueuedEval {
  target: RedisTarget;
  houses: { from: number; to: number };
  run: QueuedRun;
}

export interface JobRetry {
  /** tries of a job in all (a failure that is not a stall) */
  attempts: number;
  /** the first back-off in ms, doubled before each later try */
  backoffMs: number;
}

export function evalJobs(e: QueuedEval): { id: string; job: EvalJob }[] {
  const out: { id: string; job: EvalJob }[] = [];
  for (let h = e.houses.from; h <= e.houses.to; h++) {
    const job: EvalJob = { version: 1, house: h, run: e.run };
    out.push({ id: jobIdOf(job), job });
  }
  return out;
}

async function withQueue<T>(target: RedisTarget, use: (q: Queue) => Promise<T>): Promise<T> {
  await checkRedis(target);
  const q = new Queue(EVAL_QUEUE, { connection: bullConnection(target, 'producer') });
  q.on('error', () => {}); // failures reach the awaited calls
  try {
    return await use(q);
  } finally {
    await q.close();
  }
}

/** A job is kept in Redis when it completes or fails: its result is what `--collect` reads. */
const jobOptions = (id: string, retry: JobRetry) => ({
  jobId: id,
  attempts: retry.attempts,
  backoff: { type: 'exponential' as const, delay: retry.backoffMs },
  removeOnComplete: false,
  removeOnFail: false,
});

export interface EnqueueReport {
  ids: string[];
  added: number;
  /** jobs that had failed before and were tried again */
  retried: number;
  /** jobs already queued, running or finished: left as they are */
  kept: number;
}

/** Adds the eval's jobs; a job already in the queue is kept, a failed one is tried again. */
export async function enqueueEval(e: QueuedEval, retry: JobRetry, limits?: { rateLimits: RateLimits; windowMs: number }): Promise<EnqueueReport> {
  return withQueue(e.target, async (q) => {
    if (limits) await setRateLimits(bullConnection(e.target, 'producer'), limits.rateLimits, limits.windowMs);
    const report: EnqueueReport = { ids: [], added: 0, retried: 0, kept: 0 };
    for (const { id, job } of evalJobs(e)) {
      report.ids.push(id);
      const { job: existing, unreadable } = await readJob(q, id);
      if (unreadable) {
        // the producer owns this id: the unreadable job is replaced by the one it stands for
        await q.remove(id);
        await q.add('sequence', job, jobOptions(id, retry));
        report.retried++;
      } else if (!existing) {
        await q.add('sequence', job, jobOptions(id, retry));
        report.added++;
      } else if ((await existing.getState()) === 'failed') {
        await existing.retry('failed');
        report.retried++;
      } else report.kept++;
    }
    return report;
  });
}

/**
 * A job read back from Redis, or why it cannot be: BullMQ parses the job's hash as it reads it, and a
 * hash that is not JSON (written by something else) throws there.
 */
async function readJob(q: Queue, id: string): Promise<{ job: Job | undefined; unreadable: string | null }> {
  try {
    return { job: (await q.getJob(id)) as Job | undefined, unreadable: null };
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    return { job: undefined, unreadable: `job ${id}: its data in Redis is not JSON (${err.message.slice(0, 200)})` };
  }
}

interface JobView {
  id: string;
  state: string;
  done: number;
  total: number;
  worker: string | null;
}

async function viewOf(q: Queue, id: string): Promise<JobView> {
  const { job, unreadable } = await readJob(q, id);
  if (unreadable) return { id, state: await q.getJobState(id), done: 0, total: 0, worker: null };
  if (!job) return { id, state: 'missing', done: 0, total: 0, worker: null };
  const p = job.progress as { done?: unknown; total?: unknown } | number;
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
  return {
    id,
    state: await job.getState(),
    done: typeof p === 'object' && p ? num(p.done) : 0,
    total: typeof p === 'object' && p ? num(p.total) : 0,
    worker: job.processedBy ?? null,
  };
}

const FINAL = new Set(['completed', 'failed']);

/**
 * Polls the eval's jobs until each has completed or failed, printing a line on each change (per
 * sequence: its state, tasks closed / goals, the worker; and sequences done / all). A Redis that goes
 * away while waiting is reported and waited for; a job missing from it (Redis restarted without
 * persistence) is enqueued again, and its run directory is resumed.
 */
export async function waitForJobs(e: QueuedEval, retry: JobRetry, log: (line: string) => void, pollMs = 1000): Promise<void> {
  const jobs = evalJobs(e);
  await withQueue(e.target, async (q) => {
    const last = new Map<string, string>();
    let down = false;
    for (;;) {
      let views: JobView[];
      try {
        views = await Promise.all(jobs.map(({ id }) => viewOf(q, id)));
        for (const v of views.filter((x) => x.state === 'missing')) {
          await q.add('sequence', (jobs.find((j) => j.id === v.id) as { job: EvalJob }).job, jobOptions(v.id, retry));
          log(`queue: ${v.id} was missing from Redis (restarted without persistence?): enqueued again`);
        }
        if (down) log(`queue: Redis at ${e.target.shown} answers again`);
        down = false;
      } catch (err) {
        if (!down) log(`queue: lost Redis at ${e.target.shown} (${(err as Error).message}); waiting for it (Ctrl-C stops waiting; the jobs stay queued)`);
        down = true;
        await new Promise((r) => setTimeout(r, pollMs * 2));
        continue;
      }
      const finished = views.filter((v) => FINAL.has(v.state)).length;
      for (const v of views) {
        const line = `${v.id} ${v.state}${v.total ? ` ${v.done}/${v.total} tasks` : ''}${v.worker ? ` on ${v.worker}` : ''}`;
        if (last.get(v.id) !== line) log(`queue: ${line} — ${finished}/${jobs.length} sequences done`);
        last.set(v.id, line);
      }
      if (finished === jobs.length) return;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  });
}

export interface CollectResult {
  /** null when no job finished: OUT/metrics.json was then not written */
  metrics: RunMetrics | null;
  runs: { house: number; id: string; runDir: string | null; worker: string | null; error: string | null }[];
}

/** The finished jobs' rows through the local eval's aggregation into `OUT/metrics.json`; an unfinished or failed job is a run with an error. */
export async function collectEval(e: QueuedEval, out: string, prices: Prices): Promise<CollectResult> {
  return withQueue(e.target, async (q) => {
    const runs: CollectResult['runs'] = [];
    const outcomes: SequenceOutcome[] = [];
    for (const { id, job } of evalJobs(e)) {
      const { job: j, unreadable } = await readJob(q, id);
      const state = j ? await j.getState() : 'missing';
      let error: string | null = null;
      if (unreadable) error = unreadable;
      else if (!j) error = `job ${id} is not in the queue (enqueue it with the same flags)`;
      else if (state === 'failed') error = `job ${id} failed: ${j.failedReason}`;
      else if (state !== 'completed') error = `job ${id} has not finished (${state})`;
      if (error || !j) {
        runs.push({ house: job.house, id, runDir: null, worker: null, error });
        outcomes.push({ house: job.house, error: error as string, rows: [], extra: { uncachedInput: 0, cachedInput: 0, output: 0 } });
        continue;
      }
      const r = JobResultSchema.safeParse(j.returnvalue);
      if (!r.success)
        throw new Error(
          `job ${id}: its result in Redis is not a navharness job result: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      if (r.data.house !== job.house) throw new Error(`job ${id}: its result is for house ${r.data.house}, not ${job.house}`);
      runs.push({ house: job.house, id, runDir: r.data.runDir, worker: r.data.worker, error: null });
      outcomes.push({ house: job.house, error: null, rows: r.data.rows, extra: r.data.extra });
    }
    const metrics = writeEvalMetrics(out, outcomes, prices, e.run.harness.judgeStopViews ?? 4, runSettings(e.run));
    return { metrics, runs };
  });
}
