/**
 * Where to look next: the nearest reachable free cell of the estimated map that has enough cells
 * around it not yet looked at (unexplored space at the map's edge, or mapped space no view has
 * checked for the goal). Breadth-first over free cells from the robot; with a focus point (a goal
 * seen but not reachable on the map) candidates near it are preferred.
 */
import { Cell, type PlanarPoint } from '../../mapping/index.js';
import type { ViewCoverage } from './coverage.js';
import type { GridView } from './grid.js';

const WINDOW = 5; // cells either side
/** an unseen patch smaller than this (0.35 m²) hides no object worth a trip */
const MIN_UNSEEN = 35;

export interface ViewpointQuery {
  from: PlanarPoint;
  ignore: readonly PlanarPoint[];
  ignoreRadiusM: number;
  /** prefer candidates near this point (m of path per m of distance to it) */
  focus?: PlanarPoint | null;
  minDistM?: number;
}

export interface Viewpoint {
  at: PlanarPoint;
  /** where the unseen cells around it lie (their centroid): the view to take there */
  look: PlanarPoint;
}

export function nearestViewpoint(grid: GridView, coverage: ViewCoverage, q: ViewpointQuery): Viewpoint | null {
  let best: PlanarPoint | null = null,
    bestScore = Infinity;
  for (const { p, d } of candidateCells(grid, coverage, q)) {
    if (d > bestScore) break; // path length only grows
    const score = d + (q.focus ? 2 * Math.hypot(p.x - q.focus.x, p.z - q.focus.z) : 0);
    if (score < bestScore) {
      bestScore = score;
      best = p;
    }
    if (!q.focus) break;
  }
  return best && { at: best, look: unseenCentroid(grid, coverage, best) };
}

/**
 * Up to `max` viewpoints in order of path distance from the robot, at least `spacingM` apart, found
 * within `extraM` of path beyond the nearest one: the choices the explorer weighs by gain per step.
 */
export function viewpointCandidates(
  grid: GridView,
  coverage: ViewCoverage,
  q: ViewpointQuery & { max: number; spacingM: number; extraM: number },
): Viewpoint[] {
  const found: PlanarPoint[] = [];
  let limit = Infinity;
  for (const { p, d } of candidateCells(grid, coverage, q)) {
    if (found.length >= q.max || d > limit) break;
    if (found.some((f) => Math.hypot(f.x - p.x, f.z - p.z) < q.spacingM)) continue;
    found.push(p);
    if (found.length === 1) limit = d + q.extraM;
  }
  return found.map((at) => ({ at, look: unseenCentroid(grid, coverage, at) }));
}

/**
 * Up to `max` viewpoints anywhere reachable with the most unseen cells around them, at least
 * `spacingM` apart: when only scraps are near, the larger unseen spaces farther off are weighed too.
 */
export function richestViewpoints(grid: GridView, coverage: ViewCoverage, q: ViewpointQuery & { max: number; spacingM: number }): Viewpoint[] {
  const all = [...candidateCells(grid, coverage, q)].sort((a, b) => b.n - a.n || a.d - b.d);
  const found: PlanarPoint[] = [];
  for (const { p } of all) {
    if (found.length >= q.max) break;
    if (!found.some((f) => Math.hypot(f.x - p.x, f.z - p.z) < q.spacingM)) found.push(p);
  }
  return found.map((at) => ({ at, look: unseenCentroid(grid, coverage, at) }));
}

/**
 * Free cells reachable over the map from the robot, in order of path length (breadth first), that
 * have enough unseen cells around them and are not ignored: each with its path length d (m) and the
 * unseen cells n in the window around it.
 */
