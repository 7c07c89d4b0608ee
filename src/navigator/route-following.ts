/**
 * Coarse actions that follow a planned route: aim at the first route point at least `lookaheadM`
 * away, turn toward it in 15° steps, and move forward once roughly facing it. Shared by the offline
 * agents (they act through the step tool with these actions).
 */
import { type PlanarPose, wrapAngle } from '../geometry/index.js';
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
  const want = Math.atan2(-(aim.x - pose.x), aim.z - pose.z); // yaw 0 looks along +z, left positive
  const turns = Math.round(wrapAngle(want - pose.yaw) / TURN);
  const actions: CoarseAction[] = [];
  for (let i = 0; i < Math.min(Math.abs(turns), o.maxTurns ?? 6); i++) actions.push(turns > 0 ? 'left' : 'right');
  if (Math.abs(turns) <= 1) {
    const fw = Math.min((o.maxActions ?? 4) - actions.length, Math.max(1, Math.round(Math.max(0, o.remainingM) / FORWARD_M)));
    for (let i = 0; i < fw; i++) actions.push('forward');
  }
  return actions.length ? actions : ['forward'];
}
