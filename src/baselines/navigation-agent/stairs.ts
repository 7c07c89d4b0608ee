/**
 * Stairs, as a careful engineer finds them with a depth camera: along an image column a flight's
 * visible top surface rises steadily with distance (rise ≈ 0.18 m per 0.28 m going, a ~33° ramp over
 * more than a metre), which neither furniture (flat tops) nor walls (vertical) do. Found from the
 * current view's depth and the estimated pose only.
 */
import { cameraHeightOf, columnRay, headingVector, NAVIGATOR_FRAME, pointAhead, wrapAngle } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { DepthView, Navigator } from '../../navigator/index.js';

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
const MAX_R = 7.0;
/** estimated height off the current floor layer's beyond which the body is on a flight, m */
const OFF_FLOOR_M = 0.4;

/** The body's estimated height over floor layer `floor`'s plane (the camera's less its mounting height), m; null when unknown. */
export function heightOverFloor(nav: Navigator, floor: number | null): number | null {
  const pose = nav.poseMatrix();
  const layer = floor === null ? undefined : nav.map.floors().find((l) => l.id === floor);
  if (!pose || !layer) return null;
  return cameraHeightOf(NAVIGATOR_FRAME, pose) - nav.body.cameraHeight - layer.floorUp;
}

/**
 * The body's estimated height (over the floor layer it was last on) is a flight's, not a floor's: the
 * navigator keeps the last layer while between floors. Steps seen from there are the rest of the
 * flight being taken, not a flight starting from that floor. False when unknown.
 */
export function offFloor(nav: Navigator): boolean {
  const h = heightOverFloor(nav, nav.floor);
  return h !== null && Math.abs(h) > OFF_FLOOR_M;
}

/** A flight in the current view, or in `seen` (an earlier view of the last step, from where it was taken). */
export function flightInView(nav: Navigator, seen?: DepthView): Flight | null {
  const f = seen ? seen.frame : nav.lastView,
    pose = seen ? seen.view.pose : nav.planar(),
    floor = seen ? seen.view.floor : nav.floor;
  if (!f || !pose || (!seen && nav.status !== 'ok') || floor === null) return null;
  const K = nav.body.intrinsics,
    hc = nav.body.cameraHeight;
  let best: { r0: number; span: number; bearing: number } | null = null;
  let hits = 0;
  const treads: PlanarPoint[] = [];
  /** tread tops on the ramps (x, z, height above the floor), for the flight's slope */
  const tops: number[] = [];
  for (let u = 4; u < f.width; u += 8) {
    const top = new Float32Array(Math.ceil(MAX_R / BIN_M)).fill(-1);
    const ray = columnRay(K, u);
    for (let v = 0; v < f.height; v += 2) {
      const d = f.depth[v * f.width + u];
      if (!(d > 0.3 && d < MAX_R + 1)) continue;
      const r = d * ray.rangePerDepth;
      const h = hc - ((v - K.cy) / K.fy) * d;
      const b = Math.floor(r / BIN_M);
      if (b < top.length && h > top[b] && h < 2.4) top[b] = h;
    }
    const ramp = rampIn(top);
    if (!ramp) continue;
    hits++;
    const bearing = pose.yaw + ray.turn;
    for (let r = ramp.r0; r <= ramp.r0 + ramp.span; r += BIN_M) {
      const p = pointAhead(pose, bearing, r);
      treads.push(p);
      const h = top[Math.floor(r / BIN_M + 1e-6)];
      if (h >= 0) tops.push(p.x, p.z, h);
    }
    if (!best || ramp.span > best.span) best = { ...ramp, bearing };
  }
  if (!best || hits < 3) return null;
  // the foot of the flight, laterally at the middle of the treads seen, just short of the first step
  // up the flight is up its slope: the gradient of the tread heights (the column bearing of the longest
  // ramp is off the flight's axis by as much as the robot stands to one side of it)
  const slope = slopeHeading(tops);
  const heading = wrapAngle(slope !== null && Math.abs(wrapAngle(slope - best.bearing)) < Math.PI / 4 ? slope : best.bearing);
  const { x: hx, z: hz } = headingVector(heading);
  const cx = treads.reduce((a, p) => a + p.x, 0) / treads.length,
    cz = treads.reduce((a, p) => a + p.z, 0) / treads.length;
  const first = Math.min(...treads.map((p) => (p.x - cx) * hx + (p.z - cz) * hz));
  return {
    bottom: { x: cx + hx * (first - 0.35), z: cz + hz * (first - 0.35) },
    heading,
    floor,
    spanM: best.span,
  };
}

