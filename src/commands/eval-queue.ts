/**
 * `navharness eval --queue URL`: the eval's sequences as jobs on Redis (BullMQ), run by
 * `navharness worker` processes anywhere that reaches Redis. Enqueues (idempotently), waits with
 * progress on stderr and collects the finished jobs into DIR/metrics.json — the same file a local
 * eval writes — or only enqueues (`--enqueue-only`), or only collects (`--collect`).
 */
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { type Prices, providerErrorLine } from '../eval/index.js';
import type { HarnessConfigSchema } from '../harness/index.js';
import { collectEval, enqueueEval, providerOf, QueuedRunSchema, type QueuedEval, RateLimitsSchema, RedisUrlSchema, waitForJobs } from '../queue/index.js';
import { parseFlags, UsageError } from './options.js';
import { goatSummary } from './eval-summary.js';

const QueueFlagsSchema = z.object({
  queue: RedisUrlSchema,
  attempts: z.coerce.number({ error: '--attempts must be a whole number' }).int('--attempts must be a whole number').min(1, '--attempts is at least 1').max(20, '--attempts is at most 20').default(3),
  backoff: z.coerce.number({ error: '--backoff is seconds' }).finite('--backoff is seconds').min(0, '--backoff is at least 0 seconds').max(3600, '--backoff is at most 3600 seconds').default(30),
  rateLimit: RateLimitsSchema.optional(),
  rateWindow: z.coerce.number({ error: '--rate-window is seconds' }).int('--rate-window is whole seconds').min(1, '--rate-window is at least 1 second').max(3600, '--rate-window is at most 3600 seconds').default(60),
});

interface EvalQueueFlags {
  houses: { from: number; to: number };
  out: string;
  sequence: number;
  agent: string;
  judge: 'auto' | 'model' | 'ground-truth';
  maxGoals?: number;
  success: z.infer<typeof QueuedRunSchema>['success'];
  enqueueOnly: boolean;
  collect: boolean;
  json: boolean;
}

function queuedEval(raw: Record<string, unknown>, f: EvalQueueFlags, harness: z.input<typeof HarnessConfigSchema>): { e: QueuedEval; q: z.infer<typeof QueueFlagsSchema> } {
  const q = parseFlags(QueueFlagsSchema, raw, 'eval');
  try {
    providerOf(f.agent);
  } catch (err) {
    throw new UsageError(`navharness eval: --agent: ${(err as Error).message}`, ['--agent']);
  }
  const run = QueuedRunSchema.safeParse({ sequence: f.sequence, agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, success: f.success, harness });
  if (!run.success) throw new UsageError(`navharness eval: invalid run options: ${run.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { e: { target: q.queue, houses: f.houses, run: run.data }, q };
}

export async function evalOnQueue(raw: Record<string, unknown>, f: EvalQueueFlags, harness: z.input<typeof HarnessConfigSchema>, prices: Prices): Promise<void> {
  const { e, q } = queuedEval(raw, f, harness);
  const log = (line: string) => process.stderr.write(line + '\n');
  const retry = { attempts: q.attempts, backoffMs: q.backoff * 1000 };
  if (!f.collect) {
    const r = await enqueueEval(e, retry, q.rateLimit ? { rateLimits: q.rateLimit, windowMs: q.rateWindow * 1000 } : undefined);
    log(`queue ${e.target.shown}: ${r.ids.length} sequence jobs (${r.added} added, ${r.retried} failed ones tried again, ${r.kept} already there)`);
    if (f.enqueueOnly) {
      if (f.json) console.log(JSON.stringify({ queue: e.target.shown, jobs: r.ids, added: r.added, retried: r.retried, kept: r.kept }));
      else console.log(`enqueued on ${e.target.shown}: ${r.ids.join(', ')}\nrun 'navharness worker --queue ${e.target.shown}' on each machine, then this command with --collect`);
      return;
    }
    await waitForJobs(e, retry, log);
  }
  mkdirSync(resolve(f.out), { recursive: true });
  const c = await collectEval(e, f.out, prices);
  // where each sequence ran: the run directories are on the workers' machines (or a shared --runs-dir)
  writeFileSync(join(resolve(f.out), 'queue-jobs.json'), JSON.stringify({ queue: e.target.shown, jobs: c.runs }, null, 2) + '\n');
  linkRunDirectories(f.out, c.runs);
  const failed = c.runs.filter((x) => x.error);
  for (const x of failed) console.error(`seed ${x.house}: ${x.error}`);
  if (!c.metrics) {
    console.error(`navharness eval: no job has finished, so ${f.out}/metrics.json was not written`);
    process.exitCode = 1;
    return;
  }
  const pe = c.metrics.failures?.['provider-error'] ?? 0;
  if (pe) console.error(providerErrorLine('eval', pe, c.metrics.tasks, null));
  if (f.json) console.log(JSON.stringify(c.metrics));
  else console.log(goatSummary(f.out, c.metrics));
  if (failed.length || pe) process.exitCode = 1;
}

/**
 * DIR/seed-H → the job's run directory, when it is on this machine (a worker here, or a shared
 * --runs-dir), so that `navharness report DIR` finds the runs as in a local eval's directory. A real
 * folder of that name (a local eval's run) is left alone.
 */
function linkRunDirectories(out: string, runs: readonly { house: number; runDir: string | null }[]): void {
  for (const r of runs) {
    if (!r.runDir || !existsSync(r.runDir)) continue;
    const link = join(resolve(out), `seed-${r.house}`);
    if (isLink(link)) rmSync(link);
    else if (existsSync(link)) continue;
    symlinkSync(r.runDir, link, 'dir');
  }
}

const isLink = (p: string): boolean => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};
