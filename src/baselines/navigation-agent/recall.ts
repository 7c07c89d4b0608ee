/**
 * RECALL: the previous handover says where the goal was seen — a marked place and the object's offset
 * from it. The spot is approached like a sighting (claimed only once the goal is in view there); a
 * place without an offset is driven to and explored around. A place on another floor is reached by a
 * known flight first.
 */
import { act, goto, type Ctx, type Decision } from './context.js';
import { pointOf } from './memory.js';
import { driveAndFace, planRoute } from './motion.js';

export function recall(c: Ctx): Decision {
  const t = c.task;
  if (c.sighting) {
    t.goal = c.sighting.point;
    return goto('approach');
  }
  const seen = t.recall;
  t.recall = null;
  const place = seen ? c.nav.places.get(seen.place) : undefined;
  if (!seen || !place) return goto('explore');
  if (place.floor !== c.nav.floor) {
    // seen on another floor: take a known flight there first, then come back to this
    const floor = c.nav.floor ?? 0;
    const flight = c.flights.find((f) => f.floor === floor && f.to === place.floor) ?? c.flights.find((f) => f.floor === floor && f.to === undefined);
    if (!flight) return goto('explore');
    t.recall = seen;
    t.stairs = { flight, turns: 0, onFlight: false };
    return goto('stairs');
  }
  const spot = pointOf(seen, c.nav.places.list());
  if (spot && seen.offset) {
    t.goal = spot;
    t.goalFrom = null;
    t.focus = spot;
    t.stalls = 0;
    t.bestGoalDistM = Infinity;
    return goto('approach');
  }
  t.focus = { x: place.pose.x, z: place.pose.z };
  const d = Math.hypot(place.pose.x - c.pose.x, place.pose.z - c.pose.z);
  const route = d > 1.0 ? planRoute(c.nav, place.pose) : null;
  if (!route || route.status !== 'ok') return goto('explore');
  const actions = driveAndFace(route.path, c.pose, null);
  if (!actions.includes('forward')) return goto('explore');
  // keep heading there on the next turns too
  t.recall = seen;
  return act(actions, `to '${place.name}', where the goal was seen before (${d.toFixed(1)} m)`);
}
