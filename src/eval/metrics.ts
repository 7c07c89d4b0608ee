/**
 * Trajectory errors (Sturm et al. 2012, as computed by evo): ATE = translation error after SE(3) or
 * Sim(3) alignment of the associated positions; RPE = error of the relative motion over a fixed number
 * of associated pairs (no alignment needed, but a Sim(3) alignment's scale is applied to the estimate).
 * Both come with evo's statistics (rmse, mean, median, std, min, max).
 */
import { invert, multiply, transformPoint, type Mat4, type Vec3 } from '../geometry/index.js';
import type { TumPose } from '../body/index.js';
import { alignPoints, type Alignment } from './align.js';
import { associateByTime } from './associate.js';
import { errorStats, type ErrorStats } from './stats.js';

export interface AteOptions {
  /** largest timestamp difference of an associated pair, seconds (evo's default 0.01) */
  maxDt?: number;
  align?: Alignment;
}

export interface AteResult {
  rmse_m: number;
  mean_m: number;
  max_m: number;
  pairs: number;
  stats: ErrorStats;
  /** maps estimate positions onto the reference (scale folded in for Sim(3)) */
  alignment: Mat4;
  scale: number;
  /** per associated pair: the reference time, the reference and the aligned estimate positions, the error */
  series: { time: number; ref: Vec3; est: Vec3; error: number }[];
}

const pos = (m: Mat4): Vec3 => [m[3], m[7], m[11]];

export function ate(ref: readonly TumPose[], est: readonly TumPose[], opts: number | AteOptions = {}): AteResult {
  const o: AteOptions = typeof opts === 'number' ? { maxDt: opts } : opts;
  const maxDt = o.maxDt ?? 0.01;
  const a = associateByTime(ref, est, maxDt);
  const n = a.ref.length;
  if (n < 3) throw new Error(`ATE needs at least 3 associated poses (|dt| ≤ ${maxDt} s), found ${n}`);
  const r = a.ref.map((p) => pos(p.pose)),
    e = a.est.map((p) => pos(p.pose));
  const { transform: T, scale } = alignPoints(r, e, o.align ?? 'se3');
  const series = r.map((rp, i) => {
    const q = transformPoint(T, e[i]);
    return { time: a.ref[i].time, ref: rp, est: q, error: Math.hypot(q[0] - rp[0], q[1] - rp[1], q[2] - rp[2]) };
  });
  const stats = errorStats(series.map((s) => s.error));
  return { rmse_m: stats.rmse, mean_m: stats.mean, max_m: stats.max, pairs: n, stats, alignment: T, scale, series };
}

export interface RpeResult {
  trans_rmse_m: number;
  rot_rmse_deg: number;
  pairs: number;
  delta: number;
  trans: ErrorStats;
  rot_deg: ErrorStats;
}

export interface RpeOptions {
  maxDt?: number;
  /** multiplies the estimate's translations (the scale of a Sim(3) alignment); 1 by default */
  scale?: number;
}

/** Relative pose error over `delta` associated frames. */
export function rpe(ref: readonly TumPose[], est: readonly TumPose[], delta = 1, opts: number | RpeOptions = {}): RpeResult {
  const o: RpeOptions = typeof opts === 'number' ? { maxDt: opts } : opts;
  if (!Number.isInteger(delta) || delta < 1) throw new Error(`RPE delta must be a positive integer, got ${delta}`);
  const a = associateByTime(ref, est, o.maxDt ?? 0.01);
  const s = o.scale ?? 1;
  const scaled = (m: Mat4): Mat4 => {
    const c = new Float64Array(m) as Mat4;
    c[3] *= s;
    c[7] *= s;
    c[11] *= s;
    return c;
  };
  const trans: number[] = [],
    rot: number[] = [];
  for (let i = 0; i + delta < a.ref.length; i++) {
    const dq = multiply(invert(a.ref[i].pose), a.ref[i + delta].pose);
    const dp = multiply(invert(scaled(a.est[i].pose)), scaled(a.est[i + delta].pose));
    const e = multiply(invert(dq), dp);
    trans.push(Math.hypot(e[3], e[7], e[11]));
    const c = Math.min(1, Math.max(-1, (e[0] + e[5] + e[10] - 1) / 2));
    rot.push((Math.acos(c) * 180) / Math.PI);
  }
  if (trans.length === 0) throw new Error(`RPE needs more than ${delta} associated poses, found ${a.ref.length}`);
  const t = errorStats(trans),
    r = errorStats(rot);
  return { trans_rmse_m: t.rmse, rot_rmse_deg: r.rmse, pairs: trans.length, delta, trans: t, rot_deg: r };
}
