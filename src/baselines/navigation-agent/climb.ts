/**
 * STAIRS: go to the foot of a flight seen earlier, face up it and drive straight on until the
 * navigator settles on another floor layer; then note the way back (the arrival point, facing down)
 * and explore the new floor. A flight that leads nowhere within 14 turns (turns that bring a far foot
 * nearer are travel and do not count) is dropped, and so is one
 * whose foot is far off with no way there on the map (not even to the nearest point reachable by it).
 *
 * Forwards are not repeated blindly: a step of them near the flight that left the body where it was
 * (pressed against the side of the flight or a wall beside it), or a walk up the flight's line past its length with
 * no change of height (beside the flight, not on it), is a stall. After a stall the flight is looked
 * for again in the view when its steps are there (its foot and heading re-measured) and approached
 * afresh from its foot; after three stalls it is dropped.
 *
 * On a base with noisy odometry (habitat's LoCoBot: σ 7 cm sideways and 3.6° of heading per forward) the
 * body is steered up a flight in short runs, a foot lined up with the flight from behind is as good as
 * reached, and a flight given up on is set aside for the rest of the task only: its steps were seen,
 * and what failed was one noisy try at them.
 */
import { headingTo, headingVector, pointAhead } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { CoarseAction } from '../../navigator/index.js';
import { takeUpGlimpse } from './approach.js';
import { act, goto, type Ctx, type Decision } from './context.js';
import { driveAndFace, planRoute, turnsRound, turnsTo } from './motion.js';
import { MAX_ACTIONS } from './motion.js';
import { sameFlight } from './flight-notes.js';
import { centreOnFlight, flightInView, heightOverFloor, offFloor, type Flight } from './stairs.js';
import type { TaskState } from './types.js';
import { centreOnRim, rimInView } from './stairwell.js';
import { routeAlongTrail } from './trail-route.js';

const DEBUG = process.env.NAV_AGENT_DEBUG === '1';
const MAX_TURNS = 14;
/** plans on the map tried along a trail's way to a foot */
const VIA_TRIES = 8;
/**
 * a step of forwards that moved the body less than this went nowhere (pressed against the side of
 * the flight or a wall beside it). Not a share of the forwards: on a flight, going down especially,
 * a graze on a step ends a step after 0.2–0.5 m, and such steps still get the body down (house 1
 * with ground truth); counting them dropped the only flight back
 */
const STALL_M = 0.15;
const MAX_STALLS = 3;
/** steps that set out this near the foot (or on the flight) count for stalls, m */
const NEAR_FOOT_M = 2.0;
/** a re-measured flight replaces the remembered one when its foot is this near, m */
const SAME_FLIGHT_M = 2.0;
/** past the flight's length by this along its line with the height unchanged: beside the flight, m */
const PAST_M = 1.0;
/** a turn that brought a far foot this much nearer is not counted against MAX_TURNS, m */
const TRAVEL_M = 0.5;
/** height change (estimated) that shows the body is on a flight, m */
const ON_FLIGHT_RISE_M = 0.3;
/** the hole of a way down is measured from this near its top, facing within 60° of down it, m */
const RIM_NEAR_M = 2.5;
/**
 * forwards per step down a flight: the line is followed with a turn's correction every metre and a
 * half (a step of twelve from 0.3 m off the line crossed it and ran on into the side)
 */
const DOWN_FORWARDS = 6;
/**
 * forwards per step on a flight, up or down, on a noisy base: twelve drift sideways by σ ≈ 0.5 m (habitat's
 * sideways and heading errors over 3 m), more than the flight's half width less the body's radius, and
 * each step's end is where the drift is seen and steered back (four: σ ≈ 0.17 m)
 */
const NOISY_FORWARDS = 4;
/**
 * on a noisy base the foot counts as reached from this near the flight's middle line (m), anywhere from
 * NOISY_BEHIND_M behind the foot to NOISY_AHEAD_M past it: the climb's aim steers onto the line, while
 * getting within 0.4 m of the foot itself took turn after turn, each of which moves the base (house 3
 * task 3 circled 0.4-0.9 m from the top of its way down for 5 turns, 12 actions each)
 */
