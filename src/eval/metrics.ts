/**
 * Trajectory errors (Sturm et al. 2012, as computed by evo): ATE = translation RMSE after SE(3)
 * alignment of the associated positions; RPE = error of the relative motion over a fixed number of
 * associated pairs, no alignment needed.
 */
import { invert, multiply, transformPoint, type Mat4, type Vec3 } from '../geometry/index.js';
import type { TumPose } from '../body/index.js';
import { alignRigid } from './align.js';
import { associateByTime } from './associate.js';

export interface AteResult {
  rmse_m: number;
  mean_m: number;
  max_m: number;
  pairs: number;
  /** maps estimate positions onto the reference */
  alignment: Mat4;
}

const pos = (m: Mat4): Vec3 => [m[3], m[7], m[11]];

export function ate(ref: readonly TumPose[], est: readonly TumPose[], maxDt = 0.01): AteResult {
  const a = associateByTime(ref, est, maxDt);
  const n = a.ref.length;
  if (n < 3) throw new Error(`ATE needs at least 3 associated poses (|dt| ≤ ${maxDt} s), found ${n}`);
  const r = a.ref.map((p) => pos(p.pose)), e = a.est.map((p) => pos(p.pose));
  const T = alignRigid(r, e);
  let sum = 0, total = 0, max = 0;
  for (let i = 0; i < n; i++) {
    const q = transformPoint(T, e[i]);
    const d = Math.hypot(q[0] - r[i][0], q[1] - r[i][1], q[2] - r[i][2]);
    sum += d * d;
    total += d;
    max = Math.max(max, d);
  }
  return { rmse_m: Math.sqrt(sum / n), mean_m: total / n, max_m: max, pairs: n, alignment: T };
}

export interface RpeResult {
  trans_rmse_m: number;
  rot_rmse_deg: number;
  pairs: number;
}

/** Relative pose error over `delta` associated frames. */
export function rpe(ref: readonly TumPose[], est: readonly TumPose[], delta = 1, maxDt = 0.01): RpeResult {
  if (!Number.isInteger(delta) || delta < 1) throw new Error(`RPE delta must be a positive integer, got ${delta}`);
  const a = associateByTime(ref, est, maxDt);
  let st = 0, sr = 0, n = 0;
  for (let i = 0; i + delta < a.ref.length; i++) {
    const dq = multiply(invert(a.ref[i].pose), a.ref[i + delta].pose);
    const dp = multiply(invert(a.est[i].pose), a.est[i + delta].pose);
    const e = multiply(invert(dq), dp);
    st += e[3] * e[3] + e[7] * e[7] + e[11] * e[11];
    const c = Math.min(1, Math.max(-1, (e[0] + e[5] + e[10] - 1) / 2));
    const ang = (Math.acos(c) * 180) / Math.PI;
    sr += ang * ang;
    n++;
  }
  if (n === 0) throw new Error(`RPE needs more than ${delta} associated poses`);
  return { trans_rmse_m: Math.sqrt(st / n), rot_rmse_deg: Math.sqrt(sr / n), pairs: n };
}
