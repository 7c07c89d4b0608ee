import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HouseRangeSchema, runParallel } from '../../src/eval/parallel.js';
import { parseHarnessConfig } from '../../src/harness/config.js';

const dir = mkdtempSync(join(tmpdir(), 'eval-workers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('navharness eval', () => {
  it.each([
    { s: '3..5', ok: { from: 3, to: 5 } },
    { s: '7', ok: { from: 7, to: 7 } },
    { s: '5..3', ok: null },
    { s: 'a..b', ok: null },
  ])('house range $s', ({ s, ok }) => {
    const r = HouseRangeSchema.safeParse(s);
    expect(r.success ? r.data : null).toEqual(ok);
  });

  it('runs sequences in worker threads and aggregates them (s-SR over goals, e-SR over sequences)', async () => {
    const harness = parseHarnessConfig({ stepBudget: 10, turnBudget: 4 });
    const r = await runParallel({
      houses: { from: 3, to: 4 },
      workers: 2,
      out: dir,
      run: { sequence: 0, agent: 'scripted', judge: 'auto', maxGoals: 1, harness },
      prices: { uncachedInput: 1, cachedInput: 0.1, output: 0 },
    });
    expect(r.runs.map((x) => x.error)).toEqual([null, null]);
    expect(r.metrics).toMatchObject({ sequences: 2, tasks: 2 });
    const m = r.metrics!;
    const perRun = [3, 4].map((h) => JSON.parse(readFileSync(join(dir, `seed-${h}`, 'metrics.json'), 'utf8')));
    expect(m.input_tokens).toBe(perRun[0].input_tokens + perRun[1].input_tokens);
    // C_K prices the navigation input only; the consolidation (and any judge) input is beside it
    const nav = m.navigation_tokens!,
      aux = m.auxiliary_tokens!;
    expect(nav.uncachedInput + aux.uncachedInput).toBe(m.input_tokens);
    expect(m.cost_input).toBeCloseTo(nav.uncachedInput / 1e6 + nav.cachedInput / 1e7, 10);
    expect(m.navigation_cost).toBeCloseTo(m.cost_input, 12);
    expect(m.auxiliary_cost).toBeCloseTo(aux.uncachedInput / 1e6 + aux.cachedInput / 1e7, 10);
    expect(aux.uncachedInput).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8')).runs).toHaveLength(2);
  }, 180_000);
});
