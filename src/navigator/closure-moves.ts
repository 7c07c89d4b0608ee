/**
 * After a loop closure: the places, views and trail points this run recorded move by the correction
 * of the keyframe made last before them (`move(time)`: that correction, or null where none applies),
 * and the body keeps its height.
 */
import { cameraHeightOf, NAVIGATOR_FRAME, raisePose, type Mat4, type PlanarPose } from '../geometry/index.js';
import type { PlanarPoint } from '../mapping/index.js';
import { movedPlanar } from './loop-rebuild.js';
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

export function moveRecords(move: (time: number) => Mat4 | null, r: MovableRecords): void {
  const movePose = (p: PlanarPose, t: number | undefined): PlanarPose => {
    const d = t === undefined ? null : move(t);
    return d ? movedPlanar(d, p) : p;
  };
  const moveView = (v: View): View => ({ ...v, pose: movePose(v.pose, v.time) });
  for (const p of r.places.list()) r.places.restore({ ...p, pose: movePose(p.pose, r.placeTimes.get(p.name.toLowerCase())), views: p.views.map(moveView) });
  for (const v of r.views) v.remap(moveView);
  r.trails.forEach((trail, f) => {
    const times = r.trailTimes[f] ?? [];
    for (let i = 0; i < (trail?.length ?? 0); i++) {
      const q = movePose({ ...trail[i], yaw: 0 }, Number.isNaN(times[i]) ? undefined : times[i]);
      trail[i] = { x: q.x, z: q.z };
    }
  });
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
