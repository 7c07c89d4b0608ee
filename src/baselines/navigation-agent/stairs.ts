/**
 * Stairs, as a careful engineer finds them with a depth camera: along an image column a flight's
 * visible top surface rises steadily with distance (rise ≈ 0.18 m per 0.28 m going, a ~33° ramp over
 * more than a metre), which neither furniture (flat tops) nor walls (vertical) do. Found from the
 * current view's depth and the estimated pose only.
 */
import { wrapAngle } from '../../geometry/angle.js';
import type { PlanarPoint } from '../../mapping/planner.js';
import type { Navigator } from '../../navigator/navigator.js';

export interface Flight {
  /** floor-level point just before the first step, estimated world */
  bottom: PlanarPoint;
  /** heading (yaw) that climbs the flight */
  heading: number;
  /** floor layer it starts from */
  floor: number;
  /** length of the ramp seen, m */
  spanM: number;
  /** the floor layer it led to, once taken */
  to?: number;
}

const BIN_M = 0.1;
const MAX_R = 4.0;

export function flightInView(nav: Navigator): Flight | null {
  const f = nav.lastView, pose = nav.planar();
  if (!f || !pose || nav.status !== 'ok' || nav.floor === null) return null;
  const K = nav.body.intrinsics, hc = nav.body.cameraHeight;
  let best: { r0: number; span: number; bearing: number } | null = null;
  let hits = 0;
  for (let u = 4; u < f.width; u += 8) {
    const top = new Float32Array(Math.ceil(MAX_R / BIN_M)).fill(-1);
    const tx = (u - K.cx) / K.fx;
    for (let v = 0; v < f.height; v += 2) {
      const d = f.depth[v * f.width + u];
      if (!(d > 0.3 && d < 6)) continue;
      const r = d * Math.sqrt(1 + tx * tx);
      const h = hc - ((v - K.cy) / K.fy) * d;
      const b = Math.floor(r / BIN_M);
      if (b < top.length && h > top[b] && h < 2.4) top[b] = h;
    }
    const ramp = rampIn(top);
    if (!ramp) continue;
    hits++;
    if (!best || ramp.span > best.span) best = { ...ramp, bearing: pose.yaw - Math.atan(tx) };
  }
  if (!best || hits < 3) return null;
  const back = Math.max(0, best.r0 - 0.35);
  return {
    bottom: { x: pose.x - Math.sin(best.bearing) * back, z: pose.z + Math.cos(best.bearing) * back },
    heading: wrapAngle(best.bearing),
    floor: nav.floor,
    spanM: best.span,
  };
}

/** A run of bins whose top height climbs from near the floor past 0.9 m at a stair's slope. */
function rampIn(top: Float32Array): { r0: number; span: number } | null {
  for (let i = 0; i < top.length; i++) {
    if (top[i] < 0.1 || top[i] > 0.35) continue;
    let last = top[i], j = i;
    for (let k = i + 1; k < top.length && k <= j + 3; k++) {
      if (top[k] < 0) continue;
      if (top[k] < last - 0.05 || top[k] - last > 0.45) break;
      last = Math.max(last, top[k]);
      j = k;
    }
    const span = (j - i) * BIN_M, rise = last - top[i];
    if (span >= 1.0 && last > 0.9 && rise / span > 0.4 && rise / span < 0.95) return { r0: i * BIN_M, span };
  }
  return null;
}
