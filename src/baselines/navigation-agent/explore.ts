/**
 * EXPLORE: each turn, the one step that covers the most of what has not been looked at — a glance
 * (turn in place to the best heading) or a drive (up to 12 actions toward the nearest viewpoint with
 * unseen space around it), judged by what the view at the end of the step would cover.
 */
import { Cell } from '../../mapping/index.js';
import { type CoarseAction, routeActions, TURN_DEG } from '../../navigator/index.js';
import { retryUnreached, takeUpGlimpse } from './approach.js';
import { searchForFlight } from './flight-search.js';
import { dueForFlightSearch, dueForOtherFloor, stepsLeft, tripSteps } from './floor-budget.js';
import { act, close, goto, type Ctx, type Decision } from './context.js';
import { MAX_ACTIONS, openHeading, planRoute, simulate, turnsTo } from './motion.js';
import { lookPastRemembered } from './remembered.js';
import type { Flight } from './stairs.js';
import { nearestViewpoint, richestViewpoints, unseenAround, viewpointCandidates } from './viewpoints.js';

const TURN = (TURN_DEG * Math.PI) / 180;
/** a view that would cover fewer new cells than this (0.4 m²) is not worth a turn */
const MIN_GAIN = 40;

/** one call of the model-turn budget is worth about this many steps (500 steps over 60 turns) */
const CALL_COST = 8;
/** a trip that would show fewer new cells per step than this is not worth making */
const MIN_RATE = 2;
/** a drive to the viewpoint kept from the last turn is preferred by this factor (no thrashing) */
const KEEP_BONUS = 1.3;
/** steps that must be left after the trip to a floor given up on for it to be searched again */
const REOPEN_STEPS = 40;
/** a drive whose route passes this near where the body was stopped twice is not taken, m */
const BLOCKED_M = 0.25;
/** share of a floor looked over after which a floor no one has mapped is tried first */
const LOOKED_SHARE = 0.5;

export interface Option {
  actions: CoarseAction[];
  gain: number;
  /** steps and calls it takes to get the view, in steps */
  cost: number;
  target?: { x: number; z: number };
  look?: { x: number; z: number };
}

const rate = (o: Option) => o.gain / o.cost;
const DEBUG = process.env.NAV_AGENT_DEBUG === '1';

/**
 * The step to take among the glances and drives, or null when none is worth it and the floor may be
 * left. A step is worth it when it shows at least MIN_RATE new cells per step. Below that only scraps
 * are left: they are still searched when nothing else is (no other floor to try), but not while what
 * earlier tasks looked over is taken as done (`carried`) or a floor this task has not looked at is a
 * known flight away (`newFloor`) — there the goal is likelier than in the corners left here.
 */
export function choose(glances: Option[], drives: Option[], s: { carried: boolean; newFloor: boolean }): Option | null {
  const worth = [...glances.filter((o) => o.gain >= MIN_GAIN), ...drives.filter((o) => rate(o) >= MIN_RATE)].sort((a, b) => rate(b) - rate(a));
  if (worth.length) return worth[0];
  if (s.carried || s.newFloor) return null;
  return [...drives].sort((a, b) => rate(b) - rate(a))[0] ?? null;
}

export function explore(c: Ctx): Decision {
  const t = c.task;
  if (c.sighting) {
    t.goal = c.sighting.point;
    return goto('approach');
  }
  if (c.glimpse) return takeUpGlimpse(c, c.glimpse);
  const retry = retryUnreached(c);
  if (retry) return retry;
  // earlier tasks looked over most of this floor and a flight leads to a floor no one has mapped: the
  // goal (not among the objects they saw) is likelier up there than in what is left here
  const unmapped = c.coverage.hasCarried ? unmappedFloorFrom(c) : undefined;
  if (unmapped && lookedShare(c) >= LOOKED_SHARE) {
    if (DEBUG) console.error(`[nav] floor looked over (${lookedShare(c).toFixed(2)}): to an unmapped floor`);
    c.task.stairs = { flight: unmapped, turns: 0, onFlight: false };
    return goto('stairs');
  }
  const glances = glanceOptions(c);
  // a focus (a goal seen out of reach, a place where it was seen) is kept until the space at it is looked at
  if (t.focus && unseenAround(c.grid, c.coverage, t.focus) < 35) t.focus = null;
  const all = driveOptions(c);
  // no flight from here known: the scraps wait until the edges of the map have been looked beyond for one
  const seekFlight = !stairsFrom(c) && !(t.flightSearch?.floor === (c.nav.floor ?? 0) && t.flightSearch.done);
  const best = choose(glances, all, { carried: c.coverage.hasCarried, newFloor: newFloorFrom(c) !== undefined || seekFlight });
  const shared = best ? shareBudget(c, rate(best), seekFlight) : null;
  if (shared) return shared;
  if (best) {
    if (best.target) {
      t.target = best.target;
      t.look = best.look ?? null;
      t.areas++;
      return act(best.actions, `drive toward unseen space (${best.gain} cells, ${best.cost} steps)`);
    }
    return act(best.actions, `glance (${best.gain} cells)`);
  }
  if (DEBUG)
    console.error(
      `[nav] leave? drives: ${all
        .sort((a, b) => rate(b) - rate(a))
        .slice(0, 5)
        .map((o) => `${o.gain}/${o.cost.toFixed(0)}`)
        .join(' ')}`,
    );
  const walledIn = all.length === 0 ? lookPastRemembered(c) : null;
  if (walledIn) return walledIn;
  // what earlier tasks looked over is done too: another floor if stairs are known, else look again
  if (c.coverage.hasCarried) {
    if (stairsFrom(c)) return toAnotherFloor(c);
    const search = seekFlight ? searchForFlight(c) : null;
    if (search) return search;
    c.coverage.dropCarried();
    return goto('explore');
  }
  // only scraps are left here and a floor this task has not looked at is a flight away: look there
  // first (this floor is not given up: its scraps are still there to come back to)
  const fresh = newFloorFrom(c);
  if (fresh && all.length) {
    c.task.stairs = { flight: fresh, turns: 0, onFlight: false };
    return goto('stairs');
  }
  if (seekFlight) return searchForFlight(c) ?? goto('explore');
  const last = glanceOptions(c).sort((a, b) => b.gain - a.gain)[0];
  if (last && last.gain > 0) return act(last.actions, `last glance (${last.gain} cells)`);
  // no viewpoint the map can route to (a fresh layer just off the stairs knows little): edge into the open
  if (t.edged++ < 3) {
    return act(
      [...turnsTo(openHeading(c.nav, c.pose), c.pose.yaw), ...(['forward', 'forward', 'forward', 'forward'] as const)].slice(0, 12),
      'edge into the open',
    );
  }
  return toAnotherFloor(c);
}

