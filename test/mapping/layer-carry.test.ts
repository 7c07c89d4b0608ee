/**
 * Carrying a floor layer into another world (late relocalisation): navcore's `resampleRigid` through
 * `carryLayer` against a plain TypeScript resample of the same definition, on random grids and random
 * turns and shifts; and `planarRigidOf` against transforms built from a known turn and shift.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Navcore } from '../../src/wasm/navcore.js';
import { OccupancyMap, type GridSnapshot } from '../../src/mapping/occupancy-map.js';
import { carryLayer, carryLayerAsMemory, planarRigidOf, type PlanarRigid } from '../../src/mapping/layer-carry.js';
import { Cell } from '../../src/mapping/params.js';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { levelPose } from '../../src/geometry/heights.js';
import { multiply, invert } from '../../src/geometry/pose.js';
import { rng } from '../../bench/support/synthetic.js';

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

/** The reference: every target cell takes the known source cell under its centre, moved back by t⁻¹. */
function resampleRef(src: GridSnapshot, dst: GridSnapshot, t: PlanarRigid): Uint8Array {
  const out = dst.cells.slice();
  for (let gz = 0; gz < dst.height; gz++) {
    for (let gx = 0; gx < dst.width; gx++) {
      const X = dst.originX + gx + 0.5 - t.tx,
        Z = dst.originZ + gz + 0.5 - t.tz;
      const sx = Math.floor(t.cos * X + t.sin * Z) - src.originX,
        sz = Math.floor(-t.sin * X + t.cos * Z) - src.originZ;
      if (sx < 0 || sz < 0 || sx >= src.width || sz >= src.height) continue;
      const v = src.cells[sz * src.width + sx];
      if (v !== 0) out[gz * dst.width + gx] = v;
    }
  }
  return out;
}

/** A grid of random blobs of free and obstacle cells over unknown. */
function randomGrid(rand: () => number, w: number, h: number, ox: number, oz: number, density: number): GridSnapshot {
  const cells = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (rand() < density) cells[i] = rand() < 0.7 ? 1 : 2;
  return { originX: ox, originZ: oz, width: w, height: h, cells };
}

/** The destination's cells on the reference's extent (the map may have grown the layer wider). */
function cellsOn(map: OccupancyMap, layer: number, on: GridSnapshot): Uint8Array {
  const out = new Uint8Array(on.width * on.height);
  for (let z = 0; z < on.height; z++) for (let x = 0; x < on.width; x++) out[z * on.width + x] = map.cellState(on.originX + x, on.originZ + z, layer);
  return out;
}

describe('carryLayer (navcore resampleRigid)', () => {
  it('matches the TypeScript resample on random grids, turns and shifts, growing the target to hold the carried cells', () => {
    const rand = rng(7);
    for (let trial = 0; trial < 40; trial++) {
      const map = new OccupancyMap(core);
      const src = randomGrid(rand, 5 + Math.floor(rand() * 60), 5 + Math.floor(rand() * 60), Math.floor(rand() * 40) - 20, Math.floor(rand() * 40) - 20, 0.5);
      const dst = randomGrid(rand, 30 + Math.floor(rand() * 40), 30 + Math.floor(rand() * 40), -15, -15, 0.3);
      const from = map.restoreFloor(0, src);
      const into = map.restoreFloor(0, dst);
      // a quarter of the trials turn by exact right angles, where cell centres meet cell edges
      const a = trial % 4 === 0 ? (Math.floor(rand() * 4) * Math.PI) / 2 : (rand() * 2 - 1) * Math.PI;
      const t: PlanarRigid = { cos: Math.cos(a), sin: Math.sin(a), tx: (rand() * 2 - 1) * 30, tz: (rand() * 2 - 1) * 30 };
      const r = carryLayer(map, from, into, t);
      expect(r.ok).toBe(true);
      // the reference on a target wide enough for every carried cell: the map's grown layer
      const grown = map.snapshot(into);
      const before: GridSnapshot = { ...grown, cells: cellsOnSnapshot(dst, grown) };
      const want = resampleRef(src, before, t);
      const got = cellsOn(map, into, grown);
      expect(Buffer.from(got).equals(Buffer.from(want))).toBe(true);
      // every target cell whose centre falls on a known source cell is written once
      if (r.ok) expect(r.written).toBe(want.reduce((n, _v, i) => n + (srcHit(src, before, t, i) ? 1 : 0), 0));
      // the source layer is left as it was
      expect(Buffer.from(map.snapshot(from).cells).equals(Buffer.from(src.cells))).toBe(true);
    }
  });

  it('carries a known cell to where the transform puts its centre', () => {
    const map = new OccupancyMap(core);
    const cells = new Uint8Array(9);
    cells[4] = 2; // cell (1, 1) of a 3×3 grid at the origin: centre (1.5, 1.5)
    const from = map.restoreFloor(0, { originX: 0, originZ: 0, width: 3, height: 3, cells });
    const into = map.openFloor(0);
    // a quarter turn, then 100 cells along x: (1.5, 1.5) → (−1.5, 1.5) → (98.5, 1.5)
    const r = carryLayer(map, from, into, { cos: 0, sin: 1, tx: 100, tz: 0 });
    expect(r).toEqual({ ok: true, written: 1 });
    expect(map.cellState(98, 1, into)).toBe(2);
    expect(map.counts(into).known).toBe(1);
    expect(carryLayer(map, from, from, { cos: 1, sin: 0, tx: 0, tz: 0 }).ok).toBe(false);
    expect(carryLayer(map, from, into, { cos: NaN, sin: 0, tx: 0, tz: 0 }).ok).toBe(false);
  });
});

