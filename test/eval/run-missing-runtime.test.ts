/**
 * Issue 38: a `run` that failed because a runtime was missing (the view encoder's onnxruntime-node)
 * left a run directory with its run state, so the same command, tried again once the runtime was
 * there, was refused ("already holds a run; pass --resume"). The world and the roles now open before
 * the run state is written: the failed try leaves no state, and the same command runs.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runSequence } from '../../src/eval/index.js';
import { ViewEncoder } from '../../src/perception/index.js';

const base = mkdtempSync(join(tmpdir(), 'run-missing-runtime-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('a run whose runtime is missing', () => {
  it('leaves no run state; the same command runs once the runtime is there', async () => {
    const out = join(base, 'run');
    const options = { house: 'seed:7', sequence: 1, agent: 'scripted', out, maxGoals: 1, harness: { stepBudget: 15, turnBudget: 6 } } as Parameters<
      typeof runSequence
    >[0];
    const missing = vi
      .spyOn(ViewEncoder, 'create')
      .mockRejectedValue(new Error('the view encoder needs onnxruntime-node, an optional dependency that is not installed'));
    await expect(runSequence(options)).rejects.toThrow(/needs onnxruntime-node/);
    missing.mockRestore();
    expect(existsSync(join(out, '.navharness', 'run-state.json'))).toBe(false);
    const r = await runSequence(options);
    expect(r.metrics.tasks).toBe(1);
  }, 240_000);
});