function* candidateCells(grid: GridView, coverage: ViewCoverage, q: ViewpointQuery): Generator<{ p: PlanarPoint; d: number; n: number }> {
  const { width: w, height: h, originX: ox, originZ: oz, cells } = grid.g;
  const unseen = integralOfUnseen(grid, coverage);
  const count = (gx: number, gz: number) => {
    const x0 = Math.max(0, gx - WINDOW),
      z0 = Math.max(0, gz - WINDOW),
      x1 = Math.min(w, gx + WINDOW + 1),
      z1 = Math.min(h, gz + WINDOW + 1);
    return unseen[z1 * (w + 1) + x1] - unseen[z0 * (w + 1) + x1] - unseen[z1 * (w + 1) + x0] + unseen[z0 * (w + 1) + x0];
  };
  const start = nearestFreeIndex(grid, q.from, 8);
  if (start < 0) return;
  const dist = new Int32Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let head = 0,
    tail = 0;
  queue[tail++] = start;
  dist[start] = 0;
  const minSteps = Math.round((q.minDistM ?? 0.3) / grid.cell);
  const ignored = (p: PlanarPoint) => q.ignore.some((r) => Math.hypot(r.x - p.x, r.z - p.z) < q.ignoreRadiusM);
  while (head < tail) {
    const i = queue[head++];
    const gx = i % w,
      gz = (i - gx) / w;
    const n = dist[i] >= minSteps ? count(gx, gz) : 0;
    if (n >= MIN_UNSEEN) {
      const p = grid.centre(gx + ox, gz + oz);
      if (!ignored(p)) yield { p, d: dist[i] * grid.cell, n };
    }
    for (const [nx, nz] of [
      [gx + 1, gz],
      [gx - 1, gz],
      [gx, gz + 1],
      [gx, gz - 1],
    ]) {
      if (nx < 0 || nz < 0 || nx >= w || nz >= h) continue;
      const j = nz * w + nx;
      if (dist[j] >= 0 || cells[j] !== Cell.Free) continue;
      dist[j] = dist[i] + 1;
      queue[tail++] = j;
    }
  }
}

/** Cells worth looking at in the window around `p`. */
export function unseenAround(grid: GridView, coverage: ViewCoverage, p: PlanarPoint): number {
  const [cx, cz] = grid.cellOf(p);
  let n = 0;
  for (let dz = -WINDOW; dz <= WINDOW; dz++) {
    for (let dx = -WINDOW; dx <= WINDOW; dx++) {
      const x = cx + dx,
        z = cz + dz;
      if ((grid.state(x, z) !== Cell.Unknown || grid.frontierish(x, z)) && !coverage.has(x, z)) n++;
    }
  }
  return n;
}

function unseenCentroid(grid: GridView, coverage: ViewCoverage, p: PlanarPoint): PlanarPoint {
  const [cx, cz] = grid.cellOf(p);
  let sx = 0,
    sz = 0,
    n = 0;
  for (let dz = -WINDOW; dz <= WINDOW; dz++) {
    for (let dx = -WINDOW; dx <= WINDOW; dx++) {
      const x = cx + dx,
        z = cz + dz;
      if ((grid.state(x, z) !== Cell.Unknown || grid.frontierish(x, z)) && !coverage.has(x, z)) {
        sx += dx;
        sz += dz;
        n++;
      }
    }
  }
  if (n === 0) return p;
  // at least a metre out along the direction of the unseen cells
  const ux = sx / n,
    uz = sz / n,
    len = Math.hypot(ux, uz) || 1;
  return { x: p.x + (ux / len) * 1.0, z: p.z + (uz / len) * 1.0 };
}

/** Summed-area table of cells worth looking at: not yet covered, and known or bordering free space. */
function integralOfUnseen(grid: GridView, coverage: ViewCoverage): Int32Array {
  const { width: w, height: h, originX: ox, originZ: oz, cells } = grid.g;
  const s = new Int32Array((w + 1) * (h + 1));
  for (let gz = 0; gz < h; gz++) {
    let row = 0;
    for (let gx = 0; gx < w; gx++) {
      const c = cells[gz * w + gx];
      const wanted = (c !== Cell.Unknown || grid.frontierish(gx + ox, gz + oz)) && !coverage.has(gx + ox, gz + oz);
      row += wanted ? 1 : 0;
      s[(gz + 1) * (w + 1) + gx + 1] = s[gz * (w + 1) + gx + 1] + row;
    }
  }
  return s;
}

function nearestFreeIndex(grid: GridView, p: PlanarPoint, maxR: number): number {
  const [cx, cz] = grid.cellOf(p);
  const { width: w, height: h, originX: ox, originZ: oz, cells } = grid.g;
  for (let r = 0; r <= maxR; r++) {
    for (let dz = -r; dz <= r; dz++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        const gx = cx + dx - ox,
          gz = cz + dz - oz;
        if (gx >= 0 && gz >= 0 && gx < w && gz < h && cells[gz * w + gx] === Cell.Free) return gz * w + gx;
      }
    }
  }
  return -1;
}
