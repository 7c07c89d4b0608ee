/**
 * A deployment's run ends with its map adjusted as a whole before the house memory takes it (issue 34
 * item 1): eval/map-adjustment.json notes what the adjustment did and the saved grids' quality against
 * the truth just before and after (the same run, so the gain is read without a second deployment).
 * It is opt-in (`adjustMap: true`, `--adjust-map`); by default the map is saved as tracking left it, and nothing is noted.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploy, type DeployOptions } from '../../src/eval/deploy.js';
import { MAP_ADJUSTMENT_FILE, MapAdjustmentNoteSchema } from '../../src/eval/map-adjustment.js';

const base = mkdtempSync(join(tmpdir(), 'deploy-adjust-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const options = (out: string): DeployOptions => ({
  house: 'seed:7',
  runs: 1,
  out,
  agent: 'scripted',
  maxGoals: 1,
  harness: { stepBudget: 15, turnBudget: 6 } as DeployOptions['harness'],
});

describe("a deployment's run adjusts its map before the house memory takes it", () => {
  it('notes the adjustment and the grids before and after; by default it does not adjust', async () => {
    const on = join(base, 'on');
    await deploy({ ...options(on), adjustMap: true });
    const note = MapAdjustmentNoteSchema.parse(JSON.parse(readFileSync(join(on, 'run-001', MAP_ADJUSTMENT_FILE), 'utf8')));
    expect(note.adjustment).not.toBeNull();
    expect(note.adjustment!.keyframes).toBeGreaterThanOrEqual(2);
    expect(note.adjustment!.cost_after).toBeLessThanOrEqual(note.adjustment!.cost_before);
    expect(note.before?.free_precision).toBeTypeOf('number');
    expect(note.after?.free_precision).toBeTypeOf('number');
    // what the memory is about to keep is the adjusted grid
    const saved = JSON.parse(readFileSync(join(on, 'run-001', 'eval', 'saved-grid-quality.json'), 'utf8'));
    expect(saved.free_precision).toBe(note.after!.free_precision);

    const off = join(base, 'off');
    await deploy(options(off));
    expect(existsSync(join(off, 'run-001', MAP_ADJUSTMENT_FILE))).toBe(false);
    expect(existsSync(join(off, 'run-001', 'eval', 'saved-grid-quality.json'))).toBe(true);
  }, 300_000);
});
