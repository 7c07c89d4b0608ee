import { describe, expect, it } from 'vitest';
import { moveRecords } from '../../src/navigator/closure-moves.js';
import { movedPlanar } from '../../src/navigator/loop-rebuild.js';
import type { PlaceStore } from '../../src/navigator/places.js';

/** A rigid motion: a turn of `yaw` about the world's y axis, a small tilt about x, then a shift. */
function rigid(yaw: number, tilt: number, t: [number, number, number]): Float64Array {
  const cy = Math.cos(yaw),
    sy = Math.sin(yaw),
    ct = Math.cos(tilt),
    st = Math.sin(tilt);
  // Ry · Rx
  const R = [cy, sy * st, sy * ct, 0, ct, -st, -sy, cy * st, cy * ct];
  return Float64Array.from([R[0], R[1], R[2], t[0], R[3], R[4], R[5], t[1], R[6], R[7], R[8], t[2], 0, 0, 0, 1]);
}

describe('moving the trail after a closure', () => {
  it("puts every point where its keyframe's correction takes it, as movedPlanar does; points of an earlier run stay", () => {
    const deltas = [rigid(0.2, 0, [0.3, 0, -0.1]), rigid(-0.05, 0.01, [-0.02, 0.05, 0.4]), rigid(1.3, 0, [2, 0, 1])];
    const n = 300;
    const trail = Array.from({ length: n }, (_, i) => ({ x: 3 * Math.sin(i * 0.7), z: 2 * Math.cos(i * 0.3) - 1 }));
    const before = trail.map((p) => ({ ...p }));
    // runs of points share a correction; the first 20 have none, every 17th is from an earlier run (NaN)
    const times = trail.map((_, i) => (i % 17 === 5 ? Number.NaN : i));
    const move = (t: number) => (t < 20 ? null : deltas[Math.floor(t / 100) % deltas.length]);
    const places = { list: () => [], restore: () => undefined } as unknown as PlaceStore;
    moveRecords(move, { places, placeTimes: new Map(), views: [], trails: [trail], trailTimes: [times] });
    for (let i = 0; i < n; i++) {
      const d = Number.isNaN(times[i]) ? null : move(times[i]);
      const want = d ? movedPlanar(d, { ...before[i], yaw: 0 }) : before[i];
      expect(trail[i].x).toBeCloseTo(want.x, 9);
      expect(trail[i].z).toBeCloseTo(want.z, 9);
    }
    // and the corrections did move most points
    expect(trail.filter((p, i) => Math.hypot(p.x - before[i].x, p.z - before[i].z) > 0.05).length).toBeGreaterThan(n / 2);
  });
});
