/**
 * A floor's share of the step budget. Without a sighting the goal is as likely on any floor of the
 * house, and the corners left on a large floor cost more steps per new cell than a floor not yet
 * looked at: so a task that has spent 1/n of its steps on the floor it is on (n the floors known: the
 * map's layers and where the known flights start and lead) tries a floor it has not looked at, a known
 * flight away, before it searches on here. Houses 0..9 on 2026-12-06 lost four tasks to the start floor
 * searched to the last of the 500 steps while the other floor's flight was in the handover.
 */
import type { Ctx } from './context.js';

/** The floors the robot knows of: its map's layers, and those the known flights start from and lead to. */
export function floorsKnown(c: Pick<Ctx, 'nav' | 'flights'>): number {
  const ids = new Set(c.nav.map.floors().map((l) => l.id));
  for (const f of c.flights) {
    ids.add(f.floor);
    if (f.to !== undefined) ids.add(f.to);
  }
  // a flight not yet taken leads to some other floor, perhaps one of those known
  return Math.max(ids.size, c.flights.some((f) => f.to === undefined) ? 2 : 1);
}

/** Steps spent on the current floor since this task arrived there have reached its share of the budget. */
export function floorShareSpent(c: Pick<Ctx, 'nav' | 'flights' | 'turn' | 'task'>): boolean {
  const steps = c.turn.steps();
  const since = c.task.floorSince;
  if (!steps || !since || since.floor !== c.nav.floor) return false;
  return steps.used - since.used >= steps.limit / floorsKnown(c);
}

/** Notes when the task arrived on the floor it is on (the step count then). */
export function noteFloor(t: Ctx['task'], floor: number, used: number): void {
  if (t.floorSince?.floor !== floor) t.floorSince = { floor, used };
}
