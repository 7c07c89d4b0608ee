/**
 * Issue 38: the progress bar showed an `NFs` ETA (cli-progress's infinite estimate before any item
 * was done, and after a resume) and counted only tasks. The ETA is now computed from this process's
 * own items, "ETA –" until one is done; the run command shows the current task's turns and tool calls.
 */
import { describe, expect, it } from 'vitest';
import { etaText } from '../../src/commands/progress.js';

describe('progress ETA', () => {
  it('is "ETA –" before an item is done, never NaN or Infinity', () => {
    expect(etaText(0, 0, 8)).toBe('ETA –');
    expect(etaText(120_000, 0, 8)).toBe('ETA –');
    expect(etaText(0, 1, 8)).toBe('ETA –');
    for (const t of [etaText(Number.NaN, 2, 3), etaText(Infinity, 2, 3), etaText(5000, Number.NaN, 3)]) expect(t).toBe('ETA –');
  });

  it('extrapolates the rate of the items done here', () => {
    expect(etaText(60_000, 2, 3)).toBe('ETA 1m30s');
    expect(etaText(4_000, 2, 3)).toBe('ETA 6s');
    expect(etaText(3_600_000, 1, 2)).toBe('ETA 2h00m');
    expect(etaText(1_000, 1, 0)).toBe('done');
  });
});
