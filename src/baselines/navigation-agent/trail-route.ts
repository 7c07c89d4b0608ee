/**
 * A way back over ground the body has already driven: the navigator's trail on this floor (every
 * mapped frame's estimated position, as the map a model gets draws it). The upper floor's map can lose
 * the way to where a climb arrived — the stairwell seen from beside it is marked as a drop, and with
 * SLAM poses those marks can close the landing's corridor (house 2: tasks 4 and 5 started upstairs,
 * the route to the way down stopped 10 m short and the flight was dropped). The body drove that
 * corridor, so the trail still joins the two: the route follows it.
 */
import type { PlanarPoint } from '../../mapping/index.js';

/** trail points are kept this far apart, m */
const SPACING_M = 0.2;
/** consecutive trail points farther apart than this are not joined (a re-anchor jumped between them), m */
const MAX_HOP_M = 0.6;
/** trail points of different passes this close are joined (the body crossed its own track), m */
const JOIN_M = 0.3;

/**
 * The shortest way along `trail` from its point nearest `from` to its point nearest `to`, with `to`
 * appended; null when the trail passes neither within `withinM`.
 */
export function routeAlongTrail(trail: readonly PlanarPoint[], from: PlanarPoint, to: PlanarPoint, withinM: number): PlanarPoint[] | null {
  const { points, next } = thin(trail);
  const start = nearest(points, from),
    goal = nearest(points, to);
  if (start < 0 || goal < 0 || dist(points[start], from) > withinM || dist(points[goal], to) > withinM) return null;
  const prev = shortestPaths(points, next, start);
  if (goal !== start && prev[goal] < 0) return null;
  const path: PlanarPoint[] = [];
  for (let i = goal; i !== start; i = prev[i]) path.push(points[i]);
  path.push(points[start]);
  path.reverse();
  return [...path, to];
}

/** The trail thinned to SPACING_M, and for each kept point whether it joins the next one kept. */
function thin(trail: readonly PlanarPoint[]): { points: PlanarPoint[]; next: boolean[] } {
  const points: PlanarPoint[] = [],
    next: boolean[] = [];
  for (let i = 0; i < trail.length; i++) {
    const p = trail[i];
    const last = points[points.length - 1];
    if (last && dist(last, p) < SPACING_M && dist(trail[i - 1], p) <= MAX_HOP_M) continue;
    if (last) next[points.length - 1] = dist(trail[i - 1], p) <= MAX_HOP_M && dist(last, p) <= MAX_HOP_M;
    points.push(p);
    next.push(false);
  }
  return { points, next };
}

/** Dijkstra over the thinned trail from `start`: consecutive points and points of other passes within JOIN_M are joined. */
function shortestPaths(points: readonly PlanarPoint[], next: readonly boolean[], start: number): Int32Array {
  const n = points.length;
  const cell = (p: PlanarPoint) => `${Math.floor(p.x / JOIN_M)},${Math.floor(p.z / JOIN_M)}`;
  const buckets = new Map<string, number[]>();
  points.forEach((p, i) => (buckets.get(cell(p)) ?? buckets.set(cell(p), []).get(cell(p))!).push(i));
  const neighbours = (i: number): number[] => {
    const out: number[] = [];
    if (i + 1 < n && next[i]) out.push(i + 1);
    if (i > 0 && next[i - 1]) out.push(i - 1);
    const cx = Math.floor(points[i].x / JOIN_M),
      cz = Math.floor(points[i].z / JOIN_M);
    for (let dx = -1; dx <= 1; dx++) {
      for (const j of [-1, 0, 1].flatMap((dz) => buckets.get(`${cx + dx},${cz + dz}`) ?? [])) {
        if (j !== i && Math.abs(j - i) > 1 && dist(points[i], points[j]) <= JOIN_M) out.push(j);
      }
    }
    return out;
  };
  const best = new Float64Array(n).fill(Infinity),
    prev = new Int32Array(n).fill(-1),
    done = new Uint8Array(n);
  best[start] = 0;
  for (;;) {
    // the trails are a few hundred points: a linear scan for the nearest open point is enough
    let i = -1;
    for (let k = 0; k < n; k++) if (!done[k] && best[k] < Infinity && (i < 0 || best[k] < best[i])) i = k;
    if (i < 0) return prev;
    done[i] = 1;
    for (const j of neighbours(i)) {
      const d = best[i] + dist(points[i], points[j]);
      if (d < best[j]) {
        best[j] = d;
        prev[j] = i;
      }
    }
  }
}

function nearest(points: readonly PlanarPoint[], p: PlanarPoint): number {
  let best = -1,
    bestD = Infinity;
  points.forEach((q, i) => {
    const d = dist(q, p);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

const dist = (a: PlanarPoint, b: PlanarPoint) => Math.hypot(a.x - b.x, a.z - b.z);
