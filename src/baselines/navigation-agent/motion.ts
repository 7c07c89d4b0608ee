/** Turning and route driving in coarse actions, over the navigator's estimated map. */
import { headingTo, wrapAngle } from '../../geometry/index.js';
import type { PlanarPoint, PlanOptions, PlanResult } from '../../mapping/index.js';
import { TURN_DEG, type CoarseAction, type Navigator, routeActions } from '../../navigator/index.js';
import type { Pose } from './types.js';

export const MAX_ACTIONS = 12;
const TURN = (TURN_DEG * Math.PI) / 180;

/** Turns (at most 12: any heading is within 180°) to face heading `want`. */
export function turnsTo(want: number, yaw: number): CoarseAction[] {
  const turns = Math.round(wrapAngle(want - yaw) / TURN);
  return Array.from({ length: Math.min(Math.abs(turns), MAX_ACTIONS) }, () => (turns > 0 ? 'left' : 'right'));
}

/**
 * A route keeping the body's radius from obstacles where the map allows, squeezing through otherwise.
 * With `nearM`, the route is for getting close to something seen (a vase on a table): it may end at
 * the reachable cell nearest the goal within that distance, and the narrower margin is taken when it
 * gets meaningfully closer (the wide margin's end, snapped round a table, may be out of reach).
 * `avoid`: points where the body was stopped whatever the map says, planned round.
 */
export function planRoute(nav: Navigator, goal: PlanarPoint, nearM?: number, avoid: readonly PlanarPoint[] = []): PlanResult {
  const base: PlanOptions = { startSnapM: 0.6, ...(avoid.length ? { avoid } : {}) };
  // 0.3 m first: a route along the 0.2 m margin grazes furniture the map has only partly seen (the
  // body's radius is 0.18 m), and each graze ends a step early
  if (nearM === undefined) {
    for (const clearanceM of [0.3, 0.2]) {
      const r = nav.plan(goal, undefined, { ...base, clearanceM });
      if (r.status === 'ok') return r;
    }
    return nav.plan(goal, undefined, base);
  }
  // the body's margin is kept: a route hugging obstacles (a gap the map shows a cell or two wide, chair
  // legs the depth sees through) ends in collisions, so the bare map is a last resort
  const tries: PlanOptions[] = [{ clearanceM: 0.3 }, { clearanceM: 0.2 }, { clearanceM: 0.2, targetSnapM: nearM, nearestReachable: true }];
  let best: PlanResult | null = null,
    bestGap = Infinity;
  for (const o of tries) {
    const r = nav.plan(goal, undefined, { ...base, ...o });
    if (r.status !== 'ok') continue;
    const gap = Math.hypot(r.target.x - goal.x, r.target.z - goal.z);
    if (gap < bestGap - SQUEEZE_GAIN_M) {
      best = r;
      bestGap = gap;
    }
    if (bestGap <= NEAR_ENOUGH_M) break;
  }
  if (best) return best;
  const bare = nav.plan(goal, undefined, base);
  return bare.status === 'ok' ? bare : nav.plan(goal, undefined, { ...base, targetSnapM: nearM, nearestReachable: true });
}

/** beyond any route in a house: a point the map has no route toward comes after every routed one */
const UNROUTED_M = 1000;

/**
 * How far `to` is to go from `from` on the map: the route toward it (ending within 1.5 m, as the
 * approach's does), plus the straight line from the route's end; UNROUTED_M more without a route.
 */
export function routeDistance(nav: Navigator, from: PlanarPoint, to: PlanarPoint): number {
  const r = planRoute(nav, to, 1.5);
  const straight = Math.hypot(to.x - from.x, to.z - from.z);
  return r.status === 'ok' ? r.lengthM + Math.hypot(r.target.x - to.x, r.target.z - to.z) : UNROUTED_M + straight;
}

/**
 * A step of actions along a route that starts behind the body: a half turn fills the whole step
 * (twelve turns of 15°), so it holds no forward, yet it is the way along the route.
 */
export function turnsRound(actions: readonly CoarseAction[]): boolean {
  return actions.length === MAX_ACTIONS && !actions.includes('forward');
}

/** a route with the narrower margin is taken only when it ends this much nearer the goal */
const SQUEEZE_GAIN_M = 0.25;
/** a route ending this near the goal (a seen surface is an obstacle cell, the margin keeps off it) is not bettered */
const NEAR_ENOUGH_M = 0.5;

/**
 * The route cut where it first comes within `withinM` of `point` with `point` in sight from there (a
 * route round a wall passes within reach of what is behind it before it gets to the open side).
 */
export function cutRoute(
  path: readonly PlanarPoint[],
  point: PlanarPoint,
  withinM: number,
  inSight: (from: PlanarPoint) => boolean = () => true,
): PlanarPoint[] {
  const i = path.findIndex((p) => Math.hypot(p.x - point.x, p.z - point.z) <= withinM && inSight(p));
  return i < 0 ? [...path] : path.slice(0, i + 1);
}

/**
 * Up to 12 actions along `path`, ending (when actions are left) turned to face `face`, so that the view
 * the step returns looks where it matters.
 */
export function driveAndFace(path: readonly PlanarPoint[], pose: Pose, face: PlanarPoint | null, stopShortM = 0): CoarseAction[] {
  const acts = routeActions(path, pose, { maxActions: MAX_ACTIONS, stopShortM });
  if (!face || acts.length >= MAX_ACTIONS) return acts;
  const end = simulate(pose, acts);
  const turns = turnsTo(headingTo(end, face), end.yaw);
  return [...acts, ...turns.slice(0, MAX_ACTIONS - acts.length)];
}

/** The pose after `actions`, as planned (no collisions). */
export function simulate(pose: Pose, actions: readonly CoarseAction[]): Pose {
  let { x, z, yaw } = pose;
  for (const a of actions) {
    if (a === 'forward') {
      x -= Math.sin(yaw) * 0.25;
      z += Math.cos(yaw) * 0.25;
    } else yaw = wrapAngle(yaw + (a === 'left' ? TURN : -TURN));
  }
  return { x, z, yaw };
}

/**
 * Heading of the longest free ray of the map from the robot (30° steps): the way out after bumps.
 * With `notAhead`, the headings within 30° of the current one are left out: the body has just failed
 * to move that way, whatever the map says (a railing or a chair leg the depth missed).
 */
export function openHeading(nav: Navigator, pose: Pose, notAhead = false): number {
  const floor = nav.floor ?? 0;
  let best = pose.yaw + Math.PI,
    bestLen = -1;
  for (let k = notAhead ? 2 : 0; k < (notAhead ? 11 : 12); k++) {
    const yaw = pose.yaw + (k * Math.PI) / 6;
    let len = 0;
    for (let r = 0.1; r <= 2.0; r += 0.1) {
      if (nav.map.cellAt(pose.x - Math.sin(yaw) * r, pose.z + Math.cos(yaw) * r, floor) !== 'free') break;
      len = r;
    }
    if (len > bestLen + 0.05) {
      bestLen = len;
      best = yaw;
    }
  }
  return best;
}
