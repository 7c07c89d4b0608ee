/**
 * STAIRS: go to the foot of a flight seen earlier, face up it and drive straight on until the
 * navigator settles on another floor layer; then note the way back (the arrival point, facing down)
 * and explore the new floor. A flight that leads nowhere within 14 turns is dropped.
 */
import { headingTo, headingVector, pointAhead } from '../../geometry/index.js';
import { act, goto, type Ctx, type Decision } from './context.js';
import { driveAndFace, planRoute, turnsTo } from './motion.js';
import { MAX_ACTIONS } from './motion.js';
import { flightInView, type Flight } from './stairs.js';

const MAX_TURNS = 14;

export function takeStairs(c: Ctx): Decision {
  const s = c.task.stairs;
  if (!s) return goto('explore');
  const f = s.flight;
  const floor = c.nav.floor ?? 0;
  if (floor !== f.floor) {
    arrived(c.flights, f, floor, c.pose);
    c.task.edged = 0;
    c.task.stairs = null;
    c.task.target = null;
    return goto(c.task.recall ? 'recall' : 'explore');
  }
  if (++s.turns > MAX_TURNS) {
    c.flights.splice(c.flights.indexOf(f), 1);
    c.task.stairs = null;
    return goto('explore');
  }
  const d = Math.hypot(f.bottom.x - c.pose.x, f.bottom.z - c.pose.z);
  if (!s.onFlight && d > 0.4) {
    const route = planRoute(c.nav, f.bottom);
    const ahead = pointAhead(f.bottom, f.heading, 2);
    const actions = route.status === 'ok' ? driveAndFace(route.path, c.pose, ahead) : [];
    if (actions.includes('forward')) return act(actions, `to the foot of the stairs (${d.toFixed(1)} m)`);
  }
  s.onFlight = true;
  // on the flight, the steps still in view keep the heading up it; a drift to one side is steered back
  // toward the flight's middle line (a point 1.5 m up the flight from abreast of the robot)
  const seen = flightInView(c.nav);
  const heading = seen ? seen.heading : f.heading;
  const { x: hx, z: hz } = headingVector(heading);
  const along = (c.pose.x - f.bottom.x) * hx + (c.pose.z - f.bottom.z) * hz;
  const aim = { x: f.bottom.x + hx * (along + 1.5), z: f.bottom.z + hz * (along + 1.5) };
  const turns = turnsTo(headingTo(c.pose, aim), c.pose.yaw);
  const forwards = Array.from({ length: MAX_ACTIONS - turns.length }, () => 'forward' as const);
  return act([...turns, ...forwards], 'take the stairs');
}

/** A flight has been taken to `floor`: note where it led and the way back (from here, facing down). */
export function arrived(flights: Flight[], f: Flight, floor: number, at: { x: number; z: number }): void {
  f.to = floor;
  if (!flights.some((g) => g.floor === floor && g.to === f.floor)) {
    flights.push({ floor, to: f.floor, bottom: { x: at.x, z: at.z }, heading: f.heading + Math.PI, spanM: 0 });
  }
}
