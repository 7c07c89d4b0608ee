/**
 * Map quality against the simulator's ground truth (evaluation only). The true occupancy of a floor
 * is rasterised from the scene's triangles: a cell is truly blocked when the part of a triangle inside
 * the obstacle band (0.15–1.4 m above that floor) lies over it, truly free when floor lies under it and nothing
 * blocks it. The navigator's world is aligned to the simulator's once, through the first camera pose.
 */
import {
  type Mat4,
  type Vec3,
  invert,
  multiply,
  transformPoint,
  simPointToNavigator,
  simPoseToNavigator,
  NAVIGATOR_FRAME,
  planarPoint,
} from '../geometry/index.js';
import { Cell, type GridSnapshot } from '../mapping/index.js';
import { TRI_FLOATS, type Scene } from '../sim/index.js';

export interface TruthGrid {
  /** world cells (navigator frame) that are truly blocked / truly free, keyed `x,z` */
  blocked: Set<string>;
  free: Set<string>;
}

export interface MapQuality {
  /** share of cells the map calls free that are truly free */
  free_precision: number;
  /** share of truly blocked cells among the map's known cells that the map calls obstacle */
  obstacle_recall: number;
  free_cells: number;
  obstacle_cells: number;
  known_blocked_cells: number;
  /** free cells that are truly blocked (furniture carved or seen under, or a misplaced wall) */
  free_on_blocked_cells: number;
  /** free cells over no floor of this level (outside the house, or misplaced by pose error) */
  free_off_floor_cells: number;
}

const key = (x: number, z: number) => `${x},${z}`;

/**
 * Rasterises the true occupancy of the floor at sim height `floorY`, in the navigator's cells, given
 * the first camera pose in the sim frame (which defines the navigator's world). `mapFit`: the map's
 * world → the first camera's, fitted (e.g. by the camera centres), to score a map in its own frame.
 */
export function truthGrid(scene: Scene, floorY: number, firstCameraSim: Mat4, cellSize: number, band = { min: 0.15, max: 1.4 }, mapFit?: Mat4): TruthGrid {
  // sim point → navigator world: T_nav = T_first_nav⁻¹ · S · p (then into the map's own world, fitted)
  const toFirst = invert(simPoseToNavigator(firstCameraSim));
  return truthGridIn(scene, floorY, mapFit ? multiply(invert(mapFit), toFirst) : toFirst, cellSize, band);
}

/**
 * The same, with the map's world given by `toNav`: the simulator's frame (its points flipped into the
 * navigator's camera convention, y and z negated) → the map's world. A deployment knows the inverse,
 * its world → truth (`world_to_truth`).
 */
export function truthGridIn(scene: Pick<Scene, 'triangles'>, floorY: number, toNav: Mat4, cellSize: number, band = { min: 0.15, max: 1.4 }): TruthGrid {
  const planar = (p: Vec3) => {
    const q = transformPoint(toNav, simPointToNavigator(p));
    const { x, z } = planarPoint(NAVIGATOR_FRAME, q);
    return [x / cellSize, z / cellSize] as const;
  };
  const blocked = new Set<string>(),
    floor = new Set<string>();
  const t = scene.triangles;
  for (let i = 0; i < t.length; i += TRI_FLOATS) {
    const v = [0, 5, 10].map((o) => [t[i + o], t[i + o + 1], t[i + o + 2]] as Vec3);
    const ys = v.map((p) => p[1] - floorY);
    const lo = Math.min(...ys),
      hi = Math.max(...ys);
    if (hi > band.min && lo < band.max) {
      // Only the part of the triangle inside the band blocks: a sloped triangle (a ramp, a cushion)
      // that leaves the band blocks less floor than its whole footprint.
      const inBand = clipToSlab(v, floorY + band.min, floorY + band.max);
      if (inBand.length >= 2) fillConvex(inBand.map(planar), blocked);
    } else if (Math.abs(hi) < 0.05 && Math.abs(lo) < 0.05) fillConvex(v.map(planar), floor);
  }
  const free = new Set<string>();
  for (const c of floor) if (!blocked.has(c)) free.add(c);
  return { blocked, free };
}

