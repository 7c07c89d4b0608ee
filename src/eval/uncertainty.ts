/**
 * Uncertainty of the scores, as the papers report it: 95 % intervals by a percentile bootstrap over
 * sequences (the unit the tasks are not independent within: one house, one memory, one body), and
 * paired differences between two evaluations over the sequences both played. The resampling is
 * seeded, so the same runs give the same intervals. With fewer than two sequences there is nothing
 * to resample and the interval is null. Success by task position (the papers' Figure 4 and Table 5)
 * is here too: it is read over the same sequences.
 */
import { Rng } from '../sim/index.js';

/** Resamples, seed and level of every interval this project reports. */
export const BOOTSTRAP = { resamples: 2000, seed: 1, level: 0.95 } as const;
export const CI95_METHOD = `percentile bootstrap over sequences (${BOOTSTRAP.resamples} resamples, seed ${BOOTSTRAP.seed}); null with fewer than 2 sequences`;

/** What the scores need of a task. */
export interface ScoredTask {
  success: boolean;
  spl: number;
}

export type Interval = [number, number];

/** The three headline scores over sequences: s-SR and SPL pooled over tasks, e-SR over sequences. */
export const SCORES = {
  s_SR: (seqs: readonly (readonly ScoredTask[])[]): number => {
    const all = seqs.flat();
    return all.length ? all.filter((t) => t.success).length / all.length : 0;
  },
  SPL: (seqs: readonly (readonly ScoredTask[])[]): number => {
    const all = seqs.flat();
    return all.length ? all.reduce((s, t) => s + t.spl, 0) / all.length : 0;
  },
  e_SR: (seqs: readonly (readonly ScoredTask[])[]): number =>
    seqs.length ? seqs.filter((s) => s.length > 0 && s.every((t) => t.success)).length / seqs.length : 0,
} as const;
export type ScoreName = keyof typeof SCORES;

function quantile(sorted: Float64Array, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** The percentile interval of `stat` over resamples (with replacement) of `units`; null for fewer than 2 units. */
export function bootstrapInterval<T>(units: readonly T[], stat: (sample: readonly T[]) => number): Interval | null {
  const n = units.length;
  if (n < 2) return null;
  const rng = new Rng(BOOTSTRAP.seed);
  const values = new Float64Array(BOOTSTRAP.resamples);
  const sample: T[] = new Array(n);
  for (let r = 0; r < values.length; r++) {
    for (let i = 0; i < n; i++) sample[i] = units[rng.int(0, n - 1)];
    values[r] = stat(sample);
  }
  values.sort();
  const tail = (1 - BOOTSTRAP.level) / 2;
  return [quantile(values, tail), quantile(values, 1 - tail)];
}

/** `s_SR_ci95`, `SPL_ci95`, `e_SR_ci95` of the sequences. */
export function scoreIntervals(seqs: readonly (readonly ScoredTask[])[]): Record<`${ScoreName}_ci95`, Interval | null> {
  return {
    s_SR_ci95: bootstrapInterval(seqs, SCORES.s_SR),
    SPL_ci95: bootstrapInterval(seqs, SCORES.SPL),
    e_SR_ci95: bootstrapInterval(seqs, SCORES.e_SR),
  };
}

export interface PositionRow {
  /** the task's place in its sequence, from 1 */
  position: number;
  tasks: number;
  successes: number;
  s_SR: number;
}

/** Success by task position over the sequences, with the count of tasks at each position. */
export function byPosition(seqs: readonly (readonly ScoredTask[])[]): PositionRow[] {
  const longest = Math.max(0, ...seqs.map((s) => s.length));
  const rows: PositionRow[] = [];
  for (let k = 0; k < longest; k++) {
    const at = seqs.filter((s) => s.length > k).map((s) => s[k]);
    const successes = at.filter((t) => t.success).length;
    rows.push({ position: k + 1, tasks: at.length, successes, s_SR: successes / at.length });
  }
  return rows;
}

export interface PairedDifference {
  score: ScoreName;
  /** sequences both evaluations played */
  pairs: number;
  baseline: number;
  candidate: number;
  /** candidate − baseline over the paired sequences */
  difference: number;
  ci95: Interval | null;
}

/**
 * Candidate minus baseline for each score, over the sequences both played (matched by key, e.g. the
 * run folder `seed-H`), with a bootstrap interval that resamples the pairs, so that what the two
 * share (the house, the goals) cancels.
 */
export function pairedDifferences(
  baseline: ReadonlyMap<string, readonly ScoredTask[]>,
  candidate: ReadonlyMap<string, readonly ScoredTask[]>,
): PairedDifference[] {
  const keys = [...baseline.keys()].filter((k) => candidate.has(k)).sort();
  const pairs = keys.map((k) => ({ a: baseline.get(k) as readonly ScoredTask[], b: candidate.get(k) as readonly ScoredTask[] }));
  return (Object.keys(SCORES) as ScoreName[]).map((score) => {
    const f = SCORES[score];
    const diff = (ps: readonly { a: readonly ScoredTask[]; b: readonly ScoredTask[] }[]) => f(ps.map((p) => p.b)) - f(ps.map((p) => p.a));
    const a = f(pairs.map((p) => p.a));
    const b = f(pairs.map((p) => p.b));
    return { score, pairs: pairs.length, baseline: a, candidate: b, difference: b - a, ci95: bootstrapInterval(pairs, diff) };
  });
}
