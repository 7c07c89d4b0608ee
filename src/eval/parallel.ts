/**
 * Many sequences in parallel: each house gets its own run directory, run in a worker thread (each
 * worker loads its own WebAssembly instances); the runs' task rows are aggregated into one metrics
 * file (s-SR over all goals, e-SR over sequences).
 */
import { Worker } from 'node:worker_threads';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { atomicWriteFile, Journal, HOUSE_MOUNT, Workspace } from '../memory/index.js';
import { addUsage, ZERO_USAGE } from '../models/index.js';
import { HouseSeedSchema } from '../world/index.js';
import { metricsOf, runLevelUsage, taskRows, type RunMetrics } from './run-metrics.js';
import type { RunOptions } from './run-sequence.js';
import type { Prices } from './cost.js';

/** 'A..B' or 'N': procedural house seeds, each under the one house-seed rule (src/world/house-spec). */
export const HouseRangeSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\.\d+)?$/, "houses are 'A..B' (procedural seeds A to B inclusive) or one seed 'N'")
  .transform((s) => {
    const [a, b] = s.split('..').map(Number);
    return { from: a, to: b ?? a };
  })
  .pipe(z.object({ from: HouseSeedSchema, to: HouseSeedSchema }))
  .refine((r) => r.to >= r.from && r.to - r.from < 1000, { message: 'the range must be ascending and hold at most 1000 houses' });

export interface ParallelOptions {
  houses: { from: number; to: number };
  workers: number;
  out: string;
  /** per-run options except house and out */
  run: Omit<RunOptions, 'house' | 'out'>;
  prices: Prices;
  onTask?: (house: number, id: string, status: string) => void;
  onRun?: (house: number, error: string | null) => void;
}

export interface ParallelResult {
  metrics: RunMetrics;
  runs: { house: number; out: string; error: string | null }[];
}

function runInWorker(opts: RunOptions, house: number, onTask?: ParallelOptions['onTask']): Promise<string | null> {
  return new Promise((done) => {
    // the project runs as TypeScript through tsx; a worker thread registers the loader itself
    const w = new Worker(new URL('./sequence-worker-entry.mjs', import.meta.url), { workerData: opts });
    let settled = false;
    const finish = (e: string | null) => {
      if (!settled) {
        settled = true;
        done(e);
      }
    };
    w.on('message', (m: { kind: string; id?: string; status?: string; message?: string }) => {
      if (m.kind === 'task') onTask?.(house, m.id as string, m.status as string);
      if (m.kind === 'done') finish(null);
      if (m.kind === 'error') finish(m.message as string);
    });
    w.on('error', (err) => finish(err.message));
    w.on('exit', (code) => finish(code === 0 ? null : `worker exited with code ${code}`));
  });
}

export async function runParallel(o: ParallelOptions): Promise<ParallelResult> {
  const out = resolve(o.out);
  const queue: number[] = [];
  for (let h = o.houses.from; h <= o.houses.to; h++) queue.push(h);
  const runs: ParallelResult['runs'] = [];
  const lane = async () => {
    for (let h = queue.shift(); h !== undefined; h = queue.shift()) {
      const dir = join(out, `seed-${h}`);
      const error = await runInWorker({ ...o.run, house: `seed:${h}`, out: dir }, h, o.onTask);
      runs.push({ house: h, out: dir, error });
      o.onRun?.(h, error);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, o.workers) }, lane));
  runs.sort((a, b) => a.house - b.house);
  const journals = runs.filter((r) => r.error === null).map((r) => new Journal(Workspace.open({ runDir: r.out, houseDir: join(r.out, HOUSE_MOUNT) })));
  const extra = journals.map(runLevelUsage).reduce(addUsage, { ...ZERO_USAGE });
  const metrics = metricsOf(journals.map(taskRows), o.prices, extra, { judgeStopViews: o.run.harness?.judgeStopViews ?? 4 });
  atomicWriteFile(join(out, 'metrics.json'), JSON.stringify({ ...metrics, runs: runs.map((r) => ({ house: r.house, error: r.error })) }, null, 2) + '\n');
  return { metrics, runs };
}
