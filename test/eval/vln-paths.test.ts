/**
 * Issue 38: a VLN run keeps each episode's paths (episodes.json had none, so no report could draw
 * one): the agent's true path and the reference, and a picture of both over the navigator's map.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { writeRunOutputs } from '../../src/eval/index.js';
import { runVln } from '../../src/eval/vln-run.js';
import { smallEpisodes } from '../vln/helpers.js';

describe('VLN episode paths', () => {
  it('episodes.json holds the agent’s and the reference path, and maps/ the picture of both', async () => {
    const [ep] = await smallEpisodes(1, 11);
    const run = await runVln([ep], { config: 'goal', agent: { kind: 'scripted' }, budget: 60, maxDecisions: 40 });
    const dir = mkdtempSync(join(tmpdir(), 'nh-vln-paths-'));
    try {
      await writeRunOutputs(dir, run);
      const [o] = JSON.parse(readFileSync(join(dir, 'episodes.json'), 'utf8'));
      expect(o.paths.reference).toEqual(ep.referencePath.map((p) => p.map((v) => Math.round(v * 100) / 100)));
      // the agent's path starts at the episode's start and is as long as the evaluator measured it
      expect(o.paths.agent[0][0]).toBeCloseTo(ep.start.position[0], 1);
      expect(o.paths.agent[0][2]).toBeCloseTo(ep.start.position[2], 1);
      const length = o.paths.agent
        .slice(1)
        .reduce((s: number, p: number[], i: number) => s + Math.hypot(p[0] - o.paths.agent[i][0], p[2] - o.paths.agent[i][2]), 0);
      expect(length).toBeCloseTo(o.scores.pathLength, 0);
      expect(o.map).toBe('maps/episode-0001.png');
      const png = PNG.sync.read(readFileSync(join(dir, o.map)));
      // the reference is drawn as the route (COLOURS.route, 30 110 235) over the map
      let route = 0;
      for (let i = 0; i < png.data.length; i += 4) if (png.data[i] === 30 && png.data[i + 1] === 110 && png.data[i + 2] === 235) route++;
      expect(route).toBeGreaterThan(20);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
