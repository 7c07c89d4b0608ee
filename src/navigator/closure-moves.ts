/**
 * After a loop closure: the navigator's world is the one it had at the place met again, the places,
 * views and trail points this run recorded move by the correction of the keyframe made last before
 * them (`move(time)`: that correction, or null where none applies), and the body keeps its height.
 */
import { cameraHeightOf, NAVIGATOR_FRAME, raisePose, type Mat4, type PlanarPose } from '../geometry/index.js';
import type { PlanarPoint } from '../mapping/index.js';
import type { PoseEstimate } from '../perception/index.js';
import { movedPlanar } from './loop-rebuild.js';
import type { MapWorldLog } from './map-world-log.js';
import type { MotionCheck } from './motion-check.js';
import type { PlaceStore } from './places.js';
import type { View } from './view-bank.js';

export interface MovableRecords {
  places: PlaceStore;
  /** place name (lower case) → the time it was marked */
  placeTimes: ReadonlyMap<string, number>;
  views: Array<{ remap(f: (v: View) => View): void }>;
  trails: PlanarPoint[][];
  /** per trail point its frame's time (NaN: a point from an earlier run, which does not move) */
  trailTimes: number[][];
}

/**
 * A closure that names the place it met again (PoseEstimate.loopMatchedAt), before its frame is judged:
 * the navigator's world from here is the one it had at that place (MapWorldLog.rebase), and the motion
 * check carries the poses into it. Left as it was, a correction the check had made for a slide the
 * closure then took out of the tracker's map was applied twice: 7:aliasing's live tour, a 4° slide
 * caught at a keyframe, 13 actions before its second closure, after which the navigator's heading was
 * 4.3° off while the tracker's was 0.3°, and every later frame was mapped so.
 */
export function rebaseAtClosure(est: PoseEstimate, log: MapWorldLog, check: MotionCheck | null): void {
  if (!est.loopClosed || est.loopMatchedAt === undefined) return;
  const d = log.rebase(est.mapId, est.loopMatchedAt);
  if (d) check?.shift(d);
}

export function moveRecords(move: (time: number) => Mat4 | null, r: MovableRecords): void {
  const movePose = (p: PlanarPose, t: number | undefined): PlanarPose => {
    const d = t === undefined ? null : move(t);
    return d ? movedPlanar(d, p) : p;
  };
  const moveView = (v: View): View => ({ ...v, pose: movePose(v.pose, v.time) });
  for (const p of r.places.list()) r.places.restore({ ...p, pose: movePose(p.pose, r.placeTimes.get(p.name.toLowerCase())), views: p.views.map(moveView) });
  for (const v of r.views) v.remap(moveView);
  // a trail holds a point per mapped frame (thousands after a long tour) and runs of them share their
  // keyframe's correction: each correction's planar part is worked out once (it cost a navigator frame
  // 13-61 ms of CPU to move 6700 points one matrix product each)
  let last: Mat4 | null = null,
    a = IDENTITY_AFFINE;
  r.trails.forEach((trail, f) => {
    const times = r.trailTimes[f] ?? [];
    for (let i = 0; i < (trail?.length ?? 0); i++) {
      const d = Number.isNaN(times[i]) || times[i] === undefined ? null : move(times[i]);
      if (!d) continue;
      if (d !== last) {
        last = d;
        a = planarAffine(d);
      }
      const { x, z } = trail[i];
      trail[i] = { x: a[0] + a[2] * x + a[4] * z, z: a[1] + a[3] * x + a[5] * z };
    }
  });
}

type PlanarAffine = readonly [number, number, number, number, number, number];
const IDENTITY_AFFINE: PlanarAffine = [0, 0, 1, 0, 0, 1];

/**
 * Where `delta` takes a floor point, as an affine map of (x, z): the images of (0, 0), and the moves
 * of (1, 0) and (0, 1) from it (`movedPlanar`'s position part is affine in x and z for any rigid motion).
 */
export function planarAffine(delta: Mat4): PlanarAffine {
  const o = movedPlanar(delta, { x: 0, z: 0, yaw: 0 }),
    ex = movedPlanar(delta, { x: 1, z: 0, yaw: 0 }),
    ez = movedPlanar(delta, { x: 0, z: 1, yaw: 0 });
  return [o.x, o.z, ex.x - o.x, ex.z - o.z, ez.x - o.x, ez.z - o.z];
}

/**
 * The pose of the frame that closed a loop, `pose`, put back at the height of the pose before it,
 * `last`; the worlds under the tracker (anchoring, motion check) are raised by the same amount. The
 * closure's jump along up is dropped because heights are the floor tracker's (mapping/floors.ts): it
 * has taken the tracker's vertical drift out of the navigator's poses already, and the closure taking
 * it out of the tracker's poses too would lower the body twice, off its floor (0.3–0.7 m after a climb
 * the tracker under-read).
 */
export function holdHeight(pose: Mat4, last: Mat4, worlds: Array<{ raise(dh: number): void } | null>): Mat4 {
  const dh = cameraHeightOf(NAVIGATOR_FRAME, last) - cameraHeightOf(NAVIGATOR_FRAME, pose);
  for (const w of worlds) w?.raise(dh);
  return raisePose(NAVIGATOR_FRAME, pose, dh);
}
