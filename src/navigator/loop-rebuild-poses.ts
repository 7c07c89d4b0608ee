/** Pose helpers of the live rebuild (loop-rebuild.ts): which keyframe a kept one is, and moving by a correction. */
import { invert, multiply, NAVIGATOR_FRAME, planarPose, levelPose, type Mat4, type PlanarPose } from '../geometry/index.js';
import type { KeyframePose } from '../perception/index.js';

/** keyframe timestamps from the pose source match a frame's within this, s */
export const SAME_TIME_S = 1e-6;
/** a keyframe moved less than this by a closure (m, rad) leaves its floor as mapped */
const MOVED_M = 0.02;
const TURNED_RAD = 0.004;

/**
 * The keyframe of `sorted` (by timestamp) made at time `t`. A map taken back from a house memory holds
 * the keyframes of earlier runs, whose clocks started at 0 as this run's did, so several may share
 * `t`: the one that is this run's is the one whose pose is nearest where this run's tracker put it
 * (`tracked`), else the newest. Matching the first of them put this run's depth at an earlier run's
 * keyframe, elsewhere in the house, and each rebuild sprayed the floor with it (seed:0 run 4, issue 34).
 */
export function keyframeAt(sorted: KeyframePose[], t: number, tracked: Mat4 | null): KeyframePose | undefined {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].timestamp < t - SAME_TIME_S) lo = mid + 1;
    else hi = mid;
  }
  let best: KeyframePose | undefined,
    bestD = Number.POSITIVE_INFINITY;
  for (let i = lo; i < sorted.length && sorted[i].timestamp <= t + SAME_TIME_S; i++) {
    const k = sorted[i];
    const d = tracked ? Math.hypot(k.pose[3] - tracked[3], k.pose[7] - tracked[7], k.pose[11] - tracked[11]) : 0;
    if (!best || d < bestD || (d === bestD && k.id > best.id)) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

/** `p` moved by the world correction `delta` (a rigid motion about the up axis). */
export function movedPlanar(delta: Mat4, p: PlanarPose): PlanarPose {
  return planarPose(NAVIGATOR_FRAME, multiply(delta, levelPose(NAVIGATOR_FRAME, p, 0)));
}

/** The angle (rad) of a rigid motion's rotation, about whatever axis, from its trace. */
function turnOf(m: Mat4): number {
  return Math.acos(Math.min(1, Math.max(-1, (m[0] + m[5] + m[10] - 1) / 2)));
}

export function moved(delta: Mat4): boolean {
  return Math.hypot(delta[3], delta[7], delta[11]) > MOVED_M || turnOf(delta) > TURNED_RAD;
}

/** The correction of the last of `moves` (by time) at or before `t`; null before the first. */
export function correctionAt(moves: { t: number; delta: Mat4 }[], t: number): Mat4 | null {
  if (!moves.length || t < moves[0].t - SAME_TIME_S) return null;
  let lo = 0,
    hi = moves.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (moves[mid].t <= t + SAME_TIME_S) lo = mid;
    else hi = mid - 1;
  }
  return moves[lo].delta;
}

/** True when `pose` stands at least `m` metres or `rad` radians (about any axis) from `from`. */
export function apart(from: Mat4, pose: Mat4, m: number, rad: number): boolean {
  const d = multiply(invert(from), pose);
  return Math.hypot(d[3], d[7], d[11]) >= m || turnOf(d) >= rad;
}
