/**
 * Loop closing on the simulator's frames (bench/support/loop-tour.ts drives the laps):
 * - house 7, one lap through the ground floor's rooms back to the first: the place is found again,
 *   the closure matches a keyframe the camera truly stands near, and the final keyframe trajectory
 *   drifts less than the same frames give without loop closing;
 * - the perceptual-aliasing house (two identical rooms): the copy's views verify geometrically against
 *   the original's keyframes (identical furniture), but the correction that would need is far more
 *   than the drift since, so it is refused and no closure joins the two rooms.
 */
import { describe, expect, it } from 'vitest';
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { readMapKeyframes, Tracker } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from '../../bench/support/loop-tour.js';

const pos = (m: Mat4 | Float64Array): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function keyframeRmse(t: Tracker, gt: Vec3[]): number {
  const kfs = readMapKeyframes(t.saveMap());
  const ref = kfs.map((k) => gt[k.frame - 1]);
  const T = alignRigid(
    ref,
    kfs.map((k) => k.centre),
  );
  return Math.sqrt(kfs.reduce((a, k, i) => a + dist(transformPoint(T, k.centre), ref[i]) ** 2, 0) / kfs.length);
}

interface Closure {
  frame: number;
  matchFrame: number;
  /** distance of the camera from the matched keyframe: in the corrected map and truly */
  dMap: number;
  dTrue: number;
}

async function drive(house: { seed: number; aliasing?: true }, minPathM: number, maxFrames: number, both: boolean) {
  const body = await SimBody.create(await loadHouse({ kind: 'procedural', ...house }));
  const loop = await Tracker.create({ ...simTrackerOptions(body), loopClosing: true });
  const open = both ? await Tracker.create(simTrackerOptions(body)) : null;
  try {
    const gt: Vec3[] = [];
    const closures: Closure[] = [];
    for await (const s of loopTour(body, minPathM, 1, maxFrames)) {
      gt.push(pos(body.simCameraPose()));
      open?.track(s.frame);
      const e = loop.track(s.frame);
      const c = loop.counts();
      if (c.loopClosures > closures.length) {
        const m = readMapKeyframes(loop.saveMap()).find((k) => k.frame === c.loopMatchFrame)!;
        closures.push({
          frame: gt.length,
          matchFrame: c.loopMatchFrame,
          dMap: dist(m.centre, pos(e.pose!)),
          dTrue: dist(gt[c.loopMatchFrame - 1], gt.at(-1)!),
        });
      }
    }
    return { closures, stats: loop.loopStats(), rmseLoop: keyframeRmse(loop, gt), rmseOpen: open ? keyframeRmse(open, gt) : Number.NaN };
  } finally {
    loop.dispose();
    open?.dispose();
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}

describe('loop closing (simulator)', () => {
  it('closes the lap in house 7 at the right place and removes most of the drift', async () => {
    const r = await drive({ seed: 7 }, 45, 1600, true);
    expect(r.closures.length).toBeGreaterThanOrEqual(1);
    for (const c of r.closures) expect(Math.abs(c.dMap - c.dTrue)).toBeLessThan(0.3);
    expect(r.rmseLoop).toBeLessThan(r.rmseOpen / 2);
  }, 600_000);

  it('refuses the twin room of the aliasing house although its views verify', async () => {
    // the draft without the drift budget joined the two rooms at frame 889 of this tour
    const r = await drive({ seed: 7, aliasing: true }, 20, 1000, false);
    expect(r.stats.implausible).toBeGreaterThanOrEqual(1);
    for (const c of r.closures) expect(Math.abs(c.dMap - c.dTrue)).toBeLessThan(0.5);
  }, 600_000);
});
