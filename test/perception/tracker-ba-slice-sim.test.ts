/**
 * A keyframe's bundle adjustment spread over frames (baSlice, native NT_P_BA_SLICE) on the simulator's
 * frames of house 7's lap (bench/support/loop-tour.ts), trackers fed the same frames:
 * - one-shot: the whole adjustment in the keyframe's frame;
 * - settled: sliced, and settled between frames (Tracker.settle) the first time an adjustment is under
 *   way: the same iterations on the same problem, so the map is the one-shot tracker's, pose for pose;
 * - sliced: two damping tries per frame over the lap, tracking going on in the map as each keyframe left
 *   it: its frame poses stay within a few centimetres of the one-shot tracker's, and settle() leaves
 *   no work pending (what a house memory saves is the adjusted map).
 */
import { describe, expect, it } from 'vitest';
import type { Mat4 } from '../../src/geometry/pose.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { Tracker } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from '../../bench/support/loop-tour.js';

const centreGap = (a: Mat4, b: Mat4) => Math.hypot(a[3] - b[3], a[7] - b[7], a[11] - b[11]);

describe('keyframe bundle adjustment in slices (simulator)', () => {
  it('settled between frames gives the one-shot poses; over a lap the poses stay close', async () => {
    const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    const opts = simTrackerOptions(body);
    const oneShot = await Tracker.create(opts);
    const sliced = await Tracker.create({ ...opts, baSlice: 2 });
    let settled: Tracker | null = await Tracker.create({ ...opts, baSlice: 2 });
    try {
      let frames = 0,
        underWay = 0,
        settledGap = Infinity,
        settledKeyframes = 0;
      const gaps: number[] = [];
      for await (const s of loopTour(body, 20, 1, 600)) {
        frames++;
        const a = oneShot.track(s.frame);
        const b = sliced.track(s.frame);
        if (a.status === 'ok' && b.status === 'ok' && a.pose && b.pose) gaps.push(centreGap(a.pose, b.pose));
        if (sliced.counts().mappingUnderWay) underWay++;
        if (settled) {
          settled.track(s.frame);
          if (settled.counts().mappingUnderWay) {
            expect(settled.settle()).toBe(false);
            expect(settled.counts().mappingUnderWay).toBe(0);
            const one = new Map(oneShot.keyframePoses().map((k) => [k.id, k.pose]));
            const kfs = settled.keyframePoses();
            settledKeyframes = kfs.length;
            settledGap = Math.max(...kfs.map((k) => centreGap(one.get(k.id)!, k.pose)));
            settled.dispose();
            settled = null;
          }
        }
      }
      // the first adjustment under way, settled: exactly the one-shot tracker's keyframes
      expect(settledKeyframes).toBeGreaterThan(1);
      expect(settledGap).toBeLessThan(1e-9);
      // the adjustments really ran over later frames
      expect(underWay).toBeGreaterThan(20);
      expect(gaps.length).toBeGreaterThan(frames * 0.95);
      expect(Math.max(...gaps)).toBeLessThan(0.05);
      sliced.settle();
      expect(sliced.counts().mappingUnderWay).toBe(0);
      expect(sliced.closeStep(1)).toBe(false);
    } finally {
      oneShot.dispose();
      sliced.dispose();
      settled?.dispose();
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  }, 900_000);

  it('refuses a slice outside 0..100 whole iterations', async () => {
    const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    try {
      await expect(Tracker.create({ ...simTrackerOptions(body), baSlice: 101 })).rejects.toThrow(/baSlice/);
      await expect(Tracker.create({ ...simTrackerOptions(body), baSlice: 1.5 })).rejects.toThrow(/baSlice/);
    } finally {
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  });
});
