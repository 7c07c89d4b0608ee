/**
 * Coarse actions that follow a planned route: aim at the first route point at least `lookaheadM`
 * away, turn toward it in 15° steps, and move forward once roughly facing it. Shared by the offline
 * agents (they act through the step tool with these actions).
 */
import { headingTo, type PlanarPose, pointAhead, wrapAngle } from '../geometry/index.js';
import type { PlanarPoint } from '../mapping/index.js';
import { FORWARD_M, TURN_DEG, type CoarseAction } from './actions.js';

const TURN = (TURN_DEG * Math.PI) / 180;

export interface FollowOptions {
  /** route length (m) still to go before stopping */
  remainingM: number;
  lookaheadM?: number;
  /** at most this many actions per call */
  maxActions?: number;
  maxTurns?: number;
}

export function actionsAlong(path: readonly PlanarPoint[], pose: PlanarPose, o: FollowOptions): CoarseAction[] {
  const lookahead = o.lookaheadM ?? 0.6;
  let aim = path[path.length - 1];
  for (const p of path) {
    if (Math.hypot(p.x - pose.x, p.z - pose.z) >= lookahead) {
      aim = p;
      break;
    }
  }
  const want = headingTo(pose, aim);
  const turns = Math.round(wrapAngle(want - pose.yaw) / TURN);
  const actions: CoarseAction[] = [];
  for (let i = 0; i < Math.min(Math.abs(turns), o.maxTurns ?? 6); i++) actions.push(turns > 0 ? 'left' : 'right');
  if (Math.abs(turns) <= 1) {
    const fw = Math.min((o.maxActions ?? 4) - actions.length, Math.max(1, Math.round(Math.max(0, o.remainingM) / FORWARD_M)));
    for (let i = 0; i < fw; i++) actions.push('forward');
  }
  return actions.length ? actions : ['forward'];
}

/** How far the body may stray from the route (m) when it cuts across the planner's grid steps. */
const STRAY_M = 0.08;
/** Farthest aim along the route (m): the map beyond is less certain than the route near the body. */
const MAX_AIM_M = 2.5;

/**
 * The point the body heads for: the farthest route point (within MAX_AIM_M along it) that a straight
 * line from the body reaches without leaving the route by more than STRAY_M. An 8-connected route
 * runs in 45° steps; aiming only `lookahead` ahead follows each step with a turn, aiming along its
 * straight corridor drives it in one heading. Falls back to the first point `lookahead` away.
 */
function straightAim(path: readonly PlanarPoint[], k: number, x: number, z: number, lookahead: number): PlanarPoint {
  let aim: PlanarPoint | null = null;
  let along = 0;
  for (let j = k + 1; j < path.length; j++) {
    along += Math.hypot(path[j].x - path[j - 1].x, path[j].z - path[j - 1].z);
    if (along > MAX_AIM_M) break;
    if (!withinStray(path, k, j, x, z)) break;
    if (Math.hypot(path[j].x - x, path[j].z - z) >= lookahead) aim = path[j];
  }
  if (aim) return aim;
  for (let j = k; j < path.length; j++) if (Math.hypot(path[j].x - x, path[j].z - z) >= lookahead) return path[j];
  return path[path.length - 1];
}

/** Distance (m) from point p to the segment from a to b. */
function segmentDistance(p: PlanarPoint, a: PlanarPoint, b: PlanarPoint): number {
  const dx = b.x - a.x,
    dz = b.z - a.z;
  const len2 = dx * dx + dz * dz;
  const t = len2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.z - a.z) * dz) / len2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.z - (a.z + t * dz));
}

/** Whether route points k..j all lie within STRAY_M of the segment from (x, z) to point j. */
function withinStray(path: readonly PlanarPoint[], k: number, j: number, x: number, z: number): boolean {
  for (let i = k; i < j; i++) if (segmentDistance(path[i], { x, z }, path[j]) > STRAY_M) return false;
  return true;
}

/** Distance (m) from (x, z) to the route's segments from point k on (a few metres of it). */
function distanceToRoute(path: readonly PlanarPoint[], k: number, x: number, z: number): number {
  let best = Math.hypot(path[k].x - x, path[k].z - z);
  for (let i = k; i + 1 < path.length && i < k + 60; i++) best = Math.min(best, segmentDistance({ x, z }, path[i], path[i + 1]));
  return best;
}

export interface RouteActionOptions {
  /** at most this many actions (the step tool takes 12) */
  maxActions: number;
  /** stop this far (m, along the route) before its end */
  stopShortM?: number;
  lookaheadM?: number;
}

/**
 * Coarse actions that drive a whole route, not just its first leg: the body is simulated along the
 * route (turn in 15° steps toward a point `lookaheadM` ahead, move 0.25 m once facing it within
 * half a turn), so one call of the step tool can carry up to `maxActions` actions round corners.
 * The simulated pose is the planned one; a collision on the way ends the step early and the caller
 * plans again from where the body really is.
 */
export function routeActions(path: readonly PlanarPoint[], pose: PlanarPose, o: RouteActionOptions): CoarseAction[] {
  const lookahead = o.lookaheadM ?? 0.5;
  // cumulative length along the route, to know how much is left from the nearest route point
  const cum = [0];
  for (let i = 1; i < path.length; i++) cum.push(cum[i - 1] + Math.hypot(path[i].x - path[i - 1].x, path[i].z - path[i - 1].z));
  const stopAt = cum[cum.length - 1] - (o.stopShortM ?? 0);
  let { x, z, yaw } = pose;
  let k = 0;
  const actions: CoarseAction[] = [];
  let turnsInARow = 0;
  while (actions.length < o.maxActions) {
    // progress: the nearest route point ahead of the last one (monotonic)
    for (let j = k + 1; j < path.length && j <= k + 8; j++) {
      if (Math.hypot(path[j].x - x, path[j].z - z) <= Math.hypot(path[k].x - x, path[k].z - z)) k = j;
    }
    const end = path[path.length - 1];
    if (stopAt - cum[k] < FORWARD_M / 2 || Math.hypot(end.x - x, end.z - z) < FORWARD_M / 2) break;
    const aim = straightAim(path, k, x, z, lookahead);
    const want = headingTo({ x, z }, aim);
    const turns = Math.round(wrapAngle(want - yaw) / TURN);
    // one turn off (7.5°–22.5°) still moves forward while that keeps the body on the route: the 15°
    // headings rarely match the route's, and turning at every step to split the difference costs a
    // turn per forward
    const next = pointAhead({ x, z }, yaw, FORWARD_M);
    const onRoute = Math.abs(turns) === 1 && distanceToRoute(path, k, next.x, next.z) <= STRAY_M;
    if (turns !== 0 && !onRoute && turnsInARow < 12) {
      actions.push(turns > 0 ? 'left' : 'right');
      yaw = wrapAngle(yaw + Math.sign(turns) * TURN);
      turnsInARow++;
      continue;
    }
    turnsInARow = 0;
    actions.push('forward');
    ({ x, z } = pointAhead({ x, z }, yaw, FORWARD_M));
  }
  return actions;
}
