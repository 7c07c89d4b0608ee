/**
 * The jobs of a distributed eval: one per sequence (house), with an id derived from everything that
 * decides the run, so enqueuing the same eval twice adds nothing. What a job carries and returns is
 * read back from Redis and checked here before it is used.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RunMetricsSchema, TaskRowSchema, UsageSchema } from '../eval/index.js';
import { HarnessConfigSchema, JUDGE_KINDS } from '../harness/index.js';
import { parseModelSpec } from '../models/index.js';
import { SuccessDefinitionSchema } from '../memory/index.js';
import { PROVIDERS, type RateLimits, RateLimitsSchema } from './choices.js';

/** The BullMQ queue of sequence jobs. */
export const EVAL_QUEUE = 'navharness-eval';

/** The run options of one sequence except its house and run directory (the worker chooses those). */
export const QueuedRunSchema = z.strictObject({
  sequence: z.number().int().nonnegative(),
  agent: z.string().min(1),
  judge: z.enum(JUDGE_KINDS),
  maxGoals: z.number().int().positive().optional(),
  success: SuccessDefinitionSchema,
  harness: HarnessConfigSchema,
});
export type QueuedRun = z.infer<typeof QueuedRunSchema>;

export const EvalJobSchema = z.strictObject({
  /** the payload's format, so an older worker refuses a newer job instead of misreading it */
  version: z.literal(1),
  house: z.number().int().nonnegative(),
  run: QueuedRunSchema,
});
export type EvalJob = z.infer<typeof EvalJobSchema>;

/** What a finished job returns: its run directory's metrics, and the task rows the eval aggregates. */
export const JobResultSchema = z.strictObject({
  house: z.number().int().nonnegative(),
  /** the run directory on the worker's machine */
  runDir: z.string().min(1),
  /** the worker that finished it ('host:pid') */
  worker: z.string().min(1),
  metrics: RunMetricsSchema,
  rows: z.array(TaskRowSchema),
  extra: UsageSchema,
});
export type JobResult = z.infer<typeof JobResultSchema>;

/** JSON with object keys sorted at every level: the same value always gives the same text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * `seed-H-<hash>`: the house, and a hash of the house, sequence, agent, policy and every other run
 * option (the policy and ablations are in the harness configuration). Also the run directory's name.
 */
export function jobIdOf(job: EvalJob): string {
  const hash = createHash('sha256').update(canonical(job)).digest('hex').slice(0, 16);
  return `seed-${job.house}-${hash}`;
}

/** The provider of an agent spec, the unit of a rate limit; null for the offline agents, which call none. */
export function providerOf(agent: string): string | null {
  const p = parseModelSpec(agent);
  if (!p.ok) throw new Error(p.error);
  return p.spec.kind === 'scripted' || p.spec.kind === 'mock' ? null : p.spec.kind;
}

export { PROVIDERS, type RateLimits, RateLimitsSchema };
