/**
 * Issue 5's end-to-end check: the scripted ground-truth-perception agent plays a whole 5-goal GOAT
 * sequence in a seeded house through the agent-facing tools (inside the lifelong harness), reaching
 * s-SR ≥ 0.8, and the run writes map PNGs with its markers.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { runSequence } from '../../src/eval/run-sequence.js';
import { COLOURS } from '../../src/mapping/render-map.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a whole GOAT sequence offline', () => {
  it('the scripted agent reaches s-SR ≥ 0.8 over 5 goals and the run draws its markers on the maps', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'goat-e2e-')), 'run');
    dirs.push(out);
    const { metrics } = await runSequence({
      house: 'seed:9',
      sequence: 1,
      agent: 'scripted',
      out,
      maxGoals: 5,
      harness: { poseSource: 'ground-truth', turnBudget: 200 },
    });
    expect(metrics.tasks).toBe(5);
    expect(metrics.s_SR).toBeGreaterThanOrEqual(0.8);
    const maps = readdirSync(join(out, 'maps')).filter((f) => f.endsWith('.png'));
    expect(maps.length).toBeGreaterThanOrEqual(5);
    // the last map carries marker dots in the marker colour
    const png = PNG.sync.read(readFileSync(join(out, 'maps', maps.sort().pop()!)));
    let markerPixels = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (png.data[i] === COLOURS.marker[0] && png.data[i + 1] === COLOURS.marker[1] && png.data[i + 2] === COLOURS.marker[2]) markerPixels++;
    }
    expect(markerPixels).toBeGreaterThan(10);
  }, 900_000);
});