const NOISY_LINE_M = 0.3;
const NOISY_BEHIND_M = 1.0;
const NOISY_AHEAD_M = 0.4;
/** a foot the map centres this far or more from where it was measured is moved (near it), m */
const RECENTRE_M = 0.25;
/** where up the flight `centreOnFlight` reads the map's cross-section, m */
const CENTRE_ALONG_M = 0.8;
/** steps must be mapped this far either side of a moved foot's line, m (a flight is about 1 m wide) */
const STEPS_BAND_M = 0.3;

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
  // the goal in view on the way to the foot: it is on this floor after all (the unmapped floor's rule
  // and the floor budget send the body off while what it passes is still unlooked at)
  const goal = s.onFlight ? null : (c.sighting ?? c.glimpse);
  if (goal) {
    c.task.stairs = null;
    if (!c.sighting) return takeUpGlimpse(c, goal);
    c.task.goal = goal.point;
    return goto('approach');
  }
  // a turn that got the body a good way nearer a far foot is travel, not a try at the flight (the way
  // down from upstairs can be 17 m off), and so is one that got it a good way on along the flight
  // (going down in short runs, house 2 task 4 ran out of turns halfway down)
  const d0 = Math.hypot(f.bottom.x - c.pose.x, f.bottom.z - c.pose.z);
  const onAlong = s.onFlight && s.at ? alongFlight(f, c.pose) - alongFlight(f, s.at) : 0;
  const travelled = (!s.onFlight && s.footM !== undefined && d0 > NEAR_FOOT_M && s.footM - d0 >= TRAVEL_M) || onAlong >= TRAVEL_M;
  s.footM = d0;
  if (!travelled && ++s.turns > MAX_TURNS) return giveUp(c, f);
  if (stalled(c, s)) {
    if ((s.stalls = (s.stalls ?? 0) + 1) >= MAX_STALLS) return giveUp(c, f);
    s.onFlight = false;
  }
  s.at = null;
  // a flight read back from a note (nothing of it seen in this run) is where the saved map put it:
  // measured afresh as soon as its steps are in view (seed:30 run 2 drove beside its flight 0.6 m off)
  if (s.stalls || f.spanM === 0) remeasure(c, f);
  if (!s.onFlight && d0 <= NEAR_FOOT_M && !goesDown(c.nav, f)) recentre(c, f);
  const d = Math.hypot(f.bottom.x - c.pose.x, f.bottom.z - c.pose.z);
  const noisy = c.nav.odometryErrorM > 0;
  if (!s.onFlight && d > 0.4 && !(noisy && linedUp(f, c.pose))) {
    const route = routeToFoot(c, f.bottom);
    const ahead = pointAhead(f.bottom, f.heading, 2);
    const actions = route ? driveAndFace(route, c.pose, ahead) : [];
    if (actions.includes('forward')) return forwards(c, actions, `to the foot of the stairs (${d.toFixed(1)} m)`);
    // a way there that sets out behind the body is a half turn first, a step of turns and no forward:
    // turning round is the way there, not a sign that there is none (house 3 with true poses: task 4
    // began facing away from its only way down, dropped it, and searched a pocket of the landing).
    // Near the foot the flight is taken as below, which turns the body up it anyway.
    if (d > NEAR_FOOT_M && turnsRound(actions)) return act(actions, `turn round toward the foot of the stairs (${d.toFixed(1)} m)`);
    // far from the foot with no way there on the map: driving "up the flight" from here goes nowhere
    // (house 2 task 4 drove into a wall 10 m from the way down it had come up by)
    if (d > NEAR_FOOT_M) return giveUp(c, f);
  }
  s.onFlight = true;
  // on the flight, the steps still in view keep the heading up it; a drift to one side is steered back
  // toward the flight's middle line (a point 1.5 m up the flight from abreast of the robot)
  const seen = flightInView(c.nav);
  const heading = seen ? seen.heading : f.heading;
  const { x: hx, z: hz } = headingVector(heading);
  const along = alongFlight(f, c.pose);
  const aim = { x: f.bottom.x + hx * (along + 1.5), z: f.bottom.z + hz * (along + 1.5) };
  const turns = turnsTo(headingTo(c.pose, aim), c.pose.yaw);
  const most = noisy ? NOISY_FORWARDS : goesDown(c.nav, f) ? DOWN_FORWARDS : MAX_ACTIONS;
  const n = Math.min(most, MAX_ACTIONS - turns.length);
  const ahead = Array.from({ length: n }, () => 'forward' as const);
  return forwards(c, [...turns, ...ahead], 'take the stairs');
}

/**
 * The flight is given up on: dropped from the known flights; on a base with noisy odometry only for
 * this task (`setAside`, known again from the next task on: `takeBackSetAside`). Dropped for good,
 * house 6's two flights and house 3's way down were unknown to every later task, which then searched
 * the wrong floor to the end (habitat noise, houses 3 and 6 tasks 4-5).
 */
function giveUp(c: Ctx, f: Flight): Decision {
  c.flights.splice(c.flights.indexOf(f), 1);
  if (c.nav.odometryErrorM > 0) c.task.setAside.push(f);
  c.task.stairs = null;
  return goto('explore');
}

