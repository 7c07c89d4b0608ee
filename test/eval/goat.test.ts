import { describe, expect, it } from 'vitest';
import { scoreGoat } from '../../src/eval/goat.js';
import { euclideanOracle, shortestToGoal } from '../../src/sim/metrics/index.js';

describe('scoreGoat', () => {
  it('aggregates per-goal and per-sequence success and SPL', () => {
    const s = scoreGoat([
      [{ success: 1, shortest: 4, walked: 5 }, { success: 1, shortest: 2, walked: 2 }],
      [{ success: 0, shortest: 3, walked: 10 }, { success: 1, shortest: 1, walked: 4 }],
    ]);
    expect(s.sSR).toBe(0.75);
    expect(s.eSR).toBe(0.5);
    expect(s.spl).toBeCloseTo((0.8 + 1 + 0 + 0.25) / 4, 12);
    expect(shortestToGoal([0, 0, 0], [[3, 0, 4], [0, 0, 2]], euclideanOracle)).toBe(2);
  });
});
