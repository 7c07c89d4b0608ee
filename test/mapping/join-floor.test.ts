/**
 * The floor a late relocalisation joins the run's floor to (join-floor.ts): the saved floor whose grid
 * the run's grid agrees with, else the one at the joined height, and the vertical error of the join.
 */
import { describe, expect, it } from 'vitest';
import { joinRaise } from '../../src/mapping/join-floor.js';
import { layerAgreement } from '../../src/mapping/layer-agreement.js';
import type { FloorLayer } from '../../src/mapping/floor-mapper.js';
import type { GridSnapshot } from '../../src/mapping/occupancy-map.js';

const N = 60;
/** A 60×60 grid of free cells with walls where `wall(x, z)` says. */
function grid(wall: (x: number, z: number) => boolean, crop = { x0: 0, z0: 0, x1: N, z1: N }): GridSnapshot {
  const width = crop.x1 - crop.x0,
    height = crop.z1 - crop.z0;
  const cells = new Uint8Array(width * height);
  for (let z = 0; z < height; z++) for (let x = 0; x < width; x++) cells[z * width + x] = wall(x + crop.x0, z + crop.z0) ? 2 : 1;
  return { originX: crop.x0, originZ: crop.z0, width, height, cells };
}
const border = (x: number, z: number) => x === 0 || z === 0 || x === N - 1 || z === N - 1;
/** the ground floor: rooms split by walls at x = 30 and x = 40, each with a door */
const ground = (x: number, z: number) => border(x, z) || (x === 30 && (z < 25 || z > 32)) || (x === 40 && (z < 40 || z > 45));
/** the floor above: walls across the other way */
const upper = (x: number, z: number) => border(x, z) || (z === 20 && x > 8) || (z === 40 && x < 50);

const layer = (floorUp: number, g: GridSnapshot): FloorLayer => ({ floorUp, frames: 1, grid: g });
const saved = [layer(0, grid(ground)), layer(2.2, grid(upper))];
/** what the run mapped: a corner of the ground floor, in the same cells (the planar join is exact) */
const run = layer(0, grid(ground, { x0: 20, z0: 10, x1: 45, z1: 45 }));
const still = { cos: 1, sin: 0, tx: 0, tz: 0 };

describe('joinRaise', () => {
  it('lands the run’s floor on the saved floor at the joined height when the join is a little high', () => {
    expect(joinRaise(saved, run, still, 0.7, 1.0)).toBeCloseTo(-0.7, 9);
  });

  it('takes the floor the run’s grid agrees with over the one nearer the joined height', () => {
    // joined 1.5 m up: nearer the upper floor (0.7 m off) than the ground (1.5 m), but the grid is the ground's
    expect(joinRaise(saved, run, still, 1.5, 1.0)).toBeCloseTo(-1.5, 9);
  });

  it('goes by height when the run’s grid agrees with no saved floor', () => {
    const elsewhere = layer(
      0,
      grid((x, z) => (x + z) % 3 === 0, { x0: 20, z0: 10, x1: 45, z1: 45 }),
    );
    expect(joinRaise(saved, elsewhere, still, 1.5, 1.0)).toBeCloseTo(0.7, 9);
    expect(joinRaise(saved, elsewhere, still, 0.3, 1.0)).toBeCloseTo(-0.3, 9);
  });

  it('leaves the join alone when no saved floor is near or agrees', () => {
    const elsewhere = layer(
      0,
      grid((x, z) => (x + z) % 3 === 0, { x0: 20, z0: 10, x1: 45, z1: 45 }),
    );
    expect(joinRaise(saved, elsewhere, still, 4.5, 1.0)).toBe(0);
  });

  it('takes too small a run grid as no evidence', () => {
    const scrap = layer(0, grid(ground, { x0: 20, z0: 10, x1: 30, z1: 20 }));
    expect(joinRaise(saved, scrap, still, 1.5, 1.0)).toBeCloseTo(0.7, 9);
  });
});

describe('layerAgreement', () => {
  it('compares known cells where they land, by state, forgiving an offset of one cell', () => {
    const share = (a: { compared: number; agreeing: number }) => a.agreeing / a.compared;
    const a = layerAgreement(run.grid, saved[0].grid, still);
    expect(a.free.compared + a.obstacle.compared).toBe(run.grid.width * run.grid.height);
    expect(share(a.free)).toBe(1);
    expect(share(a.obstacle)).toBe(1);
    const shifted = layerAgreement(run.grid, saved[0].grid, { ...still, tx: 1 });
    expect(share(shifted.obstacle)).toBe(1);
    expect(share(shifted.free)).toBeGreaterThan(0.99);
    // the floor above: free where the ground is free, nearly everywhere; its walls are elsewhere
    const wrong = layerAgreement(run.grid, saved[1].grid, still);
    expect(share(wrong.free)).toBeGreaterThan(0.9);
    expect(share(wrong.obstacle)).toBeLessThan(0.5);
  });

  it('moves cells by the rigid: a turned copy carried back by a quarter turn agrees', () => {
    // (x, z) → (−z, x) takes cell (X, Z) of the copy to ground cell (−Z − 1, X): it holds that cell
    const g = saved[0].grid;
    const cells = new Uint8Array(N * N);
    for (let j = 0; j < N; j++) for (let i = 0; i < N; i++) cells[j * N + i] = g.cells[i * N + (N - 1 - j)];
    const turned: GridSnapshot = { originX: 0, originZ: -N, width: N, height: N, cells };
    const back = layerAgreement(turned, g, { cos: 0, sin: 1, tx: 0, tz: 0 });
    expect(back.free.compared + back.obstacle.compared).toBe(N * N);
    expect(back.free.agreeing + back.obstacle.agreeing).toBe(N * N);
    // not carried back, it lands where the ground floor knows nothing
    const notBack = layerAgreement(turned, g, still);
    expect(notBack.free.compared + notBack.obstacle.compared).toBe(0);
  });
});
