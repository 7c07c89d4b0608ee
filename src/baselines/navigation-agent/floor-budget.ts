/**
 * FLOOR BUDGET: how a task's steps are shared between the floor in hand and a floor it has not looked
 * at. Every failure left on houses 0..9 and 30..39 with SLAM ran out of steps (499 of 500) on one
 * floor: the other floor was tried only when this one was down to scraps (house 5 task 2: the flight
 * search began about seven turns before the budget ended). A two-storey house has the goal on either
 * floor, so a floor not yet looked at is owed a share of the budget:
 * - with a flight to it known, the floor in hand is left when the steps left after the trip there fall
 *   to that share, unless what is left here still pays better than the trip would (expected cells
 *   looked at over the steps left: the best option here against this task's own rate after the trip);
 * - with no flight known, the search for one (flight-search.ts) starts once half the budget is spent
 *   and the views here have thinned out, not only when nothing but scraps is left.
 */
import { FORWARD_M } from '../../navigator/index.js';
import type { Ctx } from './context.js';
import { planRoute } from './motion.js';
import type { Flight } from './stairs.js';

/** share of the step budget a floor this task has not looked at is owed */
export const OTHER_FLOOR_SHARE = 0.4;
/** share of the step budget after which a flight is looked for while the views still show something */
export const SEEK_SHARE = 0.5;
/** below this many new cells per step (twice the scraps' rate) the views here have thinned out */
export const THIN_RATE = 4;
/** steps the turns on the way to a foot and the settling at the top add to the walk, as a share of it */
const TURN_OVERHEAD = 0.3;
/** steps that climb a flight besides its length (aiming at its foot, settling on the floor above) */
const CLIMB_EXTRA = 12;

/** The step budget spent and left, or null when the task states none. */
export function stepsLeft(c: Pick<Ctx, 'turn'>): { used: number; left: number; limit: number } | null {
  const s = c.turn.steps();
  return s ? { used: s.used, left: s.limit - s.used, limit: s.limit } : null;
}

/** Steps to the flight's foot on the map and up it; null when the map has no way there. */
export function tripSteps(c: Pick<Ctx, 'nav' | 'pose'>, f: Flight): number | null {
  const route = planRoute(c.nav, f.bottom, 1.0);
  if (route.status !== 'ok') return null;
  return ((route.lengthM + f.spanM) / FORWARD_M) * (1 + TURN_OVERHEAD) + CLIMB_EXTRA;
}

/** New cells per step this task has had so far on all floors: what a floor not yet looked at is expected to give. */
export function taskRate(c: Pick<Ctx, 'task' | 'turn'>): number {
  const s = stepsLeft(c);
  if (!s || s.used <= 0) return 0;
  let seen = 0;
  for (const cov of c.task.coverage.values()) seen += cov.size;
  return seen / s.used;
}

/**
 * The floor in hand is left now for the one `f` leads to: the steps left after the trip fall to that
 * floor's share of the budget, and the trip still pays (what the new floor would give over the steps
 * left after it beats `hereRate`, the best option here, over all of them).
 */
export function dueForOtherFloor(c: Pick<Ctx, 'nav' | 'pose' | 'task' | 'turn'>, f: Flight, hereRate: number): boolean {
  const s = stepsLeft(c);
  if (!s) return false;
  const trip = tripSteps(c, f);
  if (trip === null) return false;
  const after = s.left - trip;
  if (after <= 0 || after > OTHER_FLOOR_SHARE * s.limit) return false;
  return taskRate(c) * after > hereRate * s.left;
}

/** Half the budget spent, no flight known and the views here thinned out: time to look for a flight. */
export function dueForFlightSearch(c: Pick<Ctx, 'turn'>, hereRate: number): boolean {
  const s = stepsLeft(c);
  return s !== null && s.used >= SEEK_SHARE * s.limit && hereRate < THIN_RATE;
}
