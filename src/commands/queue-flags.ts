/**
 * The distributed eval's flags, declared once for `eval --queue` and `worker` (flag-table.ts); their
 * schemas are the queue layer's light surface, so neither command loads BullMQ for its help.
 */
import { z } from 'zod';
import { RateLimitsSchema, RedisUrlSchema } from '../queue/choices.js';
import { defaulted, describedAs, optional, required } from './flag-table.js';

const seconds = (flag: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${flag} is seconds` })
    .int(`${flag} is whole seconds`)
    .min(min, `${flag} is at least ${min} second${min === 1 ? '' : 's'}`)
    .max(max, `${flag} is at most ${max} seconds`);

/** `eval`'s queue flags (`--queue` and what goes with it). */
export const EVAL_QUEUE_FLAGS = {
  queue: optional(
    '--queue <url>',
    'run the sequences as jobs on Redis (BullMQ) for `navharness worker` processes: redis://HOST:PORT[/DB] (docs/distributed.md)',
    RedisUrlSchema,
  ),
  enqueueOnly: defaulted('--enqueue-only', 'with --queue: enqueue the jobs and return at once', z.boolean(), false),
  collect: defaulted('--collect', 'with --queue: enqueue nothing; aggregate the finished jobs into DIR/metrics.json', z.boolean(), false),
  attempts: defaulted(
    '--attempts <n>',
    'with --queue: tries of a job that fails (a worker that dies is not a failure)',
    z.coerce
      .number({ error: '--attempts must be a whole number' })
      .int('--attempts must be a whole number')
      .min(1, '--attempts is at least 1')
      .max(20, '--attempts is at most 20'),
    3,
  ),
  backoff: defaulted(
    '--backoff <seconds>',
    'with --queue: wait before the second try, doubled before each later one',
    z.coerce
      .number({ error: '--backoff is seconds' })
      .finite('--backoff is seconds')
      .min(0, '--backoff is at least 0 seconds')
      .max(3600, '--backoff is at most 3600 seconds'),
    30,
  ),
  rateLimit: optional(
    '--rate-limit <limits>',
    'with --queue: model requests per window for each provider, e.g. openai=500,anthropic=50 (kept in Redis for all workers)',
    RateLimitsSchema,
  ),
  rateWindow: defaulted('--rate-window <seconds>', 'with --rate-limit: the window (60: requests per minute)', seconds('--rate-window', 1, 3600), 60),
};

/** `worker`'s: the same Redis and rate limits, said from the worker's side. */
export const WORKER_QUEUE_FLAGS = {
  queue: required('--queue <url>', 'the Redis of the eval: redis://HOST:PORT[/DB]', RedisUrlSchema),
  rateLimit: describedAs(
    EVAL_QUEUE_FLAGS.rateLimit,
    'model requests per window for each provider, e.g. openai=500,anthropic=50 (kept in Redis for all workers)',
  ),
  rateWindow: EVAL_QUEUE_FLAGS.rateWindow,
  stallTimeout: defaulted(
    '--stall-timeout <seconds>',
    'a job whose worker has not renewed its lock for this long is given to another worker',
    seconds('--stall-timeout', 2, 600),
    30,
  ),
};
