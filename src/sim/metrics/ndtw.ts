import type { Vec3 } from '../../geometry/index.js';
import { euclidean } from './types.js';

/** Dynamic time warping cost between two point sequences with Euclidean point distance (exact DTW). */
export function dtw(a: readonly Vec3[], b: readonly Vec3[]): number {
  const n = a.length,
    m = b.length;
  if (n === 0 || m === 0) return n === m ? 0 : Infinity;
  let prev = new Float64Array(m + 1).fill(Infinity);
  let cur = new Float64Array(m + 1);
  prev[0] = 0;
  for (let i = 1; i <= n; i++) {
    cur.fill(Infinity);
    for (let j = 1; j <= m; j++) {
      const c = euclidean(a[i - 1], b[j - 1]);
      cur[j] = c + Math.min(prev[j], cur[j - 1], prev[j - 1]);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}

/** DTW restricted to `window` (cells (i, j), 0-based, in row order), with its warping path. */
function windowedDtw(a: readonly Vec3[], b: readonly Vec3[], window: readonly (readonly [number, number])[]): { cost: number; path: [number, number][] } {
  const m = b.length + 1;
  const cost = new Map<number, number>([[0, 0]]);
  const from = new Map<number, number>();
  const at = (i: number, j: number) => cost.get(i * m + j) ?? Infinity;
  for (const [i0, j0] of window) {
    const i = i0 + 1,
      j = j0 + 1;
    const d = euclidean(a[i0], b[j0]);
    // ties resolve up, left, diagonal: the order of Salvador & Chan's reference implementation
    let best = at(i - 1, j),
      prev = (i - 1) * m + j;
    if (at(i, j - 1) < best) [best, prev] = [at(i, j - 1), i * m + j - 1];
    if (at(i - 1, j - 1) < best) [best, prev] = [at(i - 1, j - 1), (i - 1) * m + j - 1];
    cost.set(i * m + j, best + d);
    from.set(i * m + j, prev);
  }
  const end = a.length * m + b.length;
  if (!from.has(end)) throw new Error('FastDTW: the search window does not reach the last cell');
  const path: [number, number][] = [];
  for (let k = end; k !== 0; k = from.get(k)!) path.push([Math.floor(k / m) - 1, (k % m) - 1]);
  return { cost: at(a.length, b.length), path: path.reverse() };
}

const halve = (xs: readonly Vec3[]): Vec3[] => {
  const out: Vec3[] = [];
  for (let i = 0; i + 1 < xs.length; i += 2) out.push([(xs[i][0] + xs[i + 1][0]) / 2, (xs[i][1] + xs[i + 1][1]) / 2, (xs[i][2] + xs[i + 1][2]) / 2]);
  return out;
};

/** The coarse path projected to the finer resolution and widened by `radius` cells. */
function expandWindow(path: readonly [number, number][], n: number, m: number, radius: number): [number, number][] {
  const coarse = new Set<number>();
  const cm = Math.ceil(m / 2) + radius + 2;
  for (const [i, j] of path)
    for (let a = -radius; a <= radius; a++) for (let b = -radius; b <= radius; b++) if (i + a >= 0 && j + b >= 0) coarse.add((i + a) * cm + (j + b));
  const fine = new Set<number>();
  for (const k of coarse) {
    const i = Math.floor(k / cm),
      j = k % cm;
    for (const [x, y] of [
      [2 * i, 2 * j],
      [2 * i, 2 * j + 1],
      [2 * i + 1, 2 * j],
      [2 * i + 1, 2 * j + 1],
    ])
      if (x < n && y < m) fine.add(x * m + y);
  }
  // per row, the contiguous run of window cells from where the previous row's run started
  const window: [number, number][] = [];
  let startJ = 0;
  for (let i = 0; i < n; i++) {
    let newStart: number | null = null;
    for (let j = startJ; j < m; j++) {
      if (fine.has(i * m + j)) {
        window.push([i, j]);
        newStart ??= j;
      } else if (newStart !== null) break;
    }
    startJ = newStart ?? startJ;
  }
  return window;
}

function fast(a: readonly Vec3[], b: readonly Vec3[], radius: number): { cost: number; path: [number, number][] } {
  const minSize = radius + 2;
  if (a.length < minSize || b.length < minSize) {
    const full: [number, number][] = [];
    for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) full.push([i, j]);
    return windowedDtw(a, b, full);
  }
  const coarse = fast(halve(a), halve(b), radius);
  return windowedDtw(a, b, expandWindow(coarse.path, a.length, b.length, radius));
}

/**
 * FastDTW (Salvador & Chan 2007): DTW on halved sequences, refined within `radius` cells of the
 * coarse path. An approximation (≥ the exact DTW); VLN-CE's nDTW uses it by default (fastdtw 0.3.4,
 * radius 1).
 */
export function fastDtw(a: readonly Vec3[], b: readonly Vec3[], radius = 1): number {
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 0 : Infinity;
  if (!Number.isInteger(radius) || radius < 0) throw new Error(`FastDTW radius is a whole number ≥ 0, got ${radius}`);
  return fast(a, b, radius).cost;
}

/** Which DTW nDTW uses: 'exact' (dtw 1.4.0 in VLN-CE) or 'fast' (FastDTW, VLN-CE's default `NDTW.FDTW`). */
export type DtwMethod = 'exact' | 'fast';

/**
 * Normalised DTW as VLN-CE defines it: exp(−DTW(agent, reference) / (|reference| · d_th)), d_th = the
 * success distance (3.0 m). Consecutive repeated agent positions count once (VLN-CE drops a position
 * equal to the previous one).
 */
export function ndtw(agent: readonly Vec3[], reference: readonly Vec3[], successDistance = 3.0, method: DtwMethod = 'exact'): number {
  if (reference.length === 0) throw new Error('nDTW needs a non-empty reference path');
  const pts: Vec3[] = [];
  for (const p of agent) {
    const q = pts[pts.length - 1];
    if (!q || Math.abs(p[0] - q[0]) > 1e-8 || Math.abs(p[1] - q[1]) > 1e-8 || Math.abs(p[2] - q[2]) > 1e-8) pts.push(p);
  }
  const cost = method === 'fast' ? fastDtw(pts, reference) : dtw(pts, reference);
  return Math.exp(-cost / (reference.length * successDistance));
}

/** Success weighted by normalised DTW (VLN-CE `SDTW`): success · nDTW. */
export function sdtw(success: number, nDtw: number): number {
  return success * nDtw;
}
