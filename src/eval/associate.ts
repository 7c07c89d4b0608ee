/**
 * Timestamp association as evo does it (sync.associate_trajectories): every pose of the shorter
 * trajectory is paired with the nearest-in-time pose of the longer one when |dt| ≤ maxDt; a pose of
 * the longer trajectory may be used twice.
 */
import type { TumPose } from '../body/index.js';

export interface Association {
  ref: TumPose[];
  est: TumPose[];
}

function nearest(sorted: readonly TumPose[], t: number): number {
  let lo = 0,
    hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].time < t) lo = mid + 1;
    else hi = mid;
  }
  // ties go to the earlier stamp, as numpy's argmin returns the first minimum
  if (lo > 0 && Math.abs(sorted[lo - 1].time - t) <= Math.abs(sorted[lo].time - t)) return lo - 1;
  return lo;
}

export function associateByTime(ref: readonly TumPose[], est: readonly TumPose[], maxDt = 0.01): Association {
  const byTime = (a: TumPose, b: TumPose) => a.time - b.time;
  const r = [...ref].sort(byTime),
    e = [...est].sort(byTime);
  const estLonger = e.length > r.length;
  const short = estLonger ? r : e,
    long = estLonger ? e : r;
  const out: Association = { ref: [], est: [] };
  if (long.length === 0) return out;
  for (const p of short) {
    const j = nearest(long, p.time);
    if (Math.abs(long[j].time - p.time) > maxDt) continue;
    if (estLonger) {
      out.ref.push(p);
      out.est.push(long[j]);
    } else {
      out.ref.push(long[j]);
      out.est.push(p);
    }
  }
  return out;
}