/** Heading of steepest ascent of a plane fitted (least squares) to (x, z, h) triples; null when degenerate. */
export function slopeHeading(xzh: readonly number[]): number | null {
  const n = xzh.length / 3;
  if (n < 6) return null;
  let mx = 0,
    mz = 0,
    mh = 0;
  for (let i = 0; i < n; i++) {
    mx += xzh[3 * i];
    mz += xzh[3 * i + 1];
    mh += xzh[3 * i + 2];
  }
  mx /= n;
  mz /= n;
  mh /= n;
  let sxx = 0,
    sxz = 0,
    szz = 0,
    sxh = 0,
    szh = 0;
  for (let i = 0; i < n; i++) {
    const x = xzh[3 * i] - mx,
      z = xzh[3 * i + 1] - mz,
      h = xzh[3 * i + 2] - mh;
    sxx += x * x;
    sxz += x * z;
    szz += z * z;
    sxh += x * h;
    szh += z * h;
  }
  const det = sxx * szz - sxz * sxz;
  if (Math.abs(det) < 1e-9) return null;
  const gx = (szz * sxh - sxz * szh) / det,
    gz = (sxx * szh - sxz * sxh) / det;
  if (Math.hypot(gx, gz) < 0.2) return null;
  // heading convention of the navigator frame: forward = (-sin yaw, cos yaw)
  return Math.atan2(-gx, gz);
}

/** A run of bins whose top height climbs from near the floor past 0.9 m at a stair's slope. */
function rampIn(top: Float32Array): { r0: number; span: number } | null {
  const first = top.findIndex((h) => h >= 0);
  for (let i = Math.max(0, first); i < top.length; i++) {
    // the first tread, or (from close by, the lowest steps below the view) the nearest one in view
    if (top[i] < 0.1 || top[i] > (i === first ? 0.8 : 0.35)) continue;
    let last = top[i],
      j = i;
    for (let k = i + 1; k < top.length && k <= j + 3; k++) {
      if (top[k] < 0) continue;
      if (top[k] < last - 0.05 || top[k] - last > 0.45) break;
      last = Math.max(last, top[k]);
      j = k;
    }
    const span = (j - i) * BIN_M,
      rise = last - top[i];
    if (span >= 1.0 && last > 0.9 && rise / span > 0.4 && rise / span < 0.95) return { r0: i * BIN_M, span };
  }
  return null;
}

/**
 * The flight's lateral middle, from the map: a metre up the flight its steps are obstacle cells and
 * the floor beside it is free, so the foot is moved to half the flight's width (0.5 m) in from the
 * edge between the two. Unchanged when the map shows no such edge near it.
 */
export function centreOnFlight(f: Flight, cellAt: (x: number, z: number) => 'unknown' | 'free' | 'obstacle'): Flight {
  const { x: hx, z: hz } = headingVector(f.heading);
  const lx = -hz,
    lz = hx; // left of the heading
  const p = { x: f.bottom.x + hx * 0.8, z: f.bottom.z + hz * 0.8 };
  const at = (o: number) => cellAt(p.x + lx * o, p.z + lz * o);
  for (let k = 0; k <= 12; k++) {
    for (const o of k === 0 ? [0] : [k * 0.1, -k * 0.1]) {
      if (at(o) !== 'free') continue;
      // the nearest free cell: the flight is on the side where obstacles start next to it
      const dir = at(o + 0.1) === 'obstacle' ? 1 : at(o - 0.1) === 'obstacle' ? -1 : 0;
      if (dir === 0) continue;
      const shift = o + dir * 0.6;
      return { ...f, bottom: { x: f.bottom.x + lx * shift, z: f.bottom.z + lz * shift } };
    }
  }
  return f;
}
