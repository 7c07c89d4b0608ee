/** How the scripted agent moves on its own estimated map: routes, turns, the most open heading. */
import { wrapAngle, type PlanarPose } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import { type CoarseAction, type Navigator, actionsAlong } from '../../navigator/index.js';

const TURN = (15 * Math.PI) / 180;

/** The way out after a bump: the same heading rule as the navigation agent's. */
export { openHeading } from '../navigation-agent/motion.js';

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
