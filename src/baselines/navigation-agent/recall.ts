/**
 * RECALL: the previous handover says where the goal was seen — a marked place and the object's offset
 * from it. The spot is approached like a sighting (claimed only once the goal is in view there); a
 * place without an offset is driven to and explored around. A place on another floor is reached by a
 * known flight first. Where the map has no way to the spot, the body's own trail on this floor is
 * followed toward it (seed:1 run 2: each climb back to the upper floor arrived in a pocket the map had
 * closed round the landing, the stairwell marked as a drop beside the corridor driven an hour before;
 * three remembered goals were given up there and the tasks ended on the wrong floor). A goal noted
 * farther than that from the trail (objects are noted up to 4 m from the body) is reached along the
 * trail to the place it was noted near (seed:1 run 2 task 3 again, after that fix: the toilet 4.1 m
 * beside 'place 11' upstairs was given up at the landing, and the task ended downstairs).
 */
import { fartherInstance, takeUpGlimpse } from './approach.js';
import { act, goto, type Ctx, type Decision } from './context.js';
import { pointOf } from './memory.js';
import { driveAndFace, planRoute } from './motion.js';
import { routeAlongTrail } from './trail-route.js';
import type { PlanarPoint } from '../../mapping/index.js';

/** the map's route is taken when it ends this near the remembered spot, m (approach's reach of a goal) */
const ROUTED_M = 1.5;
/** the trail is followed when it passes this near the remembered spot, m */
const TRAIL_NEAR_M = 3;
/** nearer than this to the spot the trail is left to the approach, m */
const LEAVE_TRAIL_M = 2;

export function recall(c: Ctx): Decision {
  const t = c.task;
  const seen = t.recall;
  const place = seen ? c.nav.places.get(seen.place) : undefined;
  // another instance in view well beyond the remembered one (a goal of several): the remembered one first
  const spot = seen && place && place.floor === c.nav.floor ? pointOf(seen, c.nav.places.list()) : null;
  if (spot && seen?.offset && c.sighting && fartherInstance(c, spot, c.sighting)) [c.sighting, c.glimpse] = [null, null];
  if (spot && seen?.offset && c.glimpse && fartherInstance(c, spot, c.glimpse)) c.glimpse = null;
  if (c.sighting) {
    t.goal = c.sighting.point;
    return goto('approach');
  }
  if (c.glimpse) return takeUpGlimpse(c, c.glimpse);
  t.recall = null;
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
  if (spot && seen.offset) {
    // the place itself was marked where the body stood, on its trail, when the goal is farther from it
    const along = alongTrail(c, spot, spot) ?? alongTrail(c, place.pose, spot);
    if (along) {
      t.recall = seen;
      return act(along, `along the trail toward where the goal was seen near '${place.name}' (the map has no way there)`);
    }
    t.goal = spot;
    t.goalFrom = null;
    t.goalSide = null;
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

/**
 * The first actions along this floor's trail toward `to` (the remembered spot, or the place it was
 * noted from), when the map routes nowhere near `spot` and the trail passes within TRAIL_NEAR_M of
 * `to`; null otherwise (the approach takes over).
 */
function alongTrail(c: Ctx, to: PlanarPoint, spot: PlanarPoint): ReturnType<typeof driveAndFace> | null {
  if (Math.hypot(to.x - c.pose.x, to.z - c.pose.z) <= LEAVE_TRAIL_M) return null;
  const r = planRoute(c.nav, spot, ROUTED_M);
  if (r.status === 'ok' && Math.hypot(r.target.x - spot.x, r.target.z - spot.z) <= ROUTED_M) return null;
  const path = routeAlongTrail(c.nav.trail(c.nav.floor ?? 0), c.pose, to, TRAIL_NEAR_M);
  if (!path || path.length < 2) return null;
  const actions = driveAndFace(path, c.pose, null);
  return actions.includes('forward') ? actions : null;
}
