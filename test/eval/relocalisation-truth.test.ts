/**
 * The relocalisation's error against the truth (evaluation only): a world tied to the truth by one
 * frame's two poses, the error of a pose carried through it, and the late join's error measured on the
 * frame the navigator joined (its pose against that frame's truth, not the next frame's).
 */
import { describe, expect, it } from 'vitest';
import { identity, type Mat4, multiply } from '../../src/geometry/index.js';
import { LateJoinWatch, poseErrorM, worldToTruth } from '../../src/eval/relocalisation-truth.js';
import type { Navigator } from '../../src/navigator/index.js';

/** A camera pose turned by `yaw` about the vertical axis and at (x, y, z). */
function pose(yaw: number, x: number, y: number, z: number): Mat4 {
  const m = identity(),
    c = Math.cos(yaw),
    s = Math.sin(yaw);
  m[0] = c;
  m[2] = s;
  m[8] = -s;
  m[10] = c;
  [m[3], m[7], m[11]] = [x, y, z];
  return m;
}

/** A navigator as the watch reads it: the late join's frame, the refusals so far and the estimated pose. */
function navStub(est: Mat4 | null) {
  return {
    lateRelocalisedAt: null as number | null,
    est,
    state: { joinRefusals: 0 },
    poseMatrix() {
      return this.est;
    },
  };
}

/** The true poses of a body walking straight on in steps of a quarter metre, in the world `t`. */
function walk(t: Mat4, frames: number): Mat4[] {
  return Array.from({ length: frames }, (_, i) => multiply(t, pose(0, 0, 0, i * 0.25)));
}

describe('the relocalisation error against the truth', () => {
  it('ties a world to the truth by one frame and measures another frame through it', () => {
    // the truth is the estimated world turned by 30° and shifted
    const t = pose(Math.PI / 6, 4, 0.2, -3);
    const est0 = pose(0.4, 1, 0, 2),
      est1 = pose(-1.1, 3, 0, -1);
    const g = worldToTruth(est0, multiply(t, est0));
    expect(poseErrorM(g, est1, multiply(t, est1))).toBeLessThan(1e-9);
    // a pose 0.3 m off along x in the estimated world is 0.3 m off in the truth
    const off = pose(-1.1, 3.3, 0, -1);
    expect(poseErrorM(g, off, multiply(t, est1))).toBeCloseTo(0.3, 9);
  });

  it('measures the late join on the frame the navigator joined, once, and only when armed', () => {
    const t = pose(0.7, -2, 0, 5);
    const truths = walk(t, 4);
    let frame = 0;
    const nav = navStub(null);
    const watch = new LateJoinWatch(nav as unknown as Navigator, () => truths[frame], t, true);
    // frames 0 and 1 are made and tracked in the run's own world
    watch.frame();
    frame = 1;
    watch.frame();
    expect(watch.errorM).toBeNull();
    // frame 1 was joined, its pose 0.1 m off sideways; frame 2 is being made now (a quarter metre on)
    nav.lateRelocalisedAt = 431;
    nav.est = pose(0, 0.1, 0, 0.25);
    frame = 2;
    watch.frame();
    expect(watch.errorM).toBeCloseTo(0.1, 9);
    // later frames do not change it
    nav.est = pose(0, 2, 0, 0.5);
    frame = 3;
    watch.frame();
    expect(watch.errorM).toBeCloseTo(0.1, 9);

    // unarmed (the start turn relocalised): nothing is measured; no saved world to truth: not measurable
    for (const [g, armed] of [
      [t, false],
      [null, true],
    ] as const) {
      const w = new LateJoinWatch(nav as unknown as Navigator, () => truths[frame], g, armed);
      w.frame();
      expect(w.errorM).toBeNull();
    }
  });

  it('keeps the error of each join the navigator refuted and measures the next late join afresh', () => {
    const t = pose(0.7, -2, 0, 5);
    const truths = walk(t, 7);
    let frame = 0;
    const nav = navStub(pose(0, 1.8, 0, 0));
    // the start turn joined 1.8 m off (measured by the start's own check): nothing armed
    const watch = new LateJoinWatch(nav as unknown as Navigator, () => truths[frame], t, false, 1.8);
    watch.frame();
    expect(watch.refused).toEqual([]);
    // frame 1 (posed 1.8 m off along x) refuted the start join
    frame = 1;
    nav.est = pose(0, 1.8, 0, 0.25);
    watch.frame();
    nav.state.joinRefusals = 1;
    frame = 2;
    watch.frame();
    expect(watch.refused).toEqual([{ errorM: 1.8 }]);
    expect(watch.startRefused).toBe(true);
    // the world goes on from the refuted pose: its G puts frame 1's pose on frame 1's truth
    expect(poseErrorM(watch.ownWorldToTruth!, pose(0, 1.8, 0, 0.25), truths[1])).toBeLessThan(1e-9);
    // a late join 0.05 m off at frame 2, refuted at frame 4; another at frame 5, 0.02 m off, stands
    nav.lateRelocalisedAt = 300;
    nav.est = pose(0, 0.05, 0, 0.5);
    frame = 3;
    watch.frame();
    expect(watch.errorM).toBeCloseTo(0.05, 9);
    nav.lateRelocalisedAt = null;
    nav.state.joinRefusals = 2;
    frame = 4;
    watch.frame();
    expect(watch.refused.map((r) => r.errorM)).toEqual([1.8, expect.closeTo(0.05, 9)]);
    expect(watch.errorM).toBeNull();
    nav.lateRelocalisedAt = 500;
    nav.est = pose(0, 0.02, 0, 1);
    frame = 5;
    watch.frame();
    expect(watch.errorM).toBeCloseTo(0.02, 9);
    expect(watch.refused).toHaveLength(2);
  });
});
