/**
 * Many sequences in parallel: each house gets its own run directory, run in a worker thread (each
 * worker loads its own WebAssembly instances); the runs' task rows are aggregated into one metrics
 * file (s-SR over all goals, e-SR over sequences).
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { atomicWriteFile, Journal, HOUSE_MOUNT, Workspace } from '../memory/index.js';
import { addUsage, type Usage, ZERO_USAGE } from '../models/index.js';
import { runSettings, type RunSettings } from './settings.js';
import { metricsOf, providerErrorTasks, runLevelUsage, taskRows, type RunMetrics, type TaskRow } from './run-metrics.js';
import { type RunDirectoryState, runDirectoryState, type RunOptions } from './run-sequence.js';
import type { Prices } from './cost.js';
import { HouseRangeSchema } from './choices.js';
import type { TimeSplit } from './time-split.js';

export { HouseRangeSchema };

export interface ParallelOptions {
  houses: { from: number; to: number };
  workers: number;
  out: string;
  /** per-run options except house and out */
  run: Omit<RunOptions, 'house' | 'out'>;
  prices: Prices;
  /**
   * continue an eval in `out` (`eval --resume`): a finished sequence is read back, not run; an
   * unfinished one continues after its last closed task. Without it `out` must hold no eval
   * (`evalFolder` tells, before anything is written).
   */
  resume?: boolean;
  onTask?: (house: number, id: string, status: string) => void;
  onRun?: (house: number, error: string | null) => void;
  /** each sequence run here reports its time split (`bench eval`); a sequence read back has none */
  onSplit?: (house: number, split: TimeSplit) => void;
}

export interface ParallelResult {
  /** null when no sequence finished: metrics.json was then not written */
  metrics: RunMetrics | null;
  /** `readBack`: finished before this execution (under --resume), its results read back */
  runs: { house: number; out: string; error: string | null; readBack: boolean }[];
}

/** What an eval folder holds for these houses and run options, read without writing anything. */
export interface EvalFolder {
  /** DIR/metrics.json exists (a pooled file of an earlier execution) */
  metrics: boolean;
  byHouse: Map<number, RunDirectoryState>;
  /** the folder holds any part of an eval: then a plain `eval` into it is refused */
  occupied: boolean;
}

/** The state of `out`'s pooled file and of each house's run directory (a run started with other flags throws, naming them). */
export function evalFolder(out: string, houses: { from: number; to: number }, run: Omit<RunOptions, 'house' | 'out'>): EvalFolder {
  const dir = resolve(out);
  const byHouse = new Map<number, RunDirectoryState>();
  for (let h = houses.from; h <= houses.to; h++) byHouse.set(h, runDirectoryState({ ...run, house: `seed:${h}`, out: join(dir, `seed-${h}`) }));
  const metrics = existsSync(join(dir, 'metrics.json'));
  return { metrics, byHouse, occupied: metrics || [...byHouse.values()].some((s) => s !== 'absent') };
}

/** What a sequence run in a worker thread reports besides its end: each closed task, and a request for a model-call permit. */
export interface WorkerHooks {
  /** the sequence's goals, and how many were closed before (a resumed run) */
  onStart?: (total: number, done: number) => void;
  onTask?: (id: string, status: string) => void;
  /**
   * when given, each model call of the sequence (offline agents make none) first waits for this
   * (the distributed eval's per-provider rate limit); a rejection fails the call
   */
  permit?: () => Promise<void>;
  /** when given, the worker times its parts and reports them at the end (`bench eval`; src/eval/time-split.ts) */
  onSplit?: (split: TimeSplit) => void;
}

/**
 * One sequence in a worker thread; resolves with null or the error message. `autoMapThreads`: what
 * the default `--map-threads auto` resolves to in the worker (RunProgress.autoMapThreads).
 */
export function runInWorker(opts: RunOptions, hooks: WorkerHooks = {}, autoMapThreads?: 1 | 2): Promise<string | null> {
  return new Promise((done) => {
    // the project runs as TypeScript through tsx; a worker thread registers the loader itself
    const timed = hooks.onSplit ? { spawnedAt: performance.timeOrigin + performance.now() } : {};
    const workerData = { run: opts, throttled: hooks.permit !== undefined, ...timed, ...(autoMapThreads ? { autoMapThreads } : {}) };
    const w = new Worker(new URL('./sequence-worker-entry.mjs', import.meta.url), { workerData });
    let settled = false;
    const finish = (e: string | null) => {
      if (!settled) {
        settled = true;
        done(e);
      }
    };
    w.on(
      'message',
      (m: { kind: string; id?: string; status?: string; message?: string; ticket?: number; total?: number; done?: number; split?: TimeSplit }) => {
        if (m.kind === 'split' && m.split) hooks.onSplit?.(m.split);
        if (m.kind === 'start') hooks.onStart?.(m.total as number, m.done as number);
        if (m.kind === 'task') hooks.onTask?.(m.id as string, m.status as string);
        if (m.kind === 'permit' && hooks.permit) {
          hooks.permit().then(
            () => w.postMessage({ kind: 'permit', ticket: m.ticket, error: null }),
            (err: Error) => w.postMessage({ kind: 'permit', ticket: m.ticket, error: err.message }),
          );
        }
        if (m.kind === 'done') finish(null);
        if (m.kind === 'error') finish(m.message as string);
      },
    );
    w.on('error', (err) => finish(err.message));
    w.on('exit', (code) => finish(code === 0 ? null : `worker exited with code ${code}`));
  });
}

