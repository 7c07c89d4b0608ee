/** The evaluator's data (reference path, goal position, distances, success) never reaches an agent. */
import { describe, expect, it } from 'vitest';
import { runNativeEpisode, runNavHarnessEpisode } from '../../src/vln/index.js';
import { GroundTruthPerception } from '../../src/baselines/vln/perception.js';
import { ScriptedVlnAgents } from '../../src/baselines/vln/agents.js';
import { openEpisodeWorld } from '../../src/world/episode-world.js';
import { scoreVlnEpisode } from '../../src/sim/metrics/vln.js';
import { RecordingModel, serialisedText, smallEpisodes } from './helpers.js';

describe('agent inputs hold no evaluator data', () => {
  it('scripted agents in goal and native configurations: requests carry instruction and views only', async () => {
    const [ep] = await smallEpisodes(1, 11);
    const texts: string[] = [];
    const scores: number[] = [];
    const visited: (readonly number[])[] = [];
    for (const config of ['goal', 'native'] as const) {
      const world = await openEpisodeWorld(ep);
      try {
        const model = new RecordingModel(new ScriptedVlnAgents(new GroundTruthPerception(world.scene, world.navigator)));
        const o = { budget: 40, maxDecisions: 200 };
        const r =
          config === 'goal'
            ? await runNavHarnessEpisode(model, world.navigator, ep.id, ep.instruction, true, o)
            : await runNativeEpisode(model, world.navigator, ep.id, ep.instruction, o);
        expect(model.requests.length).toBeGreaterThan(3);
        texts.push(...model.requests.map(serialisedText));
        const s = scoreVlnEpisode(ep, world.trajectory(), r.stopped, { geodesic: (a, b) => world.navmesh.geodesic(a, b) });
        scores.push(s.ne, s.pathLength, s.ndtw);
        visited.push(...world.trajectory());
      } finally {
        world.dispose();
      }
    }
    const all = texts.join('\n');
    expect(all).toContain(ep.instruction);
    for (const word of ['referencePath', 'geodesic', 'successRadius', 'navigation error', 'nDTW', 'SPL', 'oracle success']) expect(all).not.toContain(word);
    const lines = all.split('\n');
    const pairSeen = (p: readonly number[]) => lines.some((l) => l.includes(p[0].toFixed(2)) && l.includes(p[2].toFixed(2)));
    expect(pairSeen(ep.goal.position)).toBe(false);
    for (const p of ep.referencePath) expect(pairSeen(p)).toBe(false);
    for (const x of [ep.geodesicDistance, ...scores]) expect(all).not.toContain(x.toFixed(3));
    // no pose number at all (seed 003: forward RGB only): not the position the body passed through,
    // not a heading, floor or coordinate of any kind
    expect(visited.length).toBeGreaterThan(10);
    for (const p of [ep.start.position, ...visited]) expect(pairSeen(p)).toBe(false);
    expect(all).not.toMatch(/estimated position|position estimate|heading -?\d|\b[xz]=-?\d|floor -?\d|floor unknown/i);
  }, 120_000);
});
