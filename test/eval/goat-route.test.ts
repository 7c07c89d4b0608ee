/**
 * Issue 40 item 4: one GOAT scoring route. A run's SPL is scoreGoat's (the scorer test/sim/episodes
 * tests), fed with each task's shortest path and walked length from its evaluation record; before,
 * run-metrics.ts passed zero lengths to scoreGoat and averaged the records' SPL itself.
 */
import { describe, expect, it } from 'vitest';
import { scoreGoat } from '../../src/eval/goat.js';
import { metricsOf, type TaskRow } from '../../src/eval/run-metrics.js';
import { PricesSchema } from '../../src/eval/cost.js';
import { spl } from '../../src/sim/metrics/spl.js';

const zero = { uncachedInput: 0, cachedInput: 0, output: 0 };
const row = (success: boolean, shortest: number | null, walked: number): TaskRow => ({
  status: success ? 'complete' : 'incomplete',
  claim: 'complete',
  success,
  // the evaluation record's value, as evaluateGoal writes it
  spl: shortest === null ? 0 : spl(success ? 1 : 0, shortest, walked),
  shortest,
  walked,
  usage: zero,
  navigation: zero,
  auxiliary: zero,
  peakPromptTokens: null,
  tokenSource: 'estimate',
  successDefinition: 'papers-1m',
  failure: null,
});

describe('the GOAT scores of a run', () => {
  it("take SPL from scoreGoat with each task's lengths: the records' mean, an unreachable goal 0", () => {
    const seqs = [
      [row(true, 4, 5), row(true, 2, 2), row(false, 3, 9)],
      [row(true, 6, 12), row(false, null, 7)],
    ];
    const m = metricsOf(seqs, PricesSchema.parse({}));
    const outcomes = seqs.map((s) => s.map((r) => ({ success: r.success ? 1 : 0, shortest: r.shortest ?? Infinity, walked: r.walked })));
    expect(m.SPL).toBe(scoreGoat(outcomes).spl);
    expect(m.SPL).toBeCloseTo((0.8 + 1 + 0 + 0.5 + 0) / 5, 12);
    expect(m.SPL).toBeCloseTo(seqs.flat().reduce((a, r) => a + r.spl, 0) / 5, 12);
    expect([m.s_SR, m.e_SR]).toEqual([0.6, 0]);
  });
});
