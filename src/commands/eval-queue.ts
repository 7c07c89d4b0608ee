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
import type { HarnessConfigSchema, JudgeKind } from '../harness/index.js';
import { collectEval, enqueueEval, providerOf, QueuedRunSchema, type QueuedEval, type RateLimits, type RedisTarget, waitForJobs } from '../queue/index.js';
import type { Log } from './log-flags.js';
import { UsageError } from './options.js';
import { goatSummary } from './eval-summary.js';

interface EvalQueueFlags {
  houses: { from: number; to: number };
  out: string;
  sequence: number;
  agent: string;
  judge: JudgeKind;
  maxGoals?: number;
  success: z.infer<typeof QueuedRunSchema>['success'];
  queue: RedisTarget;
  attempts: number;
  backoff: number;
  rateLimit?: RateLimits;
  rateWindow: number;
  enqueueOnly: boolean;
  collect: boolean;
  json: boolean;
}

function queuedEval(f: EvalQueueFlags, harness: z.input<typeof HarnessConfigSchema>): QueuedEval {
  try {
    providerOf(f.agent);
  } catch (err) {
    throw new UsageError(`navharness eval: --agent: ${(err as Error).message}`, ['--agent']);
  }
  const run = QueuedRunSchema.safeParse({ sequence: f.sequence, agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, success: f.success, harness });
  if (!run.success)
    throw new UsageError(`navharness eval: invalid run options: ${run.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { target: f.queue, houses: f.houses, run: run.data };
}

export async function evalOnQueue(f: EvalQueueFlags, harness: z.input<typeof HarnessConfigSchema>, prices: Prices, log: Log): Promise<void> {
  const e = queuedEval(f, harness);
  const retry = { attempts: f.attempts, backoffMs: f.backoff * 1000 };
  if (!f.collect) {
    const r = await enqueueEval(e, retry, f.rateLimit ? { rateLimits: f.rateLimit, windowMs: f.rateWindow * 1000 } : undefined);
    log.info(`queue ${e.target.shown}: ${r.ids.length} sequence jobs (${r.added} added, ${r.retried} failed ones tried again, ${r.kept} already there)`);
    if (f.enqueueOnly) {
      if (f.json) console.log(JSON.stringify({ queue: e.target.shown, jobs: r.ids, added: r.added, retried: r.retried, kept: r.kept }));
      else
        console.log(
          `enqueued on ${e.target.shown}: ${r.ids.join(', ')}\nrun 'navharness worker --queue ${e.target.shown}' on each machine, then this command with --collect`,
        );
      return;
    }
    await waitForJobs(e, retry, log.info);
  }
  mkdirSync(resolve(f.out), { recursive: true });
  const c = await collectEval(e, f.out, prices);
  // where each sequence ran: the run directories are on the workers' machines (or a shared --runs-dir)
  writeFileSync(join(resolve(f.out), 'queue-jobs.json'), JSON.stringify({ queue: e.target.shown, jobs: c.runs }, null, 2) + '\n');
  linkRunDirectories(f.out, c.runs);
  const failed = c.runs.filter((x) => x.error);
  for (const x of failed) log.error(`seed ${x.house}: ${x.error}`);
  if (!c.metrics) {
    log.error(`navharness eval: no job has finished, so ${f.out}/metrics.json was not written`);
    process.exitCode = 1;
    return;
  }
  const pe = c.metrics.failures?.['provider-error'] ?? 0;
  if (pe) log.error(providerErrorLine('eval', pe, c.metrics.tasks, null));
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
