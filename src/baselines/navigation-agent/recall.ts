/**
 * RECALL: the previous handover says the goal was seen near a marked place: drive there, then explore
 * around it (viewpoints near the place first) until the goal is in view. A place on another floor is
 * reached by a known flight first.
 */
import { act, goto, type Ctx, type Decision } from './context.js';
import { driveAndFace, planRoute } from './motion.js';

export function recall(c: Ctx): Decision {
  const t = c.task;
  if (c.sighting) {
    t.goal = c.sighting.point;
    return goto('approach');
  }
  const place = t.recallPlace ? c.nav.places.get(t.recallPlace) : undefined;
  t.recallPlace = null;
  if (!place) return goto('explore');
  if (place.floor !== c.nav.floor) {
    // seen on another floor: take a known flight there first, then come back to this
    const floor = c.nav.floor ?? 0;
    const flight = c.flights.find((f) => f.floor === floor && f.to === place.floor) ?? c.flights.find((f) => f.floor === floor && f.to === undefined);
    if (!flight) return goto('explore');
    t.recallPlace = place.name;
    t.stairs = { flight, turns: 0, onFlight: false };
    return goto('stairs');
  }
  t.focus = { x: place.pose.x, z: place.pose.z };
  const d = Math.hypot(place.pose.x - c.pose.x, place.pose.z - c.pose.z);
  const route = d > 1.0 ? planRoute(c.nav, place.pose) : null;
  if (!route || route.status !== 'ok') return goto('explore');
  const actions = driveAndFace(route.path, c.pose, null);
  if (!actions.includes('forward')) return goto('explore');
  // keep heading there on the next turns too
  t.recallPlace = place.name;
  return act(actions, `to '${place.name}', where the goal was seen before (${d.toFixed(1)} m)`);
}
