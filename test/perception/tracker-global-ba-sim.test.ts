/**
 * Global bundle adjustment (Tracker.optimizeMap) on the simulator's frames, house 7's first rooms:
 * - on the map as tracking left it, the Huber cost falls and the keyframe trajectory's error against
 *   the true camera centres does not grow;
 * - a keyframe moved 0.25 m in a saved map (the file forged, its checksum resealed) is pulled back
 *   to where its landmarks put it, while the map's first keyframe (the gauge) stays put; when every
 *   keyframe observes too few landmarks to be adjusted (minObservations), nothing moves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { readMapKeyframes, Tracker, TrackerError, type MapKeyframe } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from '../../bench/support/loop-tour.js';
import { keyframeTranslationOffsets, resealMap } from '../helpers/map-file-forge.js';

const FRAMES = 360;
const pos = (m: Mat4 | Float64Array): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function rmse(kfs: MapKeyframe[], gt: Vec3[]): number {
  const ref = kfs.map((k) => gt[k.frame - 1]);
  const T = alignRigid(
    ref,
    kfs.map((k) => k.centre),
  );
  return Math.sqrt(kfs.reduce((a, k, i) => a + dist(transformPoint(T, k.centre), ref[i]) ** 2, 0) / kfs.length);
}

let body: SimBody;
let saved: Uint8Array;
const gt: Vec3[] = [];

describe('global bundle adjustment (simulator)', () => {
  beforeAll(async () => {
    body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    const t = await Tracker.create(simTrackerOptions(body));
    try {
      for await (const s of loopTour(body, 100, 1, FRAMES)) {
        gt.push(pos(body.simCameraPose()));
        t.track(s.frame);
      }
      saved = t.saveMap();
    } finally {
      t.dispose();
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  }, 120_000);

  const withMap = async <T>(bytes: Uint8Array, f: (t: Tracker) => T): Promise<T> => {
    const t = await Tracker.create(simTrackerOptions(body));
    try {
      t.loadMap(bytes);
      return f(t);
    } finally {
      t.dispose();
    }
  };

  it('lowers the cost and keeps the keyframe trajectory as close to the truth', async () => {
    const before = readMapKeyframes(saved);
    expect(before.length).toBeGreaterThan(8);
    const { r, after } = await withMap(saved, (t) => ({ r: t.optimizeMap({ iterations: 10 }), after: readMapKeyframes(t.saveMap()) }));
    expect(r.keyframes).toBe(before.length);
    expect(r.observations).toBeGreaterThan(1000);
    expect(r.costAfter).toBeLessThan(r.costBefore);
    expect(rmse(after, gt)).toBeLessThanOrEqual(rmse(before, gt) * 1.05 + 0.002);
  }, 60_000);

  it('pulls a displaced keyframe back and keeps the first one fixed', async () => {
    const kfs = readMapKeyframes(saved);
    const k = Math.floor(kfs.length / 2);
    const forged = saved.slice();
    const v = new DataView(forged.buffer);
    const o = keyframeTranslationOffsets(forged)[k];
    // world-to-camera translation: moving it by d moves the centre by −Rᵀd, 0.25 m either way
    v.setFloat64(o, v.getFloat64(o, true) + 0.15, true);
    v.setFloat64(o + 16, v.getFloat64(o + 16, true) - 0.2, true);
    resealMap(forged);
    const moved = readMapKeyframes(forged);
    expect(dist(moved[k].centre, kfs[k].centre)).toBeCloseTo(0.25, 3);
    const { r, after } = await withMap(forged, (t) => ({ r: t.optimizeMap({ minObservations: 0 }), after: readMapKeyframes(t.saveMap()) }));
    expect(r.followers).toBe(0);
    expect(r.costAfter).toBeLessThan(r.costBefore / 2);
    expect(dist(after[k].centre, kfs[k].centre)).toBeLessThan(0.03);
    expect(after[0].centre).toEqual(kfs[0].centre);
    const held = await withMap(forged, (t) => ({ r: t.optimizeMap({ minObservations: 10000 }), after: readMapKeyframes(t.saveMap()) }));
    expect(held.r.followers).toBe(kfs.length - 1);
    expect(held.after.map((x) => x.centre)).toEqual(moved.map((x) => x.centre));
  }, 60_000);

  it('refuses options out of range and a tracker without a map', async () => {
    const t = await Tracker.create(simTrackerOptions(body));
    try {
      expect(() => t.optimizeMap({ iterations: 0 })).toThrow(/iterations/);
      expect(() => t.optimizeMap({ minObservations: -1 })).toThrow(/minObservations/);
      expect(() => t.optimizeMap()).toThrow(TrackerError);
    } finally {
      t.dispose();
    }
  });
});
