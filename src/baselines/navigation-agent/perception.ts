/**
 * The oracle's perception: which pixels of the CURRENT view belong to an instance that satisfies the
 * goal (ground-truth instance ids — the agent's one privileged input), placed in the ESTIMATED world
 * with the view's depth and the navigator's estimated pose. Nothing else of the simulator is read.
 */
import type { BodyFrame } from '../../body/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import { planarPointAt } from '../view-point.js';
import type { Sighting } from './types.js';

/** fewer goal pixels than this (a sliver at the edge of the view) is not a sighting */
const MIN_PIXELS = 20;
const MAX_DEPTH_M = 6;

export function goalInView(nav: Navigator, goalIds: readonly number[]): Sighting | null {
  const frame: BodyFrame | null = nav.lastView;
  if (!frame?.ids || nav.status !== 'ok') return null;
  const ids = new Set(goalIds);
  let n = 0,
    best = Infinity,
    bu = 0,
    bv = 0;
  for (let i = 0; i < frame.ids.length; i++) {
    if (!ids.has(frame.ids[i])) continue;
    const d = frame.depth[i];
    if (!(d > 0 && d < MAX_DEPTH_M)) continue;
    n++;
    if (d < best) {
      best = d;
      bu = i % frame.width;
      bv = Math.floor(i / frame.width);
    }
  }
  if (n < MIN_PIXELS) return null;
  const camera = nav.poseMatrix();
  const pose = nav.planar();
  if (!camera || !pose) return null;
  const point = planarPointAt(camera, nav.body.intrinsics, bu, bv, best);
  return { point, distanceM: Math.hypot(point.x - pose.x, point.z - pose.z), pixels: n };
}