/**
 * The budget's share for a floor this task has not looked at (floor-budget.ts): its known flight taken
 * while this floor still shows something, or, none known, the search for one begun; null to explore on.
 */
function shareBudget(c: Ctx, hereRate: number, seekFlight: boolean): Decision | null {
  const fresh = newFloorFrom(c);
  if (fresh && dueForOtherFloor(c, fresh, hereRate)) {
    if (DEBUG) console.error(`[nav] the other floor's share of the budget is due (here ${hereRate.toFixed(1)} cells/step)`);
    c.task.stairs = { flight: fresh, turns: 0, onFlight: false };
    return goto('stairs');
  }
  return !fresh && seekFlight && dueForFlightSearch(c, hereRate) ? searchForFlight(c) : null;
}

/** Nothing reachable is left unseen on this floor: another floor, by stairs seen on the way. */
function toAnotherFloor(c: Ctx): Decision {
  c.task.floorsDone.push(c.nav.floor ?? 0);
  const here = stairsFrom(c) ?? reopen(c);
  if (here) {
    c.task.stairs = { flight: here, turns: 0, onFlight: false };
    return goto('stairs');
  }
  return close(null);
}

/**
 * Every floor a known flight leads to given up on with steps to spare: the floor below or above is
 * searched again rather than the task closed. A floor is given up on when what is left of it lies
 * past spots that stopped the body (a doorway the drifted map puts a little off, whose drives are
 * then never planned) or was taken as looked over by earlier tasks: those are forgotten (house 14
 * task 5 gave the ground floor up after two bumps in a passage, found the upper floor small, and
 * closed with its goal 11.5 m from the start below). Once a task; undefined when not worth the trip.
 */
export function reopen(c: Ctx): Flight | undefined {
  const t = c.task;
  const s = stepsLeft(c);
  const floor = c.nav.floor ?? 0;
  const f = c.flights.find((g) => g.floor === floor && g.to !== undefined && g.to !== floor);
  if (t.reopened || !s || !f || f.to === undefined) return undefined;
  const trip = tripSteps(c, f);
  if (trip === null || s.left - trip < REOPEN_STEPS) return undefined;
  if (DEBUG) console.error(`[nav] every floor given up on with ${s.left} steps left: floor ${f.to} searched again`);
  t.reopened = true;
  t.floorsDone = t.floorsDone.filter((d) => d !== f.to);
  t.blocked = [];
  t.ignore = [];
  t.coverage.get(f.to)?.dropCarried();
  return f;
}

/** Turning in place, either way, up to half a turn. */
function glanceOptions(c: Ctx): Option[] {
  const out: Option[] = [];
  for (let k = -12; k <= 12; k++) {
    if (k === 0) continue;
    const gain = c.coverage.gain(c.grid, c.pose, c.pose.yaw + k * TURN);
    out.push({ actions: turnsTo(c.pose.yaw + k * TURN, c.pose.yaw), gain, cost: Math.abs(k) + CALL_COST });
  }
  return out;
}

/**
 * Driving to one of the nearest viewpoints and looking the best way there. Each is judged by what
 * the view at its end would cover per step of the whole trip (turns included: a 15° turn costs a
 * step like 0.25 m of driving), so a near viewpoint behind the robot loses to one ahead.
 */