/** The part of a convex polygon with y in [y0, y1] (Sutherland–Hodgman against two planes). */
export function clipToSlab(poly: Vec3[], y0: number, y1: number): Vec3[] {
  const clip = (pts: Vec3[], inside: (p: Vec3) => boolean, yc: number): Vec3[] => {
    const out: Vec3[] = [];
    for (let i = 0; i < pts.length; i++) {
      const a = pts[i],
        b = pts[(i + 1) % pts.length];
      const ia = inside(a),
        ib = inside(b);
      if (ia) out.push(a);
      if (ia !== ib) {
        const s = (yc - a[1]) / (b[1] - a[1]);
        out.push([a[0] + (b[0] - a[0]) * s, yc, a[2] + (b[2] - a[2]) * s]);
      }
    }
    return out;
  };
  return clip(
    clip(poly, (p) => p[1] >= y0, y0),
    (p) => p[1] <= y1,
    y1,
  );
}

/** Marks every cell the projected convex polygon touches: its edges (sampled finely) and covered cell centres. */
function fillConvex(p: (readonly [number, number])[], into: Set<string>): void {
  const n = p.length;
  for (let e = 0; e < n; e++) {
    const [a, b] = [p[e], p[(e + 1) % n]];
    const m = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) * 5));
    for (let s = 0; s <= m; s++) into.add(key(Math.floor(a[0] + ((b[0] - a[0]) * s) / m), Math.floor(a[1] + ((b[1] - a[1]) * s) / m)));
  }
  if (n < 3) return;
  const xs = p.map((q) => q[0]),
    zs = p.map((q) => q[1]);
  const minX = Math.floor(Math.min(...xs)),
    maxX = Math.ceil(Math.max(...xs));
  const minZ = Math.floor(Math.min(...zs)),
    maxZ = Math.ceil(Math.max(...zs));
  for (let z = minZ; z <= maxZ; z++) {
    for (let x = minX; x <= maxX; x++) {
      const cx = x + 0.5,
        cz = z + 0.5;
      let pos = true,
        neg = true;
      for (let e = 0; e < n; e++) {
        const a = p[e],
          b = p[(e + 1) % n];
        const side = (b[0] - a[0]) * (cz - a[1]) - (b[1] - a[1]) * (cx - a[0]);
        if (side < 0) pos = false;
        if (side > 0) neg = false;
      }
      if (pos || neg) into.add(key(x, z));
    }
  }
}

export function mapQuality(map: { snapshot(layer: number): GridSnapshot }, layer: number, truth: TruthGrid): MapQuality {
  const s = map.snapshot(layer);
  let free = 0,
    freeTrue = 0,
    freeBlocked = 0,
    obstacle = 0,
    knownBlocked = 0,
    blockedHit = 0;
  for (let z = 0; z < s.height; z++) {
    for (let x = 0; x < s.width; x++) {
      const c = s.cells[z * s.width + x];
      if (c === Cell.Unknown) continue;
      const k = key(x + s.originX, z + s.originZ);
      if (c === Cell.Free) {
        free++;
        if (truth.free.has(k)) freeTrue++;
        else if (truth.blocked.has(k)) freeBlocked++;
      } else obstacle++;
      if (truth.blocked.has(k)) {
        knownBlocked++;
        if (c === Cell.Obstacle) blockedHit++;
      }
    }
  }
  return {
    free_precision: free ? freeTrue / free : 0,
    obstacle_recall: knownBlocked ? blockedHit / knownBlocked : 0,
    free_cells: free,
    obstacle_cells: obstacle,
    known_blocked_cells: knownBlocked,
    free_on_blocked_cells: freeBlocked,
    free_off_floor_cells: free - freeTrue - freeBlocked,
  };
}
