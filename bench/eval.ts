/**
 * An offline eval's throughput: GOAT sequences (5 goals each by default) per 10 minutes, as
 * `navharness eval --houses A..B --agent scripted` runs them (the same worker threads, SLAM and the
 * default settings, every file written), on two workers (`sequences_per_10min`) and on one
 * (`sequences_per_10min_1w`), over the same houses, one run after the other.
 *
 * Each worker times its sequence's parts (src/eval/time-split.ts: startup, open, render, body,
 * tracking, mapping, agent, writing, other); the summary gives each part's mean per sequence of the
 * two-worker run (`split_<part>_s`) and its share of the sequence's time in its worker. Houses:
 * 0..3 (`--quick`: 0..1), or BENCH_EVAL_HOUSES=A..B. Throughput moves with the machine's load, so
 * the one-minute load average is reported at the start and the end, and the process's CPU seconds per
 * sequence (all threads; what a sequence costs whatever the load: on an idle machine one worker runs
 * a sequence in about that time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { HouseRangeSchema, runParallel, SPLIT_PARTS, type TimeSplit } from '../src/eval/index.js';
import type { BenchOptions, BenchResult } from './run.js';

type Houses = { from: number; to: number };

/** The houses BENCH_EVAL_HOUSES names, if any; a bad value ends the run with exit 2. */
function housesOf(quick: boolean): Houses {
  const value = process.env.BENCH_EVAL_HOUSES || undefined;
  if (value === undefined) return { from: 0, to: quick ? 1 : 3 };
  const r = HouseRangeSchema.safeParse(value);
  if (r.success) return r.data;
  console.error(`bench eval: BENCH_EVAL_HOUSES=${value}: ${r.error.issues.map((i) => i.message).join('; ')}`);
  process.exit(2);
}

interface EvalRun {
  workers: number;
  wallS: number;
  sequences: number;
  tasks: number;
  sSR: number;
  /** the process's CPU time (all threads) over the run, s */
  cpuS: number;
  splits: TimeSplit[];
}

async function timedEval(houses: Houses, workers: number, log: (l: string) => void): Promise<EvalRun> {
  const out = mkdtempSync(join(tmpdir(), 'navharness-bench-eval-'));
  const splits: TimeSplit[] = [];
  try {
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const r = await runParallel({
      houses,
      workers,
      out,
      run: { agent: 'scripted' },
      prices: { uncachedInput: 0, cachedInput: 0, output: 0 },
      onRun: (h, error) => log(`eval bench: ${workers} worker(s), house ${h} ${error ? `failed: ${error}` : 'done'}`),
      onSplit: (h, s) => {
        splits.push(s);
        log(
          `eval bench: house ${h} split (s): ${Object.entries(s)
            .map(([k, v]) => `${k} ${(v / 1000).toFixed(2)}`)
            .join(', ')}`,
        );
      },
    });
    const wallS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // each run's figures as it ends: a long run under load can be read before the other ends
    const seq = r.runs.length;
    log(`eval bench: ${workers} worker(s): ${seq} sequences in ${wallS.toFixed(1)} s, ${((cpu.user + cpu.system) / 1e6 / seq).toFixed(1)} CPU s each`);
    const failed = r.runs.filter((x) => x.error);
    if (failed.length || !r.metrics) throw new Error(`eval bench: ${failed.map((x) => `house ${x.house}: ${x.error}`).join('; ') || 'no metrics'}`);
    return { workers, wallS, sequences: r.runs.length, tasks: r.metrics.tasks, sSR: r.metrics.s_SR, cpuS: (cpu.user + cpu.system) / 1e6, splits };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Mean seconds per sequence of each part, and of the sequence's whole time in its worker. */
function meanSplit(splits: readonly TimeSplit[]): TimeSplit {
  const mean = (k: keyof TimeSplit) => splits.reduce((s, x) => s + x[k], 0) / splits.length / 1000;
  return Object.fromEntries([...SPLIT_PARTS, 'total_ms' as const].map((k) => [k, mean(k)])) as TimeSplit;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const houses = housesOf(opts.quick);
  const loadStart = loadavg()[0];
  const two = await timedEval(houses, 2, opts.log);
  const one = await timedEval(houses, 1, opts.log);
  const loadEnd = loadavg()[0];
  const perTen = (r: EvalRun) => +((r.sequences * 600) / r.wallS).toFixed(2);
  const s2 = meanSplit(two.splits);
  const s1 = meanSplit(one.splits);
  const table: BenchResult['table'] = [two, one].map((r) => ({
    part: `${r.workers} worker(s): wall s`,
    value: +r.wallS.toFixed(1),
    sequences_per_10min: perTen(r),
  }));
  for (const k of SPLIT_PARTS)
    table.push({
      part: `${k} s per sequence (2 workers / 1)`,
      value: +s2[k].toFixed(2),
      one_worker: +s1[k].toFixed(2),
      share: +(s2[k] / s2.total_ms).toFixed(3),
    });
  const summary: BenchResult['summary'] = {
    sequences_per_10min: perTen(two),
    sequences_per_10min_1w: perTen(one),
    scaling_2w_over_1w: +(one.wallS / two.wallS).toFixed(2),
    houses: `${houses.from}..${houses.to}`,
    sequences: two.sequences,
    goals_per_sequence: +(two.tasks / two.sequences).toFixed(2),
    s_SR: +two.sSR.toFixed(3),
    s_SR_1w: +one.sSR.toFixed(3),
    wall_s_2w: +two.wallS.toFixed(1),
    wall_s_1w: +one.wallS.toFixed(1),
    sequence_s_2w: +s2.total_ms.toFixed(2),
    sequence_s_1w: +s1.total_ms.toFixed(2),
    cpu_s_per_sequence_2w: +(two.cpuS / two.sequences).toFixed(2),
    cpu_s_per_sequence_1w: +(one.cpuS / one.sequences).toFixed(2),
  };
  for (const k of SPLIT_PARTS) {
    summary[`split_${k}_s`] = +s2[k].toFixed(3);
    summary[`split_${k}_share`] = +(s2[k] / s2.total_ms).toFixed(3);
  }
  summary.load_avg_start = +loadStart.toFixed(2);
  summary.load_avg_end = +loadEnd.toFixed(2);
  return { table, summary };
}
