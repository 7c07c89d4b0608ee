/**
 * `navharness worker`: takes sequence jobs from the queue and runs each in a worker thread (the main
 * thread stays free to renew the job's lock in Redis). A job's run directory is `RUNS_DIR/<job id>`
 * and is always opened with resume: a job picked up again after its worker died continues after its
 * last closed task, under the run directory's lock, and never plays a closed task again.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { type Job, type JobJson, UnrecoverableError, Worker } from 'bullmq';
import { type AllowedProviders, DEFAULT_ALLOWED_PROVIDERS, describeProviders, providerRefusal } from './allowed-providers.js';
import { RunMetricsSchema, runInWorker, sequenceOutcome } from '../eval/index.js';
import { bullConnection, checkRedis } from './connection.js';
import { EVAL_QUEUE, EvalJobSchema, jobIdOf, type JobResult, providerOf, type RateLimits } from './jobs.js';
import { PermitPool, setRateLimits } from './permits.js';
import type { RedisTarget } from './redis-url.js';

export interface WorkerOptions {
  target: RedisTarget;
  concurrency: number;
  runsDir: string;
  /** seconds without a lock renewal after which a job counts as stalled and is given to another worker */
  stallSeconds: number;
  rateLimits?: RateLimits;
  rateWindowMs: number;
  /** where this worker may send its API keys (`--providers`); openai and anthropic by default */
  providers?: AllowedProviders;
  /** one model call's overall deadline for this worker's jobs, ms (`--request-timeout`; the models' default when absent) */
  requestTimeoutMs?: number;
  log: (line: string) => void;
}

/** How often a job may stall (its worker died) before it fails for good. */
export const MAX_STALLS = 5;

export interface RunningWorker {
  /** 'host:pid' */
  name: string;
  /** stops taking jobs; waits for the running ones unless `force` */
  close(force?: boolean): Promise<void>;
  /** whether Redis answers a PING within `timeoutMs` (a worker whose Redis has gone cannot finish a job) */
  redisReachable(timeoutMs: number): Promise<boolean>;
}

/** The data of a job whose hash in Redis did not parse: the job then fails with this reason instead of staying active. */
const UNREADABLE = '__navharness_unreadable__';

/**
 * BullMQ parses a job's data and options as it hands the job out; a hash that is not JSON (written to
 * Redis by something else) throws there, before any processor, and the job stays active for ever. This
 * worker hands such a job out with its reason instead, and the processor fails it for good.
 */
class EvalWorker extends Worker {
  protected override createJob(data: JobJson, jobId: string): Job {
    try {
      return super.createJob(data, jobId);
    } catch (err) {
      const reason = `its data in Redis is not JSON (${(err as Error).message.slice(0, 200)})`;
      return super.createJob({ ...data, data: JSON.stringify({ [UNREADABLE]: reason }), opts: '{}' } as JobJson, jobId);
    }
  }
}

async function runJob(job: Job, o: WorkerOptions, permits: PermitPool, name: string): Promise<JobResult> {
  const unreadable = (job.data as Record<string, unknown> | null)?.[UNREADABLE];
  if (typeof unreadable === 'string') throw new UnrecoverableError(`job ${job.id} is not a navharness sequence job: ${unreadable}`);
  const parsed = EvalJobSchema.safeParse(job.data);
  if (!parsed.success)
    throw new UnrecoverableError(
      `job ${job.id} is not a navharness sequence job (version 1): ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const data = parsed.data;
  // the id names the run directory: a job whose id does not match its data was not made by `navharness eval --queue`
  if (job.id !== jobIdOf(data)) throw new UnrecoverableError(`job ${job.id}: its id does not match its data (expected ${jobIdOf(data)})`);
  const refusal = providerRefusal(data.run.agent, o.providers ?? DEFAULT_ALLOWED_PROVIDERS);
  if (refusal) throw new UnrecoverableError(`job ${job.id}: ${refusal}`);
  const runDir = join(resolve(o.runsDir), job.id);
  const provider = providerOf(data.run.agent);
  let total = data.run.maxGoals ?? 0;
  let done = 0;
  o.log(`${name}: job ${job.id} (house ${data.house}, attempt ${job.attemptsMade + 1}, stalled ${job.stalledCounter}) → ${runDir}`);
  const error = await runInWorker(
    {
      ...data.run,
      house: `seed:${data.house}`,
      out: runDir,
      resume: true,
      ...(o.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: o.requestTimeoutMs }),
    },
    {
      onStart: (t, d) => {
        total = t;
        done = d;
        void job.updateProgress({ done, total }).catch(() => {});
      },
      onTask: () => void job.updateProgress({ done: ++done, total }).catch(() => {}),
      ...(provider ? { permit: () => permits.acquire(provider) } : {}),
    },
  );
  if (error !== null) throw new Error(error);
  const outcome = sequenceOutcome(data.house, runDir);
  const metrics = RunMetricsSchema.parse(JSON.parse(readFileSync(join(runDir, 'metrics.json'), 'utf8')));
  o.log(`${name}: job ${job.id} done: ${outcome.rows.length} tasks`);
  return { house: data.house, runDir, worker: name, metrics, rows: outcome.rows, extra: outcome.extra };
}

export async function startWorker(o: WorkerOptions): Promise<RunningWorker> {
  await checkRedis(o.target);
  const connection = bullConnection(o.target, 'worker');
  if (o.rateLimits) await setRateLimits(bullConnection(o.target, 'producer'), o.rateLimits, o.rateWindowMs);
  const name = `${hostname()}:${process.pid}`;
  const permits = new PermitPool(connection);
  const worker = new EvalWorker(EVAL_QUEUE, (job) => runJob(job, o, permits, name), {
    connection,
    name,
    concurrency: o.concurrency,
    lockDuration: o.stallSeconds * 1000,
    stalledInterval: o.stallSeconds * 1000,
    maxStalledCount: MAX_STALLS,
  });
  let lastError = '';
  worker.on('error', (err) => {
    // ioredis reconnects by itself; say so once per distinct problem, not on every retry
    if (err.message !== lastError) o.log(`${name}: Redis at ${o.target.shown}: ${err.message} (retrying)`);
    lastError = err.message;
  });
  worker.on('failed', (job, err) => o.log(`${name}: job ${job?.id ?? '?'} failed (attempt ${job?.attemptsMade ?? '?'}): ${err.message}`));
  await worker.waitUntilReady();
  o.log(
    `${name}: serving ${EVAL_QUEUE} at ${o.target.shown}, ${o.concurrency} at a time, run directories in ${resolve(o.runsDir)}, providers ${describeProviders(o.providers ?? DEFAULT_ALLOWED_PROVIDERS)}`,
  );
  return {
    name,
    close: async (force = false) => {
      await worker.close(force);
      await permits.close();
    },
    redisReachable: (timeoutMs) =>
      checkRedis(o.target, timeoutMs).then(
        () => true,
        () => false,
      ),
  };
}