/** The flights the task `done` set aside are known again (a new task begins), unless seen anew meanwhile. */
export function takeBackSetAside(flights: Flight[], done: TaskState): void {
  for (const f of done.setAside.splice(0)) if (!flights.some((g) => sameFlight(g, f))) flights.push(f);
}

/** Near the flight's middle line, from a little behind its foot to a little past it (noisy base: as good as at the foot). */
function linedUp(f: Flight, p: PlanarPoint): boolean {
  const { x: hx, z: hz } = headingVector(f.heading);
  const dx = p.x - f.bottom.x,
    dz = p.z - f.bottom.z;
  const along = dx * hx + dz * hz;
  return Math.abs(dx * hz - dz * hx) <= NOISY_LINE_M && along >= -NOISY_BEHIND_M && along <= NOISY_AHEAD_M;
}

/**
 * A route to the flight's foot, or to the nearest point the map can reach within NEAR_FOOT_M of it (the
 * foot of a way back down is where the robot settled on the upper floor, often at the edge of the
 * landing the map marks as a drop), or else along the body's own trail on this floor when it passed
 * that near the foot (the map can lose a corridor the body drove); null when none.
 */
function routeToFoot(c: Ctx, foot: PlanarPoint): PlanarPoint[] | null {
  // round the spots that stopped the body first (house 2 task 4 bumped into the stairwell's railing
  // ten times on one route and gave the flight up), through them if there is no other way
  for (const avoid of c.task.blocked.length ? [c.task.blocked, []] : [[]]) {
    const exact = planRoute(c.nav, foot, undefined, avoid);
    if (exact.status === 'ok') return exact.path;
    const near = planRoute(c.nav, foot, NEAR_FOOT_M, avoid);
    if (near.status === 'ok' && Math.hypot(near.target.x - foot.x, near.target.z - foot.z) <= NEAR_FOOT_M) return near.path;
  }
  const along = routeAlongTrail(c.nav.trail(c.nav.floor ?? 0), c.pose, foot, NEAR_FOOT_M);
  return along && viaMap(c, along);
}

/**
 * The trail's way, taken on the map as far along it as the map still routes (the map has the walls
 * as seen now; an old trail, under drift, can run along them), then on the trail from there.
 */
function viaMap(c: Ctx, along: PlanarPoint[]): PlanarPoint[] {
  const cum = [0];
  for (let i = 1; i < along.length; i++) cum.push(cum[i - 1] + Math.hypot(along[i].x - along[i - 1].x, along[i].z - along[i - 1].z));
  // a few tries from the far end back (each is a plan on the map)
  const stride = Math.max(1, Math.ceil(along.length / VIA_TRIES));
  for (let i = along.length - 2; i > 0; i -= stride) {
    const r = planRoute(c.nav, along[i]);
    if (r.status === 'ok' && r.lengthM <= 1.5 * cum[i] + 1) return [...r.path, ...along.slice(i + 1)];
  }
  return along;
}

/**
 * On the flight or near its foot, where a bump is the flight's business (a riser, the stairwell's
 * side: `stalled` reads it); farther off a bump on the way is handled as anywhere else.
 */
export function atFlight(c: Pick<Ctx, 'task' | 'pose'>): boolean {
  return c.task.stairs !== null && onOrNearFlight(c.task.stairs, c.pose);
}

/** On the flight being taken, or `p` within NEAR_FOOT_M of its foot. */
function onOrNearFlight(s: NonNullable<Ctx['task']['stairs']>, p: PlanarPoint): boolean {
  return s.onFlight || Math.hypot(p.x - s.flight.bottom.x, p.z - s.flight.bottom.z) < NEAR_FOOT_M;
}

/** Acts, remembering where a step with forwards set out from (to tell a stall next turn). */
function forwards(c: Ctx, actions: CoarseAction[], why: string): Decision {
  if (c.task.stairs && actions.includes('forward')) c.task.stairs.at = { x: c.pose.x, z: c.pose.z };
  return act(actions, why);
}

/** Metres up the flight's line from its foot. */
function alongFlight(f: Flight, p: PlanarPoint): number {
  const { x: hx, z: hz } = headingVector(f.heading);
  return (p.x - f.bottom.x) * hx + (p.z - f.bottom.z) * hz;
}

/**
 * The last step of forwards, on the flight or near its foot, went nowhere (a graze on the way from
 * afar is the route's business), or the body walked the flight's line past its length with its
 * height (estimated, over the floor it left) unchanged.
 */
