/**
 * What a benchmark run hands the world: the benchmark's navmesh, lent (the episodes of one scene
 * share it, so a world's dispose must leave it; a world that built its own destroys it), and the
 * preset's camera; and the presets themselves: what each applies, what it cannot, and refusals.
 */
import { describe, expect, it, vi } from 'vitest';
import { generateHouse, SceneNavMesh, type InstructionEpisode } from '../../src/sim/index.js';
import { openEpisodeWorld, World } from '../../src/world/index.js';
import { applyPreset, benchmarkAgent, BENCHMARK_PRESETS, settingsOf } from '../../src/world/node.js';

const SEED = 10;

describe('a lent navmesh', () => {
  it('survives the worlds that borrowed it; a world that built its own destroys it; the preset camera reaches the body', async () => {
    const scene = generateHouse(SEED);
    const nav = await SceneNavMesh.build(scene, benchmarkAgent('goat-bench'));
    const lentDestroy = vi.spyOn(nav, 'destroy');
    const camera = applyPreset('goat-bench', 'goat-bench').camera;
    const house = { kind: 'procedural' as const, seed: SEED };
    try {
      for (let k = 0; k < 2; k++) {
        const w = await World.open({ house, scene, navmesh: nav, camera, poseSource: 'ground-truth' });
        expect(w.navmesh).toBe(nav);
        expect(w.body.renderer.camera).toMatchObject({ cameraHeight: 1.31, hfovDeg: 42, width: 360, height: 640 });
        w.dispose();
      }
      expect(lentDestroy).not.toHaveBeenCalled();
      const a = scene.start.position;
      expect(Number.isFinite(nav.geodesic(a, a))).toBe(true);

      const ep: InstructionEpisode = {
        id: 'e',
        kind: 'instruction',
        house,
        start: scene.start,
        goal: { position: a },
        instruction: 'stop',
        referencePath: [a, a],
        geodesicDistance: 1,
        successRadius: 3,
      };
      const ew = await openEpisodeWorld(ep, scene, 'action', { navmesh: nav, camera: applyPreset('r2r-ce', 'r2r-ce').camera });
      expect(ew.navmesh).toBe(nav);
      expect(ew.sim.renderer.camera).toMatchObject({ cameraHeight: 1.25, hfovDeg: 90, width: 224, height: 224 });
      ew.dispose();
      expect(lentDestroy).not.toHaveBeenCalled();

      const own = await World.open({ house, scene, poseSource: 'ground-truth' });
      expect(own.navmesh).not.toBe(nav);
      expect(own.body.renderer.camera).toMatchObject({ cameraHeight: 0.88, hfovDeg: 79, width: 320, height: 240 });
      const ownDestroy = vi.spyOn(own.navmesh, 'destroy');
      own.dispose();
      expect(ownDestroy).toHaveBeenCalledTimes(1);
    } finally {
      nav.destroy();
    }
  }, 120_000);
});

describe('benchmark presets', () => {
  it('apply the benchmark camera and action limit, list what the body cannot take, and keep the papers setting by default', () => {
    expect(applyPreset('papers', 'goat-bench')).toEqual({
      preset: 'papers',
      camera: { cameraHeight: 0.88, hfovDeg: 79, width: 320, height: 240 },
      maxSteps: null,
      notApplied: [],
    });
    expect(applyPreset('papers', 'r2r-ce').maxSteps).toBe(500);
    const goat = applyPreset('goat-bench', 'goat-bench');
    expect(goat.camera).toEqual({ cameraHeight: 1.31, hfovDeg: 42, width: 360, height: 640 });
    expect(goat.maxSteps).toBe(5000);
    expect(goat.notApplied.join('; ')).toMatch(/turn 30°.*tilt 30°/);
    const rxr = applyPreset('rxr-ce', 'rxr-ce');
    expect(rxr.camera).toEqual({ cameraHeight: 0.88, hfovDeg: 79, width: 640, height: 480 });
    expect(rxr.notApplied.join('; ')).toMatch(/turn 30°/);
    const r2r = applyPreset('r2r-ce', 'r2r-ce');
    expect(r2r.camera).toEqual({ cameraHeight: 1.25, hfovDeg: 90, width: 224, height: 224 });
    // VLN-CE R2R's actions are the body's own: only the agent shape is left out
    expect(r2r.notApplied).toHaveLength(1);
    expect(r2r.notApplied[0]).toMatch(/^agent 1.5 m \/ 0.1 m/);
    expect(applyPreset('r2r-ce', 'ir2r-ce').camera).toEqual(r2r.camera);
    expect(() => applyPreset('r2r-ce', 'goat-bench')).toThrow(/a goat-bench run takes --preset papers or goat-bench/);
    const s = settingsOf('rxr-ce', 'rxr-ce');
    expect(s.run).toMatchObject({ cameraHeightM: 0.88, width: 640, height: 480, turnDeg: 15, maxSteps: 500, successDistanceM: 3, agentRadiusM: 0.18 });
    expect(s.benchmark).toBe(BENCHMARK_PRESETS['rxr-ce']);
    expect(s.not_applied).toEqual(rxr.notApplied);
    expect(settingsOf('goat-bench').run).toMatchObject({ cameraHeightM: 0.88, hfovDeg: 79, maxSteps: null, successDistanceM: 0.25, successTo: 'view-points' });
  });

  it('give each benchmark its navmesh agent', () => {
    expect(benchmarkAgent('goat-bench')).toEqual({ height: 1.41, radius: 0.17, maxClimb: 0.2, maxSlopeDeg: 45 });
    expect(benchmarkAgent('r2r-ce')).toMatchObject({ height: 1.5, radius: 0.1 });
    expect(benchmarkAgent('rxr-ce')).toMatchObject({ height: 0.88, radius: 0.18 });
  });
});
