/**
 * A pocket of remembered walls: an earlier run's obstacles that do not fit where this run stands (its
 * pose a metre off the saved grid) can close every route out of where the robot is, and the floor then
 * looks searched after a few metres (seed:30 run 2: tasks 3–5 closed after 3–4 m with no viewpoint the
 * map could route to). When no drive is left, the remembered walls around the robot are taken as
 * unknown once per task and floor, and the robot looks again, as a person would who finds a remembered
 * room does not match what is in front of them.
 */
import { forgetRemembered } from '../../mapping/index.js';
import { act, type Ctx, type Decision } from './context.js';
import type { TaskState } from './types.js';

/** around the robot, m: farther than a relocalisation or a saved map's drift is off */
const RADIUS_M = 5;
const tried = new WeakMap<TaskState, Set<number>>();

export function lookPastRemembered(c: Ctx): Decision | null {
  const floor = c.nav.floor ?? 0;
  const floors = tried.get(c.task) ?? new Set<number>();
  tried.set(c.task, floors);
  if (floors.has(floor)) return null;
  floors.add(floor);
  const n = forgetRemembered(c.nav.map, floor, c.pose, RADIUS_M);
  if (n === 0) return null;
  return act(
    Array.from({ length: 12 }, () => 'left' as const),
    `no way out but through remembered walls: ${n} cells of them forgotten, look again`,
  );
}
