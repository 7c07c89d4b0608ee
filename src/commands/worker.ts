/**
 * `navharness worker --queue URL`: runs the sequence jobs of `navharness eval --queue` on this machine
 * until stopped. SIGINT or SIGTERM stops taking jobs and lets the running ones finish; a second one
 * exits at once (the running jobs are then picked up again by another worker after --stall-timeout
 * and resumed there). So does the first when Redis is unreachable, then or while the jobs finish: a
 * job cannot be finished without Redis, and closing would wait for it for ever.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { declareFlags, defaulted, flagsSchema, givenFlags } from './flag-table.js';
import { LOG_FLAGS, logOf } from './log-flags.js';
import { parseFlags } from './options.js';
import { flagError } from './usage.js';
import { WORKER_QUEUE_FLAGS } from './queue-flags.js';
import { PROVIDER_FLAGS } from './sequence-flags.js';

const WORKER_FLAGS = {
  queue: WORKER_QUEUE_FLAGS.queue,
  concurrency: defaulted(
    '--concurrency <n>',
    'sequences run at once (each in a worker thread)',
    z.coerce
      .number({ error: '--concurrency must be a whole number' })
      .int('--concurrency must be a whole number')
      .min(1, '--concurrency is at least 1')
      .max(64, '--concurrency is at most 64'),
    1,
  ),
  runsDir: defaulted(
    '--runs-dir <dir>',
    "where the jobs' run directories go (DIR/<job id>); a directory shared by the workers lets any of them resume a job",
    z.string().min(1, '--runs-dir names a directory'),
    'navharness-runs',
  ),
  stallTimeout: WORKER_QUEUE_FLAGS.stallTimeout,
  rateLimit: WORKER_QUEUE_FLAGS.rateLimit,
  rateWindow: WORKER_QUEUE_FLAGS.rateWindow,
  // read by the queue layer's AllowedProvidersSchema when the worker starts (it needs the model specs)
  providers: defaulted(
    '--providers <list>',
    "where this worker sends its API keys: openai, anthropic, openai-chat=URL (a server's exact base URL); a job for another provider fails",
    z.string().min(1, '--providers names at least one provider'),
    'openai,anthropic',
  ),
  ...PROVIDER_FLAGS,
  ...LOG_FLAGS,
};
const WorkerFlagsSchema = flagsSchema(WORKER_FLAGS);

/** How often a stopping worker checks that Redis is still there, and how long a PING may take. */
const REDIS_CHECK_MS = 1000;

export function registerWorker(program: Command): void {
  const cmd = program.command('worker').description(SUMMARIES.worker);
  declareFlags(cmd, WORKER_FLAGS).action(async (_options: unknown, c: Command) => {
    const f = parseFlags(WorkerFlagsSchema, givenFlags(c), 'worker');
    const stamped = logOf(f, (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`));
    const log = stamped.info;
    const { AllowedProvidersSchema, startWorker } = await import('../queue/index.js');
    const providers = AllowedProvidersSchema.safeParse(f.providers);
    if (!providers.success) throw flagError('worker', [{ key: 'providers', message: providers.error.issues[0]?.message ?? 'not a provider list' }]);
    const w = await startWorker({
      target: f.queue,
      concurrency: f.concurrency,
      runsDir: f.runsDir,
      stallSeconds: f.stallTimeout,
      rateLimits: f.rateLimit,
      rateWindowMs: f.rateWindow * 1000,
      providers: providers.data,
      requestTimeoutMs: f.requestTimeout * 1000,
      log,
    });
    await new Promise<void>((done) => {
      let stopping = false;
      let closed = false;
      // while the running jobs finish, Redis is checked: without it closing would wait for ever
      const exitWhenRedisIsGone = async (): Promise<void> => {
        while (!closed) {
          if (!(await w.redisReachable(REDIS_CHECK_MS))) {
            stamped.error(
              `${w.name}: Redis at ${f.queue.shown} is unreachable, so no job can finish: exiting now; the running jobs will be resumed by a worker once Redis is back`,
            );
            process.exit(1);
          }
          await new Promise((r) => setTimeout(r, REDIS_CHECK_MS).unref());
        }
      };
      const stop = (signal: string) => {
        if (stopping) {
          stamped.warn(`${w.name}: ${signal} again: exiting now; the running jobs will be resumed by another worker`);
          process.exit(130);
        }
        stopping = true;
        log(`${w.name}: ${signal}: finishing the running jobs, taking no new ones (send it again to exit now)`);
        const end = () => {
          closed = true;
          done();
        };
        void w.close().then(end, end);
        void exitWhenRedisIsGone();
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
    });
    log(`${w.name}: stopped`);
  });
}
