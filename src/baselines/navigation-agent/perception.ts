/**
 * The oracle's perception: which pixels of the CURRENT view belong to an instance that satisfies the
 * goal (ground-truth instance ids — the agent's one privileged input), placed in the ESTIMATED world
 * with the view's depth and the navigator's estimated pose. Nothing else of the simulator is read.
 */
import type { BodyFrame } from '../../body/index.js';
import { columnRay, pointAhead } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { DepthView, Navigator } from '../../navigator/index.js';
import { goalPixels, pixelOf } from '../ground-truth-perception.js';
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

const inRange = (d: number) => d > 0 && d < MAX_DEPTH_M;

/**
 * The goal in the step's earlier views (the navigator banks each action's last view with its depth),
 * the latest that shows it, placed from where that view was seen; null when none does. A step's turn
 * sweeps up to half a round and its drive passes doorways, but only its last view was looked
 * through: house 18 task 3 turned seven headings left at its start, past a television 2.8 m away that
 * five of them showed, walked on to the stairs and searched the floor above to the end of its budget.
 */
export function goalInStepViews(nav: Navigator, views: readonly DepthView[], goalIds: readonly number[]): Sighting | null {
  const pose = nav.planar();
  if (!pose || nav.status !== 'ok') return null;
  const ids = new Set(goalIds);
  for (let k = views.length - 1; k >= 0; k--) {
    const { view, frame } = views[k];
    // a view from a flight or the floor left behind places nothing on this floor's map
    if (view.floor !== nav.floor) continue;
    const s = goalPixels(frame, ids, inRange);
    if (!s || s.pixels < MIN_PIXELS) continue;
    const { u } = pixelOf(frame, s.index);
    const ray = columnRay(nav.body.intrinsics, u);
    const point = pointAhead(view.pose, view.pose.yaw + ray.turn, s.depth * ray.rangePerDepth);
    const from = { x: view.pose.x, z: view.pose.z };
    return { point, distanceM: Math.hypot(point.x - pose.x, point.z - pose.z), pixels: s.pixels, from };
  }
  return null;
}
