/** How the scripted agent moves on its own estimated map: routes, turns, the most open heading. */
import { wrapAngle, type PlanarPose } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import { type CoarseAction, type Navigator, actionsAlong } from '../../navigator/index.js';

const TURN = (15 * Math.PI) / 180;

/** Heading (yaw) of the longest free ray on the map from the robot, in 30° steps. */
export function openHeading(nav: Navigator, pose: PlanarPose): number {
  const floor = nav.floor ?? 0;
  let best = pose.yaw + Math.PI, bestLen = -1;
  for (let k = 0; k < 12; k++) {
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

export function turnsTo(want: number, yaw: number): CoarseAction[] {
  const turns = Math.round(wrapAngle(want - yaw) / TURN);
  return Array.from({ length: Math.min(Math.abs(turns), 11) }, () => (turns > 0 ? 'left' : 'right'));
}

/** Coarse actions toward `goal` along the planned route; null when no route exists. */
export function follow(nav: Navigator, goal: PlanarPoint, pose: PlanarPose, stopShortM: number, maxActions: number): CoarseAction[] | null {
  // Keep the body's radius from obstacles where the map allows it; squeeze through otherwise.
  let route = nav.plan(goal, undefined, { clearanceM: 0.2, startSnapM: 0.6 });
  if (route.status !== 'ok') route = nav.plan(goal);
  if (route.status !== 'ok') return null;
  return actionsAlong(route.path, pose, { remainingM: route.lengthM - stopShortM, maxActions });
}
