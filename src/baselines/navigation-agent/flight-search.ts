/**
 * FLIGHT SEARCH: this floor's search has run down to scraps, no flight of stairs from it is known, and
 * the goal has not been seen — it is likelier on a floor the robot has not found the way to. A flight
 * is only recognised in a view looking up it from near its foot, and a stair hall behind a door shows
 * from the hallway as a sliver of map that views from afar have already "looked at" (house 5 task 2:
 * the whole ground floor searched, the task closed at 55 m with the goal upstairs and the stair hall
 * never entered). So before the scraps, the robot goes to the edges of the map where free space meets
 * space the map does not know yet (frontiers: doorways, openings seen at a slant) and looks beyond;
 * a flight seen there is noted by the agent as any other, and taken.
 */
import { Cell, type PlanarPoint } from '../../mapping/index.js';
import { act, type Ctx, type Decision } from './context.js';
import { driveAndFace, planRoute } from './motion.js';
import type { GridView } from './grid.js';
import type { FlightSearch } from './types.js';

/** a frontier this short hides no doorway (cells of 0.1 m bordering unknown space) */
const MIN_FRONTIER_CELLS = 5;
/** frontier cells this near a chosen one belong to it, m */
const CLUSTER_M = 1.0;
/** a frontier this near one already visited (or given up) is not gone to again, m */
const VISITED_M = 1.2;
/** a frontier is reached when the robot is this near it, m */
const REACHED_M = 0.6;
/** turns spent on the search per floor at most: the scraps and the other floors need the budget too */
const MAX_TURNS = 10;
const DEBUG = process.env.NAV_AGENT_DEBUG === '1';

export interface Frontier {
  at: PlanarPoint;
  /** the unknown space beyond it: where to look from there */
  look: PlanarPoint;
}

/**
 * The next step of the search, or null when it is over on this floor (no frontier left within reach,
 * or its turns spent): the caller then searches the scraps as before.
 */
export function searchForFlight(c: Ctx): Decision | null {
  const floor = c.nav.floor ?? 0;
  if (c.task.flightSearch?.floor !== floor) c.task.flightSearch = { floor, visited: [], target: null, turns: 0, done: false };
  const s = c.task.flightSearch;
  if (s.done) return null;
  if (s.target && Math.hypot(s.target.x - c.pose.x, s.target.z - c.pose.z) < REACHED_M) {
    s.visited.push(s.target);
    s.target = null;
  }
  if (s.turns >= MAX_TURNS) return finish(s);
  const found = frontiers(c.grid, c.pose, [...s.visited, ...c.task.ignore]);
  // the frontier set out for stays first while it is there (no dithering between two)
  const kept = s.target ? found.findIndex((f) => dist(f.at, s.target!) < CLUSTER_M) : -1;
  if (kept > 0) found.unshift(...found.splice(kept, 1));
  for (const f of found) {
    const route = planRoute(c.nav, f.at);
    const actions = route.status === 'ok' ? driveAndFace(route.path, c.pose, f.look) : [];
    // there already (or no way there): look beyond it once, and count it as visited
    if (!actions.includes('forward')) s.visited.push(f.at);
    else s.target = f.at;
    if (actions.length === 0) continue;
    s.turns++;
    return act(actions, `look for a flight of stairs beyond the map's edge (${Math.hypot(f.at.x - c.pose.x, f.at.z - c.pose.z).toFixed(1)} m)`);
  }
  return finish(s);
}

function finish(s: FlightSearch): null {
  if (DEBUG) console.error(`[nav] flight search over on floor ${s.floor}: ${s.visited.length} frontiers visited in ${s.turns} turns`);
  s.done = true;
  return null;
}

/**
 * Frontiers reachable over free cells, nearest (by path) first: free cells bordering unknown space,
 * gathered into clusters CLUSTER_M across, each of at least MIN_FRONTIER_CELLS cells, away from those
 * in `skip`.
 */
export function frontiers(grid: GridView, from: PlanarPoint, skip: readonly PlanarPoint[]): Frontier[] {
  const { width: w, height: h, originX: ox, originZ: oz, cells } = grid.g;
  const start = nearestFree(grid, from);
  if (start < 0) return [];
  const seen = new Uint8Array(w * h);
  const queue = [start];
  seen[start] = 1;
  const found: PlanarPoint[] = [];
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const gx = i % w,
      gz = (i - gx) / w;
    const near = [
      [gx + 1, gz],
      [gx - 1, gz],
      [gx, gz + 1],
      [gx, gz - 1],
    ];
    if (near.some(([x, z]) => grid.state(x + ox, z + oz) === Cell.Unknown)) found.push(grid.centre(gx + ox, gz + oz));
    for (const [nx, nz] of near) {
      if (nx < 0 || nz < 0 || nx >= w || nz >= h) continue;
      const j = nz * w + nx;
      if (seen[j] || cells[j] !== Cell.Free) continue;
      seen[j] = 1;
      queue.push(j);
    }
  }
  const out: Frontier[] = [];
  const taken = (p: PlanarPoint) => out.some((f) => dist(f.at, p) < CLUSTER_M) || skip.some((q) => dist(q, p) < VISITED_M);
  for (const p of found) {
    if (taken(p)) continue;
    const members = found.filter((q) => dist(q, p) < CLUSTER_M / 2);
    if (members.length < MIN_FRONTIER_CELLS) continue;
    out.push({ at: p, look: beyond(grid, p) });
  }
  return out;
}

/** The index of the free cell nearest `p` (within 0.8 m), or -1. */
function nearestFree(grid: GridView, p: PlanarPoint): number {
  const { width: w, height: h, originX: ox, originZ: oz, cells } = grid.g;
  const [cx, cz] = grid.cellOf(p);
  for (let r = 0; r <= 8; r++) {
    for (let dz = -r; dz <= r; dz++) {
      for (let dx = -r; dx <= r; dx++) {
        const gx = cx + dx - ox,
          gz = cz + dz - oz;
        if (Math.max(Math.abs(dx), Math.abs(dz)) === r && gx >= 0 && gz >= 0 && gx < w && gz < h && cells[gz * w + gx] === Cell.Free) return gz * w + gx;
      }
    }
  }
  return -1;
}

/** A point a metre from `p` toward the unknown cells around it. */
function beyond(grid: GridView, p: PlanarPoint): PlanarPoint {
  const [cx, cz] = grid.cellOf(p);
  let sx = 0,
    sz = 0;
  for (let dz = -3; dz <= 3; dz++) {
    for (let dx = -3; dx <= 3; dx++) {
      if (grid.state(cx + dx, cz + dz) === Cell.Unknown) {
        sx += dx;
        sz += dz;
      }
    }
  }
  const len = Math.hypot(sx, sz) || 1;
  return { x: p.x + sx / len, z: p.z + sz / len };
}

const dist = (a: PlanarPoint, b: PlanarPoint) => Math.hypot(a.x - b.x, a.z - b.z);
