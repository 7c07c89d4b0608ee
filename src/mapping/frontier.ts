/**
 * Exploration frontiers on a floor layer: the nearest known-free cell that borders unexplored space,
 * found by navcore's breadth-first search from the robot's cell. Cells near targets that proved
 * useless can be ignored (the caller keeps that list in world cells, as the grid may grow).
 */
import type { OccupancyMap } from './occupancy-map.js';
import type { PlanarPoint } from './planner.js';
import type { WasmBlock } from '../wasm/index.js';

export interface Frontier {
  point: PlanarPoint;
  /** breadth-first steps from the robot (cells) */
  steps: number;
}

export class FrontierFinder {
  private cap = 0;
  private work: { ignore: WasmBlock<Uint8Array>; mark: WasmBlock<Uint32Array>; queue: WasmBlock<Int32Array> } | null = null;
  private readonly out: WasmBlock<Int32Array>;
  private gen = 0;
  /** whether the last search found a free cell near the robot to start from (null results are then final) */
  lastStartFound = false;

  constructor(private readonly map: OccupancyMap) {
    this.out = map.core.block(Int32Array, 4);
  }

  /**
   * The nearest frontier at least `minDistM` of search away from `from`, skipping cells within
   * `ignoreRadiusM` of any point in `ignore`. Null when every reachable frontier is exhausted.
   */
  nearest(
    from: PlanarPoint,
    layer: number,
    opts: { minDistM?: number; minUnknown?: number; ignore?: PlanarPoint[]; ignoreRadiusM?: number } = {},
  ): Frontier | null {
    const g = this.map.gridRef(layer);
    const n = g.w * g.h;
    const wk = this.ensure(n);
    const cell = this.map.params.cellSize;
    const ignore = wk.ignore.view().subarray(0, n);
    ignore.fill(0);
    const r = Math.ceil((opts.ignoreRadiusM ?? 0.6) / cell);
    for (const p of opts.ignore ?? []) {
      const c = this.map.worldToCell(p.x, p.z);
      for (let dz = -r; dz <= r; dz++) {
        for (let dx = -r; dx <= r; dx++) {
          if (dx * dx + dz * dz > r * r) continue;
          const gx = c.x + dx - g.ox,
            gz = c.z + dz - g.oz;
          if (gx >= 0 && gz >= 0 && gx < g.w && gz < g.h) ignore[gz * g.w + gx] = 1;
        }
      }
    }
    const s = this.map.worldToCell(from.x, from.z);
    const search = (start: number) => {
      this.gen += 1;
      if (this.gen >= 0xfffffff0) {
        wk.mark.view().fill(0);
        this.gen = 1;
      }
      return this.map.core.exports.nearestFrontier(
        g.ptr,
        g.w,
        g.h,
        start,
        Math.round((opts.minDistM ?? 0.5) / cell),
        opts.minUnknown ?? 3,
        wk.ignore.ptr,
        wk.mark.ptr,
        wk.queue.ptr,
        this.gen,
        this.out.ptr,
      );
    };
    // The robot's own cell may not be known-free yet: start from the nearest free cell within 1 m.
    const startIdx = this.map.core.exports.nearestFree(g.ptr, g.w, g.h, s.x - g.ox, s.z - g.oz, Math.ceil(1.0 / cell));
    this.lastStartFound = startIdx >= 0;
    if (startIdx < 0) return null;
    const i = search(startIdx);
    if (i < 0) return null;
    return { point: this.map.cellCentre((i % g.w) + g.ox, Math.floor(i / g.w) + g.oz), steps: this.out.view()[0] };
  }

  private ensure(n: number) {
    if (this.work && this.cap >= n) return this.work;
    if (this.work) for (const b of Object.values(this.work)) b.free();
    const c = this.map.core;
    this.work = { ignore: c.block(Uint8Array, n), mark: c.block(Uint32Array, n), queue: c.block(Int32Array, n) };
    this.work.mark.view().fill(0);
    this.gen = 0;
    this.cap = n;
    return this.work;
  }
}
