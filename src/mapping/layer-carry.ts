/**
 * Carrying a floor layer from one world into another (paper 001 §3.2, a late relocalisation): two worlds of
 * the same house that differ by a rigid motion, of which the floor plane sees a turn about the up
 * axis, a shift on the floor and a shift along up. The per-cell work is navcore's `resampleRigid`,
 * run on the layers' own grids in linear memory (no copy in or out).
 */
import { transformPoint, type Mat4, type Vec3, type WorldFrame } from '../geometry/index.js';
import type { OccupancyMap } from './occupancy-map.js';
import { Cell } from './params.js';

/** dst = R·src + t on the floor plane, in world cells, with R = [[cos, −sin], [sin, cos]] on (x, z). */
export interface PlanarRigid {
  cos: number;
  sin: number;
  tx: number;
  tz: number;
}

const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * The floor-plane part of a rigid world-to-world transform `T` (a 4×4 taking points of the source
 * world into the target world), with the shift in cells of `cellSize`, and the shift along up in
 * metres. A tilt in `T` (it should be none: both worlds are levelled) is projected away.
 */
export function planarRigidOf(frame: WorldFrame, T: Mat4, cellSize: number): { rigid: PlanarRigid; upShift: number } {
  const planar = (p: Vec3): [number, number] => [dot(frame.right, p), dot(frame.forward, p)];
  const o = transformPoint(T, [0, 0, 0]);
  const [ox, oz] = planar(o);
  const [rx, rz] = planar(transformPoint(T, frame.right));
  const [fx, fz] = planar(transformPoint(T, frame.forward));
  // images of the unit planar axes: (c, s) and (−s, c) for a pure turn; averaged, then normalised
  const c0 = (rx - ox + (fz - oz)) / 2,
    s0 = (rz - oz - (fx - ox)) / 2;
  const n = Math.hypot(c0, s0);
  if (!(n > 1e-6)) throw new Error('the transform between the two worlds has no turn on the floor plane (degenerate)');
  return { rigid: { cos: c0 / n, sin: s0 / n, tx: ox / cellSize, tz: oz / cellSize }, upShift: dot(frame.up, o) };
}

/** Where floor point (x, z) of the source lands in the target (in the units of the shift). */
export function carryPoint(t: PlanarRigid, x: number, z: number): [number, number] {
  return [t.cos * x - t.sin * z + t.tx, t.sin * x + t.cos * z + t.tz];
}

/**
 * Writes the known cells of layer `from` into layer `into` of the same map, moved by `t` (the
 * source's known cells overwrite: they are the newer observations). `into` grows to hold them.
 * Returns the cells written, or an error when the layer cannot grow that far.
 */
export function carryLayer(map: OccupancyMap, from: number, into: number, t: PlanarRigid): { ok: true; written: number } | { ok: false; error: string } {
  if (from === into) return { ok: false, error: 'a layer cannot be carried into itself' };
  if (![t.cos, t.sin, t.tx, t.tz].every(Number.isFinite)) return { ok: false, error: 'the transform must be finite' };
  const b = map.knownBounds(from);
  if (!b) return { ok: true, written: 0 };
  const corners = [carryPoint(t, b.minX, b.minZ), carryPoint(t, b.maxX + 1, b.minZ), carryPoint(t, b.minX, b.maxZ + 1), carryPoint(t, b.maxX + 1, b.maxZ + 1)];
  const x0 = Math.floor(Math.min(...corners.map((p) => p[0]))) - 1,
    x1 = Math.ceil(Math.max(...corners.map((p) => p[0]))) + 1;
  const z0 = Math.floor(Math.min(...corners.map((p) => p[1]))) - 1,
    z1 = Math.ceil(Math.max(...corners.map((p) => p[1]))) + 1;
  const grown = map.cover(into, x0, z0, x1, z1);
  if (grown) return { ok: false, error: grown };
  const s = map.gridRef(from),
    d = map.gridRef(into);
  const written = map.core.exports.resampleRigid(
    s.ptr,
    s.w,
    s.h,
    s.ox,
    s.oz,
    d.ptr,
    d.w,
    d.h,
    d.ox,
    d.oz,
    x0 - d.ox,
    z0 - d.oz,
    x1 + 1 - d.ox,
    z1 + 1 - d.oz,
    t.cos,
    t.sin,
    t.tx,
    t.tz,
  );
  return { ok: true, written };
}

/**
 * As `carryLayer`, but the carried cells come in as memory, not as observations of the layer's world.
 * A late join places the run's cells by the joining frame's two poses, so they land off by the join's
 * error and by the run's drift before it, as the saved cells land off by the saved map's; neither is
 * the newer truth. So a carried cell fills what the target does not know (its obstacles as remembered
 * ones, which this run's later frames, now in the target's world, may see free), a carried obstacle
 * over a known free cell is remembered there, and a carried free cell never clears a saved obstacle.
 * Before, a carried cell overwrote the saved one: a join 0.3 m off cut the saved walls along its free
 * space (docs/deployment.md, "The saved house over many runs").
 */
export function carryLayerAsMemory(
  map: OccupancyMap,
  from: number,
  into: number,
  t: PlanarRigid,
): { ok: true; written: number } | { ok: false; error: string } {
  const target = map.floors().find((f) => f.id === into);
  if (!target || from === into) return carryLayer(map, from, into, t);
  // the carried cells on a scratch layer of the target's grid first (opened last, so the other layers
  // keep their numbers when it is dropped), then merged cell by cell
  const scratch = map.openFloor(target.floorUp);
  try {
    const r = carryLayer(map, from, scratch, t);
    return r.ok ? mergeAsMemory(map, scratch, into) : r;
  } finally {
    map.retainFloors(map.floors().flatMap((f) => (f.id === scratch ? [] : [f.id])));
  }
}

/** Merges the known cells of layer `from` into layer `into` (the same world cells) by carryLayerAsMemory's rule. */
function mergeAsMemory(map: OccupancyMap, from: number, into: number): { ok: true; written: number } | { ok: false; error: string } {
  const b = map.knownBounds(from);
  if (!b) return { ok: true, written: 0 };
  const grown = map.cover(into, b.minX, b.minZ, b.maxX, b.maxZ);
  if (grown) return { ok: false, error: grown };
  // views after growing: a grown layer may have moved linear memory
  const s = map.gridRef(from),
    d = map.gridRef(into);
  const sv = map.liveCells(from),
    dv = map.liveCells(into);
  let written = 0;
  for (let z = b.minZ; z <= b.maxZ; z++) {
    for (let x = b.minX; x <= b.maxX; x++) {
      const c = sv[(z - s.oz) * s.w + (x - s.ox)];
      const i = (z - d.oz) * d.w + (x - d.ox);
      const was = dv[i];
      const next = c === Cell.Free ? (was === Cell.Unknown ? Cell.Free : was) : c === Cell.Unknown || was === Cell.Obstacle ? was : Cell.Remembered;
      if (next !== was) written++;
      dv[i] = next;
    }
  }
  return { ok: true, written };
}
