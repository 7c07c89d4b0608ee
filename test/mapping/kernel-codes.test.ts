import { describe, expect, it } from 'vitest';
import { C_FLOOR_PTS, C_OBSTACLE_PTS, C_VALID, P_CAMERA, P_FX, PARAM_FLOATS } from '../../src/mapping/mapper-abi.js';
import { Cell, DEFAULT_MAP_PARAMS as p } from '../../src/mapping/params.js';
import { Navcore } from '../../src/wasm/navcore.js';

/**
 * navcore's classify kernel straight through its exports, for what OccupancyMap never hands it: a
 * point in grid cell 0 (a frame's window keeps its points off the grid's edge). The kernel's codes
 * keep "no code" apart from every cell index, so cell 0 is marked like any other.
 */
describe('classify codes', () => {
  it.each([
    ['an obstacle point', 0.5, Cell.Obstacle],
    ['a floor point', 0, Cell.Free],
  ] as const)('%s in grid cell 0 is listed and marked', async (_, height, expected) => {
    const core = await Navcore.load();
    const x = core.exports;
    const w = 8,
      gw = 4,
      cells = gw * gw;
    // a pose that sends every pixel to (0.5, 0.5) in grid cells at `height` above the floor
    const params = core.block<Float32Array>(Float32Array, PARAM_FLOATS);
    params.view().fill(0);
    params.view().set([0.5, 0.5, height], P_CAMERA);
    params.view().set([500, 500, 3.5, 0.5, p.minDepth, p.maxDepth, p.obstacleMin, p.obstacleMax, p.floorMin, p.floorMax, -Infinity], P_FX);
    const depth = core.block<Float32Array>(Float32Array, w);
    depth.view().fill(1);
    const scratch = core.block<Float32Array>(Float32Array, x.classifyScratchFloats(w));
    const fresh = core.block<Int32Array>(Int32Array, w);
    const counts = core.block<Int32Array>(Int32Array, 8);
    counts.view().fill(0);
    const n = x.classifyRows(depth.ptr, w, 1, 0, 1, 1, params.ptr, gw, scratch.ptr, fresh.ptr, counts.ptr);
    // the seven pixels after the first repeat its code
    expect(n).toBe(1);
    const c = counts.view();
    expect([c[C_VALID], c[C_OBSTACLE_PTS], c[C_FLOOR_PTS]]).toEqual(expected === Cell.Obstacle ? [w, w, 0] : [w, 0, w]);
    const grid = core.block<Uint8Array>(Uint8Array, cells);
    grid.view().fill(Cell.Unknown);
    const endpoints = core.block<Int32Array>(Int32Array, 4);
    const nEnd = x.markCells(fresh.ptr, n, grid.ptr, cells, endpoints.ptr, 4, 0, counts.ptr, 0);
    x.carveRays(params.ptr, grid.ptr, gw, gw, endpoints.ptr, nEnd, 0, 0, counts.ptr);
    expect(nEnd).toBe(expected === Cell.Obstacle ? 1 : 0);
    expect(grid.view()[0]).toBe(expected);
    expect([...grid.view().slice(1)].every((c) => c === Cell.Unknown)).toBe(true);
  });
});
