/**
 * The scores' uncertainty (src/eval/uncertainty.ts): seeded bootstrap intervals over sequences that
 * contain the estimate and narrow with more sequences, success by task position with its counts, and
 * paired differences whose interval excludes 0 only when one evaluation is better on the same
 * sequences; metricsOf carries them beside the scores.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapInterval, byPosition, metricsOf, pairedDifferences, SCORES, scoreIntervals, type ScoredTask, type TaskRow } from '../../src/eval/index.js';
import { PricesSchema } from '../../src/eval/index.js';

const t = (success: boolean, spl = success ? 0.5 : 0): ScoredTask => ({ success, spl });
/** `n` sequences of 4 tasks; sequence i succeeds at the positions its bits say. */
const seqs = (n: number, pattern: (i: number, k: number) => boolean): ScoredTask[][] =>
  Array.from({ length: n }, (_, i) => Array.from({ length: 4 }, (_, k) => t(pattern(i, k))));

describe('bootstrap intervals over sequences', () => {
  it('are null for one sequence, contain the estimate, are reproducible, and narrow with more sequences', () => {
    expect(scoreIntervals(seqs(1, () => true))).toEqual({ s_SR_ci95: null, SPL_ci95: null, e_SR_ci95: null });
    const few = seqs(6, (i, k) => (i + k) % 3 !== 0);
    const many = seqs(60, (i, k) => (i + k) % 3 !== 0);
    const a = bootstrapInterval(few, SCORES.s_SR)!;
    const b = bootstrapInterval(many, SCORES.s_SR)!;
    const est = SCORES.s_SR(few);
    expect(a[0]).toBeLessThanOrEqual(est);
    expect(a[1]).toBeGreaterThanOrEqual(est);
    expect(a[1] - a[0]).toBeGreaterThan(0);
    expect(b[1] - b[0]).toBeLessThan(a[1] - a[0]);
    expect(bootstrapInterval(few, SCORES.s_SR)).toEqual(a);
    // all sequences alike: no spread
    expect(
      bootstrapInterval(
        seqs(5, () => true),
        SCORES.e_SR,
      ),
    ).toEqual([1, 1]);
  });

  it('success by position counts the tasks at each position, sequences of different lengths included', () => {
    const s = [[t(true), t(false), t(true)], [t(false), t(false)], [t(true)]];
    expect(byPosition(s)).toEqual([
      { position: 1, tasks: 3, successes: 2, s_SR: 2 / 3 },
      { position: 2, tasks: 2, successes: 0, s_SR: 0 },
      { position: 3, tasks: 1, successes: 1, s_SR: 1 },
    ]);
  });

  it('paired differences: the interval excludes 0 only when the candidate is better on the same sequences', () => {
    const base = new Map(seqs(12, (i, k) => (i + k) % 2 === 0).map((s, i) => [`seed-${i}`, s] as const));
    const better = new Map(seqs(12, (i, k) => (i + k) % 2 === 0 || k === 3).map((s, i) => [`seed-${i}`, s] as const));
    const same = new Map([...base].map(([k, v]) => [k, v.slice()] as const));
    const d = pairedDifferences(base, better).find((x) => x.score === 's_SR')!;
    expect(d.pairs).toBe(12);
    expect(d.difference).toBeCloseTo(0.125, 10);
    expect(d.ci95![0]).toBeGreaterThan(0);
    const z = pairedDifferences(base, same).find((x) => x.score === 's_SR')!;
    expect(z.difference).toBe(0);
    expect(z.ci95).toEqual([0, 0]);
    // only the sequences both played are paired
    const part = new Map([...better].slice(0, 5));
    expect(pairedDifferences(base, part)[0].pairs).toBe(5);
  });

  it('metricsOf carries s_SR_ci95, SPL_ci95, e_SR_ci95 and by_position beside the scores', () => {
    const zero = { uncachedInput: 0, cachedInput: 0, output: 0 };
    const row = (success: boolean): TaskRow => ({
      status: success ? 'complete' : 'incomplete',
      claim: 'complete',
      success,
      spl: success ? 0.8 : 0,
      shortest: 1,
      walked: success ? 1.25 : 3,
      usage: zero,
      navigation: zero,
      auxiliary: zero,
      peakPromptTokens: null,
      tokenSource: 'estimate',
      successDefinition: 'papers-1m',
      failure: null,
    });
    const m = metricsOf(
      [
        [row(true), row(false)],
        [row(true), row(true)],
        [row(false), row(true)],
      ],
      PricesSchema.parse({}),
    );
    expect(m.s_SR).toBeCloseTo(4 / 6, 10);
    expect(m.s_SR_ci95![0]).toBeLessThanOrEqual(m.s_SR);
    expect(m.s_SR_ci95![1]).toBeGreaterThanOrEqual(m.s_SR);
    expect(m.SPL_ci95).not.toBeNull();
    expect(m.e_SR_ci95).not.toBeNull();
    expect(m.by_position).toEqual([
      { position: 1, tasks: 3, successes: 2, s_SR: 2 / 3 },
      { position: 2, tasks: 3, successes: 2, s_SR: 2 / 3 },
    ]);
    expect(m.ci95_method).toMatch(/bootstrap over sequences/);
  });
});