/** One sequence's part of the aggregate: its task rows and its usage outside tasks (null error: it finished). */
export interface SequenceOutcome {
  house: number;
  error: string | null;
  rows: TaskRow[];
  extra: Usage;
}

/** The task rows and run-level usage of a finished run directory. */
export function sequenceOutcome(house: number, runDir: string): SequenceOutcome {
  const journal = new Journal(Workspace.open({ runDir, houseDir: join(runDir, HOUSE_MOUNT) }));
  return { house, error: null, rows: taskRows(journal), extra: runLevelUsage(journal) };
}

/** The tasks of a run directory that provider errors ended (empty when it holds no run). */
export function providerErrorsOfRun(runDir: string): { task: string; reason: string }[] {
  return providerErrorTasks(new Journal(Workspace.open({ runDir, houseDir: join(runDir, HOUSE_MOUNT) })));
}

/**
 * `DIR/metrics.json` of an eval: s-SR over all goals, e-SR over sequences, in house order, pooled from
 * the finished sequences only (each unfinished one is listed with its error); a local eval and a queued
 * eval's `--collect` both write it here, so the two files are the same for the same runs. When no
 * sequence finished nothing is written (null).
 */
export function writeEvalMetrics(
  out: string,
  outcomes: readonly SequenceOutcome[],
  prices: Prices,
  judgeStopViews: 1 | 4,
  settings?: RunSettings,
): RunMetrics | null {
  const sorted = [...outcomes].sort((a, b) => a.house - b.house);
  const ok = sorted.filter((r) => r.error === null);
  // pooled only from finished runs: with none, a file of zero tasks would replace the last good one
  if (ok.length === 0) return null;
  const extra = ok.map((r) => r.extra).reduce(addUsage, { ...ZERO_USAGE });
  const metrics = {
    ...metricsOf(
      ok.map((r) => r.rows),
      prices,
      extra,
      { judgeStopViews },
    ),
    ...(settings ? { settings } : {}),
  };
  atomicWriteFile(
    join(resolve(out), 'metrics.json'),
    JSON.stringify({ ...metrics, runs: sorted.map((r) => ({ house: r.house, error: r.error })) }, null, 2) + '\n',
  );
  return metrics;
}

export async function runParallel(o: ParallelOptions): Promise<ParallelResult> {
  const out = resolve(o.out);
  const queue: number[] = [];
  for (let h = o.houses.from; h <= o.houses.to; h++) queue.push(h);
  const runs: ParallelResult['runs'] = [];
  const lanes = Math.max(1, o.workers);
  // a mapping helper thread per worker only where the workers do not already take all the cores
  const autoMapThreads = availableParallelism() >= 2 * lanes ? undefined : 1;
  const lane = async () => {
    for (let h = queue.shift(); h !== undefined; h = queue.shift()) {
      const dir = join(out, `seed-${h}`);
      const opts = { ...o.run, house: `seed:${h}`, out: dir };
      if (o.resume && runDirectoryState(opts) === 'finished') {
        runs.push({ house: h, out: dir, error: null, readBack: true });
        o.onRun?.(h, null);
        continue;
      }
      const onSplit = o.onSplit ? (s: TimeSplit) => o.onSplit?.(h, s) : undefined;
      const error = await runInWorker(
        { ...opts, resume: o.resume ?? false },
        { onTask: (id, status) => o.onTask?.(h, id, status), ...(onSplit ? { onSplit } : {}) },
        autoMapThreads,
      );
      runs.push({ house: h, out: dir, error, readBack: false });
      o.onRun?.(h, error);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  runs.sort((a, b) => a.house - b.house);
  const outcomes = runs.map((r) =>
    r.error === null ? sequenceOutcome(r.house, r.out) : { house: r.house, error: r.error, rows: [], extra: { ...ZERO_USAGE } },
  );
  const metrics = writeEvalMetrics(out, outcomes, o.prices, o.run.harness?.judgeStopViews ?? 4, runSettings(o.run));
  return { metrics, runs };
}