export function stalled(c: Ctx, s: NonNullable<Ctx['task']['stairs']>): boolean {
  if (!s.at) return false;
  if (onOrNearFlight(s, s.at) && Math.hypot(c.pose.x - s.at.x, c.pose.z - s.at.z) < STALL_M) return true;
  if (!s.onFlight) return false;
  const rise = heightOverFloor(c.nav, s.flight.floor);
  return rise !== null && Math.abs(rise) < ON_FLIGHT_RISE_M && alongFlight(s.flight, c.pose) > Math.max(s.flight.spanM, 1) + PAST_M;
}

/**
 * The flight in view near the remembered one, if any, re-measured and centred with the map, replaces it.
 * A way down is seen as the hole it leaves in the floor: its line is moved onto the hole's middle.
 */
function remeasure(c: Ctx, f: Flight): void {
  if (goesDown(c.nav, f)) {
    const near = Math.hypot(f.bottom.x - c.pose.x, f.bottom.z - c.pose.z) <= RIM_NEAR_M && Math.cos(c.pose.yaw - f.heading) > 0.5;
    const rim = near && !offFloor(c.nav) ? rimInView(c.nav) : null;
    const g = rim && centreOnRim(f, rim, c.pose.yaw);
    if (g && DEBUG) console.error(`[nav] way down centred on the hole: moved ${Math.hypot(g.bottom.x - f.bottom.x, g.bottom.z - f.bottom.z).toFixed(2)} m`);
    if (g) f.bottom = g.bottom;
    return;
  }
  const seen = offFloor(c.nav) ? null : flightInView(c.nav);
  if (!seen || seen.floor !== f.floor || Math.hypot(seen.bottom.x - f.bottom.x, seen.bottom.z - f.bottom.z) > SAME_FLIGHT_M) return;
  const g = centreOnFlight(seen, (x, z) => c.nav.map.cellAt(x, z, seen.floor));
  f.bottom = g.bottom;
  f.heading = g.heading;
  f.spanM = Math.max(f.spanM, g.spanM);
}

/**
 * Near the foot, before setting off up the flight: the foot moved onto the flight's middle as the map
 * shows it now (the steps obstacle cells, the floor beside them free). A foot measured from afar can
 * lie on the flight's edge, where the map then had no edge to centre it on (house 3 task 2: measured
 * from 3.4 m, 0.5 m to the side of the flight; "take the stairs" drove along the flight's side into
 * eleven collisions, each step still moving 0.2 m, so no stall, and the flight was dropped). Moved only
 * by RECENTRE_M or more and onto steps, a band of them on both sides of the new line: a flight whose
 * lower treads are mapped free between obstacle edges would otherwise be moved off beside itself.
 */
function recentre(c: Ctx, f: Flight): void {
  const cellAt = (x: number, z: number) => c.nav.map.cellAt(x, z, f.floor);
  const g = centreOnFlight(f, cellAt);
  const moved = Math.hypot(g.bottom.x - f.bottom.x, g.bottom.z - f.bottom.z);
  if (moved < RECENTRE_M) return;
  const { x: hx, z: hz } = headingVector(g.heading);
  const p = (o: number) => cellAt(g.bottom.x + hx * CENTRE_ALONG_M - hz * o, g.bottom.z + hz * CENTRE_ALONG_M + hx * o);
  if (![-STEPS_BAND_M, 0, STEPS_BAND_M].every((o) => p(o) === 'obstacle')) return;
  if (DEBUG) console.error(`[nav] foot of the stairs centred on the map: moved ${moved.toFixed(2)} m`);
  f.bottom = g.bottom;
}

/** The flight leads to a floor layer below the one it starts from. */
export function goesDown(nav: Ctx['nav'], f: Flight): boolean {
  if (f.to === undefined) return false;
  const layers = nav.map.floors();
  const from = layers.find((l) => l.id === f.floor),
    to = layers.find((l) => l.id === f.to);
  return from !== undefined && to !== undefined && to.floorUp < from.floorUp;
}

/**
 * A flight has been taken to `floor`: note where it led and the way back, facing down from the top of
 * the flight climbed — on its middle line, as far up it as where the robot settled on the new floor.
 * Where the robot settled can be off to one side (house 2: 0.5 m, on the gallery that runs back beside
 * the flight behind a railing, and the way "down" from there drove along the gallery).
 */
export function arrived(flights: Flight[], f: Flight, floor: number, at: { x: number; z: number }): void {
  f.to = floor;
  if (!flights.some((g) => g.floor === floor && g.to === f.floor)) {
    const along = alongFlight(f, at);
    const { x: hx, z: hz } = headingVector(f.heading);
    const top = along > 0 ? { x: f.bottom.x + hx * along, z: f.bottom.z + hz * along } : { x: at.x, z: at.z };
    flights.push({ floor, to: f.floor, bottom: top, heading: f.heading + Math.PI, spanM: 0 });
  }
}