/** The destination's original cells placed on the grown extent (unknown outside the original). */
function cellsOnSnapshot(dst: GridSnapshot, on: GridSnapshot): Uint8Array {
  const out = new Uint8Array(on.width * on.height);
  for (let z = 0; z < dst.height; z++) {
    for (let x = 0; x < dst.width; x++) out[(dst.originZ + z - on.originZ) * on.width + (dst.originX + x - on.originX)] = dst.cells[z * dst.width + x];
  }
  return out;
}

/** Whether target cell i's centre falls on a known source cell (it was written, even with the same value). */
function srcHit(src: GridSnapshot, dst: GridSnapshot, t: PlanarRigid, i: number): boolean {
  const gx = i % dst.width,
    gz = Math.floor(i / dst.width);
  const X = dst.originX + gx + 0.5 - t.tx,
    Z = dst.originZ + gz + 0.5 - t.tz;
  const sx = Math.floor(t.cos * X + t.sin * Z) - src.originX,
    sz = Math.floor(-t.sin * X + t.cos * Z) - src.originZ;
  return sx >= 0 && sz >= 0 && sx < src.width && sz < src.height && src.cells[sz * src.width + sx] !== 0;
}

describe('planarRigidOf', () => {
  it('recovers the turn about up, the floor shift in cells and the shift along up', () => {
    const rand = rng(3);
    for (let k = 0; k < 20; k++) {
      const a = levelPose(NAVIGATOR_FRAME, { x: rand() * 10 - 5, z: rand() * 10 - 5, yaw: rand() * 6 - 3 }, 1.2);
      const b = levelPose(NAVIGATOR_FRAME, { x: rand() * 10 - 5, z: rand() * 10 - 5, yaw: rand() * 6 - 3 }, 1.2 + (k % 3) * 0.4);
      // T takes the world where a frame is at `a` into the one where the same frame is at `b`
      const T = multiply(b, invert(a));
      const { rigid, upShift } = planarRigidOf(NAVIGATOR_FRAME, T, 0.05);
      expect(upShift).toBeCloseTo((k % 3) * 0.4, 9);
      // a point of the first world, moved by the rigid, is where T puts it
      const p = { x: rand() * 8 - 4, z: rand() * 8 - 4 };
      const q = { x: rigid.cos * p.x - rigid.sin * p.z + rigid.tx * 0.05, z: rigid.sin * p.x + rigid.cos * p.z + rigid.tz * 0.05 };
      const Tp = [T[0] * p.x + T[2] * p.z + T[3], T[8] * p.x + T[10] * p.z + T[11]];
      expect(q.x).toBeCloseTo(Tp[0], 9);
      expect(q.z).toBeCloseTo(Tp[1], 9);
    }
  });
});

describe('carryLayerAsMemory (a late join: the carried cells are memory too)', () => {
  // a saved layer (an earlier run's, its obstacles remembered): a wall along row 2, free in front of it;
  // the run's layer, shifted by a bad join: free across the wall, an obstacle on the saved free space,
  // and cells where the saved layer knows nothing
  const W = 6;
  const grid = (rows: string[]): GridSnapshot => ({
    originX: 0,
    originZ: 0,
    width: W,
    height: rows.length,
    cells: Uint8Array.from(rows.join('').split(''), (c) => ({ '.': 0, f: 1, o: 2 })[c as '.' | 'f' | 'o']),
  });
  const saved = grid(['ffff..', 'ffff..', 'oooo..', '......']);
  const run = grid(['f.o.fo', '......', 'ffff..', '..of..']);
  const identity: PlanarRigid = { cos: 1, sin: 0, tx: 0, tz: 0 };
  const live = (map: OccupancyMap, layer: number): number[] => {
    const g = map.gridRef(layer),
      v = map.liveCells(layer);
    return Array.from({ length: W * 4 }, (_, i) => v[(Math.floor(i / W) - g.oz) * g.w + (i % W) - g.ox]);
  };

  it('keeps the saved wall, remembers the carried obstacles and fills only what the saved layer did not know', () => {
    const map = new OccupancyMap(core);
    const into = map.restoreFloor(0, saved, 0, true);
    const from = map.restoreFloor(0.02, run);
    const r = carryLayerAsMemory(map, from, into, identity);
    expect(r.ok).toBe(true);
    const R = Cell.Remembered;
    // row 0: saved free stays free under a carried free cell; a carried obstacle on it is remembered; the
    // unknown columns take the carried free cell and the carried obstacle (remembered)
    // row 2: the saved wall is not cut by the carried free cells; row 3: unknown takes the carried cells
    expect(live(map, into)).toEqual([1, 1, R, 1, 1, R, 1, 1, 1, 1, 0, 0, R, R, R, R, 0, 0, 0, 0, R, 1, 0, 0]);
    // the scratch layer is gone: the map holds the two layers it had, with their numbers
    expect(map.floors().map((f) => f.id)).toEqual([into, from]);
    // the run's layer is left as it was
    expect(Buffer.from(map.snapshot(from).cells).equals(Buffer.from(run.cells))).toBe(true);
  });

  it('where carryLayer lets the carried free cells cut the saved wall', () => {
    const map = new OccupancyMap(core);
    const into = map.restoreFloor(0, saved, 0, true);
    const from = map.restoreFloor(0.02, run);
    expect(carryLayer(map, from, into, identity).ok).toBe(true);
    expect(live(map, into).slice(2 * W, 2 * W + 4)).toEqual([1, 1, 1, 1]);
  });
});
