/**
 * `navharness worker --queue URL`: runs the sequence jobs of `navharness eval --queue` on this machine
 * until stopped. SIGINT or SIGTERM stops taking jobs and lets the running ones finish; a second one
 * exits at once (the running jobs are then picked up again by another worker after --stall-timeout
 * and resumed there). So does the first when Redis is unreachable, then or while the jobs finish: a
 * job cannot be finished without Redis, and closing would wait for it for ever.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import type * as QueueLayer from '../queue/index.js';
import { parseFlags } from './options.js';
import { RunFlagsSchema, withProviderFlags } from './run.js';

/** The flags' schema, over the queue layer's (loaded when the worker starts: BullMQ is not needed for --help). */
const workerFlagsSchema = ({ AllowedProvidersSchema, RateLimitsSchema, RedisUrlSchema }: typeof QueueLayer) => z.object({
  queue: RedisUrlSchema,
  concurrency: z.coerce.number({ error: '--concurrency must be a whole number' }).int('--concurrency must be a whole number').min(1, '--concurrency is at least 1').max(64, '--concurrency is at most 64').default(1),
  runsDir: z.string().min(1, '--runs-dir names a directory').default('navharness-runs'),
  stallTimeout: z.coerce.number({ error: '--stall-timeout is seconds' }).int('--stall-timeout is whole seconds').min(2, '--stall-timeout is at least 2 seconds').max(600, '--stall-timeout is at most 600 seconds').default(30),
  rateLimit: RateLimitsSchema.optional(),
  rateWindow: z.coerce.number({ error: '--rate-window is seconds' }).int('--rate-window is whole seconds').min(1, '--rate-window is at least 1 second').max(3600, '--rate-window is at most 3600 seconds').default(60),
  providers: AllowedProvidersSchema.default(AllowedProvidersSchema.parse('openai,anthropic')),
  requestTimeout: RunFlagsSchema.shape.requestTimeout,
});

/** How often a stopping worker checks that Redis is still there, and how long a PING may take. */
const REDIS_CHECK_MS = 1000;

export function registerWorker(program: Command): void {
  const cmd = program
    .command('worker')
    .description('run the sequence jobs of `navharness eval --queue` from Redis (BullMQ) on this machine, resuming a job whose worker died')
    .requiredOption('--queue <url>', 'the Redis of the eval: redis://HOST:PORT[/DB]')
    .option('--concurrency <n>', 'sequences run at once (each in a worker thread)', '1')
    .option('--runs-dir <dir>', "where the jobs' run directories go (DIR/<job id>); a directory shared by the workers lets any of them resume a job", 'navharness-runs')
    .option('--stall-timeout <seconds>', 'a job whose worker has not renewed its lock for this long is given to another worker', '30')
    .option('--rate-limit <limits>', 'model requests per window for each provider, e.g. openai=500,anthropic=50 (kept in Redis for all workers)')
    .option('--rate-window <seconds>', 'with --rate-limit: the window (60: requests per minute)', '60')
    .option('--providers <list>', "where this worker sends its API keys: openai, anthropic, openai-chat=URL (a server's exact base URL); a job for another provider fails", 'openai,anthropic');
  withProviderFlags(cmd).action(async (raw: Record<string, unknown>) => {
      const queue = await import('../queue/index.js');
      const { startWorker } = queue;
      const f = parseFlags(workerFlagsSchema(queue), raw, 'worker');
      const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
      const w = await startWorker({ target: f.queue, concurrency: f.concurrency, runsDir: f.runsDir, stallSeconds: f.stallTimeout, rateLimits: f.rateLimit, rateWindowMs: f.rateWindow * 1000, providers: f.providers, requestTimeoutMs: f.requestTimeout * 1000, log });
      await new Promise<void>((done) => {
        let stopping = false;
        let closed = false;
        // while the running jobs finish, Redis is checked: without it closing would wait for ever
        const exitWhenRedisIsGone = async (): Promise<void> => {
          while (!closed) {
            if (!(await w.redisReachable(REDIS_CHECK_MS))) {
              log(`${w.name}: Redis at ${f.queue.shown} is unreachable, so no job can finish: exiting now; the running jobs will be resumed by a worker once Redis is back`);
              process.exit(1);
            }
            await new Promise((r) => setTimeout(r, REDIS_CHECK_MS).unref());
          }
        };
        const stop = (signal: string) => {
          if (stopping) {
            log(`${w.name}: ${signal} again: exiting now; the running jobs will be resumed by another worker`);
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
