/**
 * After a loop closure: the places, views and trail points this run recorded move by the correction
 * of the keyframe made last before them (`move(time)`: that correction, or null where none applies).
 */
import type { Mat4, PlanarPose } from '../geometry/index.js';
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
