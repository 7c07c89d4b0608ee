/**
 * A flight going down, as the floor above shows it: a hole. A level camera on the landing does not
 * see the treads below (the flight is steeper than the view's lower edge), it sees through the hole
 * to what lies under the floor; every ray to such a point crossed the floor plane over the hole, so
 * those crossings outline the hole — the flight's top, as wide as the flight and in line with it.
 * The way down is centred on them: the line noted from the climb (measured from below, carried up
 * the flight and then through the tracker's drift) can be off by a third of the flight's width, and
 * going down that is the gallery slab's edge beside it (house 3: the body grazed it on the second
 * step down, stalled and was sent back; on the next try it went along the gallery).
 */
import { columnRay, headingVector } from '../../geometry/index.js';
import type { PlanarPoint } from '../../mapping/index.js';
import type { Navigator } from '../../navigator/index.js';
import type { Flight } from './stairs.js';

/** a point this far below the floor plane is seen through a hole (the mapper's dropMax) */
const DROP_M = 0.5;
/** crossings farther than this are not the top of the flight in hand, m */
const MAX_CROSSING_M = 3.5;
/** a flight's width as the houses build them (stairs.ts's centring takes half of it too), m */
export const FLIGHT_WIDTH_M = 1.0;
/** the hole as seen is taken when it spans at least this much across the line, m */
const MIN_SPAN_M = 0.5;
/** crossings needed before the hole is believed */
const MIN_POINTS = 12;
/** crossings this far to either side of the line are another hole, m */
const LATERAL_M = 1.5;
/** columns this near the image's sides mean the hole runs on out of view there */
const EDGE_COLS = 0.06;

/** The hole's crossings in the current view: where each ray to a point well below the floor crossed the floor plane, with the image column's side. */
export interface Rim {
  points: PlanarPoint[];
  /** the hole reaches the left / right edge of the image */
  clippedLeft: boolean;
  clippedRight: boolean;
}

/** The hole in the floor the current view shows, from the depth and the estimated pose. */
export function rimInView(nav: Navigator): Rim | null {
  const f = nav.lastView,
    pose = nav.planar();
  if (!f || !pose || nav.status !== 'ok') return null;
  const K = nav.body.intrinsics,
    hc = nav.body.cameraHeight;
  const points: PlanarPoint[] = [];
  let clippedLeft = false,
    clippedRight = false;
  const edge = Math.round(f.width * EDGE_COLS);
  for (let u = 2; u < f.width; u += 4) {
    const ray = columnRay(K, u);
    for (let v = Math.ceil(K.cy); v < f.height; v += 3) {
      const d = f.depth[v * f.width + u];
      if (!(d > 0.3)) continue;
      const below = ((v - K.cy) / K.fy) * d - hc;
      if (below < DROP_M) continue;
      // the ray dropped hc + below over its range: it crossed the floor plane hc / (hc + below) of the way
      const r = (d * ray.rangePerDepth * hc) / (hc + below);
      if (r > MAX_CROSSING_M) continue;
      const bearing = pose.yaw + ray.turn;
      points.push({ x: pose.x - Math.sin(bearing) * r, z: pose.z + Math.cos(bearing) * r });
      if (u < edge) clippedLeft = true;
      if (u >= f.width - edge) clippedRight = true;
    }
  }
  return points.length ? { points, clippedLeft, clippedRight } : null;
}

/**
 * The way down `f` (heading down the flight) moved across its line onto the hole's middle; null when
 * the hole is not seen well enough (too few crossings near the line, or narrower than a flight with
 * neither side running out of view). Not along it: the view's lower edge meets the floor 1.4 m out,
 * so how near the hole starts is not seen from the landing.
 */
export function centreOnRim(f: Flight, rim: Rim, yaw: number): Flight | null {
  const { x: hx, z: hz } = headingVector(f.heading);
  const lx = -hz,
    lz = hx; // left of the heading
  const across: number[] = [];
  for (const p of rim.points) {
    const a = (p.x - f.bottom.x) * hx + (p.z - f.bottom.z) * hz,
      l = (p.x - f.bottom.x) * lx + (p.z - f.bottom.z) * lz;
    if (a > -1 && Math.abs(l) <= LATERAL_M) across.push(l);
  }
  if (across.length < MIN_POINTS) return null;
  across.sort((a, b) => a - b);
  const lo = quantile(across, 0.05),
    hi = quantile(across, 0.95);
  // which side of the line the image's left is: the robot may face the flight at an angle
  const leftIsLeft = Math.cos(yaw - f.heading) >= 0;
  const clipLo = leftIsLeft ? rim.clippedRight : rim.clippedLeft,
    clipHi = leftIsLeft ? rim.clippedLeft : rim.clippedRight;
  let mid: number;
  if (clipLo && clipHi) return null;
  else if (clipHi) mid = Math.max((lo + hi) / 2, lo + FLIGHT_WIDTH_M / 2);
  else if (clipLo) mid = Math.min((lo + hi) / 2, hi - FLIGHT_WIDTH_M / 2);
  else if (hi - lo >= MIN_SPAN_M) mid = (lo + hi) / 2;
  else return null;
  return { ...f, bottom: { x: f.bottom.x + lx * mid, z: f.bottom.z + lz * mid } };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))];
}
