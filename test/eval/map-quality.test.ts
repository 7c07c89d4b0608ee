import { describe, expect, it } from 'vitest';
import { clipToSlab, mapQuality, truthGrid } from '../../src/eval/map-quality.js';
import { savedGridQuality } from '../../src/eval/saved-grid-quality.js';
import { simCameraPose, simPoseToNavigator } from '../../src/geometry/sim-frame.js';
import type { Vec3 } from '../../src/geometry/pose.js';
import { Cell } from '../../src/mapping/params.js';
import type { GridSnapshot } from '../../src/mapping/occupancy-map.js';
import { TRI_FLOATS, type Scene } from '../../src/sim/scene.js';

// Sim frame: y up. The first camera stands at the origin looking along −z, so a navigator cell
// (x, z) covers sim x ∈ [x/10, (x+1)/10) and sim z ∈ (−(z+1)/10, −z/10].
function scene(tris: Vec3[][]): Scene {
  const t = new Float32Array(tris.length * TRI_FLOATS);
  tris.forEach((tri, i) => tri.forEach((v, j) => t.set(v, i * TRI_FLOATS + j * 5)));
  return { triangles: t } as unknown as Scene;
}
const quad = (a: Vec3, b: Vec3, c: Vec3, d: Vec3) => [
  [a, b, c],
  [a, c, d],
];
const cells = (xs: number[], zs: number[]) => xs.flatMap((x) => zs.map((z) => `${x},${z}`));
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

const house = scene([
  // floor over cells x 0..9, z 0..9
  ...quad([0.01, 0, -0.01], [0.99, 0, -0.01], [0.99, 0, -0.99], [0.01, 0, -0.99]),
  // a wall from the floor to 2 m in column x = 5
  ...quad([0.55, 0, -0.01], [0.55, 0, -0.99], [0.55, 2, -0.99], [0.55, 2, -0.01]),
  // a ramp over columns 1–2 rising from 0 m (z = 0.05) to 1.8 m (z = 0.95): in the band for z ∈ (0.125, 0.75)
  ...quad([0.12, 0, -0.05], [0.28, 0, -0.05], [0.28, 1.8, -0.95], [0.12, 1.8, -0.95]),
  // a table top at 0.7 m over x 7–8, z 3–4
  ...quad([0.71, 0.7, -0.31], [0.89, 0.7, -0.31], [0.89, 0.7, -0.49], [0.71, 0.7, -0.49]),
  // a ceiling at 2.5 m and a shelf at 1.6 m: above the band, they block nothing
  ...quad([0.01, 2.5, -0.01], [0.99, 2.5, -0.01], [0.99, 2.5, -0.99], [0.01, 2.5, -0.99]),
  ...quad([0.31, 1.6, -0.31], [0.49, 1.6, -0.31], [0.49, 1.6, -0.49], [0.31, 1.6, -0.49]),
]);
const first = simCameraPose([0, 0, 0], 0, 0.88);

describe('ground-truth occupancy for map quality', () => {
  const truth = truthGrid(house, 0, first, 0.1);
  const blocked = new Set([...cells([5], range(0, 9)), ...cells([1, 2], range(1, 7)), ...cells([7, 8], [3, 4])]);

  it('blocks exactly the cells under the parts of triangles inside the 0.15–1.4 m band', () => {
    expect(new Set(truth.blocked)).toEqual(blocked);
  });

  it('calls free the floor cells that nothing blocks', () => {
    const free = cells(range(0, 9), range(0, 9)).filter((c) => !blocked.has(c));
    expect(new Set(truth.free)).toEqual(new Set(free));
  });

  it('clips a polygon to a horizontal slab', () => {
    const ramp: Vec3[] = [
      [0, 0, 0],
      [1, 0, 0],
      [1, 2, -2],
    ];
    const part = clipToSlab(ramp, 0.5, 1);
    expect(part.every((p) => p[1] >= 0.5 - 1e-12 && p[1] <= 1 + 1e-12)).toBe(true);
    expect(part).toHaveLength(4);
    expect(clipToSlab(ramp, 3, 4)).toEqual([]);
  });

  it('scores free precision over the map’s free cells and obstacle recall over known truly blocked cells', () => {
    // a 10×10 map: row z = 3 known — obstacles at x = 5 and 7 (truly blocked), free elsewhere,
    // which wrongly frees x = 1, 2 (ramp) and 8 (table); one free cell outside the house (x = -1)
    const snap: GridSnapshot = { originX: -1, originZ: 0, width: 11, height: 10, cells: new Uint8Array(110) };
    for (let x = -1; x <= 9; x++) snap.cells[3 * 11 + x + 1] = x === 5 || x === 7 ? Cell.Obstacle : Cell.Free;
    const q = mapQuality({ snapshot: () => snap }, 0, truth);
    expect(q.free_cells).toBe(9);
    expect(q.obstacle_cells).toBe(2);
    // truly free among the 9: x = 0, 3, 4, 6, 9
    expect(q.free_precision).toBeCloseTo(5 / 9, 12);
    // the 4 wrong ones: 3 over furniture or ramp, 1 outside the floor
    expect(q.free_on_blocked_cells).toBe(3);
    expect(q.free_off_floor_cells).toBe(1);
    // known truly blocked: x = 1, 2, 5, 7, 8; called obstacle: 5, 7
    expect(q.known_blocked_cells).toBe(5);
    expect(q.obstacle_recall).toBeCloseTo(2 / 5, 12);
  });
});

describe('saved-grid quality of a deployment run (world → truth given)', () => {
  // the map's world is the first camera's: its world → truth is that camera's pose in the truth
  const g = simPoseToNavigator(first);
  const floors = [{ index: 0, y: 0, ceiling: 2.5 }];
  const snap: GridSnapshot = { originX: -1, originZ: 0, width: 11, height: 10, cells: new Uint8Array(110) };
  for (let x = -1; x <= 9; x++) snap.cells[3 * 11 + x + 1] = x === 5 || x === 7 ? Cell.Obstacle : Cell.Free;
  // the floor layer lies 0.88 m under the first camera (up is −y in the navigator's world)
  const map = { floors: () => [{ id: 0, floorUp: -0.88, frames: 1 }], snapshot: () => snap, params: { cellSize: 0.1 } } as unknown as Parameters<
    typeof savedGridQuality
  >[0];

  it('scores each floor layer against the floor of the house it lies on, as the map-quality rule does', () => {
    const q = savedGridQuality(map, { ...house, floors }, g);
    expect(q.floors).toHaveLength(1);
    expect(q.floors[0].sim_floor).toBe(0);
    expect(q.free_precision).toBeCloseTo(5 / 9, 12);
    expect(q.obstacle_recall).toBeCloseTo(2 / 5, 12);
  });

  it('scores a world 0.3 m off the truth lower, and leaves out a layer that lies on no floor', () => {
    const off = simPoseToNavigator(simCameraPose([0.3, 0, 0], 0, 0.88));
    const q = savedGridQuality(map, { ...house, floors }, off);
    expect(q.free_precision!).toBeLessThan(5 / 9);
    const high = { ...map, floors: () => [{ id: 0, floorUp: 0.4, frames: 1 }] } as typeof map;
    expect(savedGridQuality(high, { ...house, floors }, g)).toEqual({ free_precision: null, obstacle_recall: null, floors: [] });
  });
});
