import type { Vec3 } from '../../geometry/index.js';
import { euclidean } from './types.js';

/** Dynamic time warping cost between two point sequences with Euclidean point distance (exact DTW). */
export function dtw(a: readonly Vec3[], b: readonly Vec3[]): number {
  const n = a.length, m = b.length;
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

/**
 * Normalised DTW as VLN-CE defines it: exp(−DTW(agent, reference) / (|reference| · d_th)), d_th = the
 * success distance (3.0 m). Consecutive repeated agent positions count once (VLN-CE drops a position
 * equal to the previous one).
 */
export function ndtw(agent: readonly Vec3[], reference: readonly Vec3[], successDistance = 3.0): number {
  if (reference.length === 0) throw new Error('nDTW needs a non-empty reference path');
  const pts: Vec3[] = [];
  for (const p of agent) {
    const q = pts[pts.length - 1];
    if (!q || Math.abs(p[0] - q[0]) > 1e-8 || Math.abs(p[1] - q[1]) > 1e-8 || Math.abs(p[2] - q[2]) > 1e-8) pts.push(p);
  }
  return Math.exp(-dtw(pts, reference) / (reference.length * successDistance));
}