function driveOptions(c: Ctx): Option[] {
  const t = c.task;
  const kept = t.target && stillUnseen(c, t.target) ? t.target : null;
  const found = viewpointCandidates(c.grid, c.coverage, { from: c.pose, ignore: t.ignore, ignoreRadiusM: 0.5, max: 6, spacingM: 1.0, extraM: 6 });
  const near = t.focus ? nearestViewpoint(c.grid, c.coverage, { from: c.pose, ignore: t.ignore, ignoreRadiusM: 0.5, focus: t.focus }) : null;
  if (near) found.unshift(near);
  const targets = kept ? [kept, ...found.map((f) => f.at).filter((p) => Math.hypot(p.x - kept.x, p.z - kept.z) > 0.5)] : found.map((f) => f.at);
  const out: Option[] = [];
  for (const vp of targets) {
    const o = driveTo(c, vp);
    if (!o) {
      t.ignore.push(vp);
      continue;
    }
    if (vp === kept) o.cost /= KEEP_BONUS;
    o.cost /= focusWeight(t.focus, vp);
    out.push(o);
  }
  // only scraps near: the largest unseen spaces anywhere reachable are weighed too
  if (!out.some((o) => rate(o) >= MIN_RATE)) {
    for (const { at } of richestViewpoints(c.grid, c.coverage, { from: c.pose, ignore: t.ignore, ignoreRadiusM: 0.5, max: 3, spacingM: 2.0 })) {
      if (targets.some((p) => Math.hypot(p.x - at.x, p.z - at.z) < 1.0)) continue;
      const o = driveTo(c, at);
      if (o) out.push(o);
      else t.ignore.push(at);
    }
  }
  return out;
}

/** Viewpoints near a focus are worth more: the goal is likely to be seen from there. */
function focusWeight(focus: { x: number; z: number } | null, p: { x: number; z: number }): number {
  if (!focus) return 1;
  const d = Math.hypot(focus.x - p.x, focus.z - p.z);
  return d < 2.5 ? 3 : d < 5 ? 1.5 : 1;
}

function driveTo(c: Ctx, vp: { x: number; z: number }): Option | null {
  const route = planRoute(c.nav, vp);
  if (route.status !== 'ok' || route.lengthM < 0.3) return null;
  if (route.path.some((p) => c.task.blocked.some((b) => Math.hypot(p.x - b.x, p.z - b.z) < BLOCKED_M))) return null;
  const trip = routeActions(route.path, c.pose, { maxActions: 400 });
  if (!trip.includes('forward')) return null;
  const end = simulate(c.pose, trip);
  let best: Option | null = null;
  for (let k = -12; k <= 12; k++) {
    const yaw = end.yaw + k * TURN;
    const gain = c.coverage.gain(c.grid, end, yaw);
    const n = trip.length + Math.abs(k);
    const o: Option = {
      actions: [...trip, ...turnsTo(yaw, end.yaw)].slice(0, MAX_ACTIONS),
      gain: gain + 1,
      cost: n + CALL_COST * Math.ceil(n / MAX_ACTIONS),
      target: vp,
      look: { x: end.x - Math.sin(yaw), z: end.z + Math.cos(yaw) },
    };
    if (!best || rate(o) > rate(best)) best = o;
  }
  return best;
}

/** A known flight from this floor to a floor the map has no layer of (not yet known where to: the map has one layer). */
function unmappedFloorFrom(c: Ctx) {
  const floor = c.nav.floor ?? 0;
  const layers = c.nav.map.floors().map((l) => l.id);
  return c.flights.find((f) => f.floor === floor && (f.to === undefined ? layers.length === 1 : !layers.includes(f.to)));
}

/** Share of this floor's mapped free cells that have been looked at (in this task or taken over from earlier ones). */
export function lookedShare(c: Pick<Ctx, 'grid' | 'coverage'>): number {
  const g = c.grid.g;
  let free = 0,
    seen = 0;
  for (let gz = 0; gz < g.height; gz++) {
    for (let gx = 0; gx < g.width; gx++) {
      if (g.cells[gz * g.width + gx] !== Cell.Free) continue;
      free++;
      if (c.coverage.has(gx + g.originX, gz + g.originZ)) seen++;
    }
  }
  return free ? seen / free : 0;
}

/** A known flight from this floor to a floor this task has not looked at (or not yet known where to). */
function newFloorFrom(c: Ctx) {
  const floor = c.nav.floor ?? 0;
  return c.flights.find(
    (f) => f.floor === floor && (f.to === undefined || !c.task.coverage.has(f.to)) && !(f.to !== undefined && c.task.floorsDone.includes(f.to)),
  );
}

/** A known flight from this floor to a floor not yet searched in this task. */
function stairsFrom(c: Ctx) {
  const floor = c.nav.floor ?? 0;
  return c.flights.find((f) => f.floor === floor && !(f.to !== undefined && c.task.floorsDone.includes(f.to)));
}

function stillUnseen(c: Ctx, p: { x: number; z: number }): boolean {
  return Math.hypot(p.x - c.pose.x, p.z - c.pose.z) > 0.5 && unseenAround(c.grid, c.coverage, p) >= 35;
}
