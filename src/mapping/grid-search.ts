/**
 * navcore's A* and nearest-free search over any byte grid in linear memory (1 = free). Owns the
 * per-cell work arrays and reuses them across searches; search stamps inside the kernel mean the
 * per-cell states are cleared only once every 4095 searches.
 */
import type { Navcore, WasmBlock } from '../wasm/index.js';

export interface GridRef {
  ptr: number;
  w: number;
  h: number;
}

export interface CellSearch {
  /** path cost in cells (straight 1, diagonal √2) */
  cost: number;
  /** row-major cell indices from start to goal */
  path: Int32Array;
  expansions: number;
}

/** the kernel keeps a search stamp in the 13 high bits of a u16 */
const MAX_STAMP = 8191;

export class GridSearch {
  private cap = 0;
  private work: {
    /** per cell: search stamp << 3 | direction of the step that reached it */
    states: WasmBlock<Uint16Array>;
    /** per cell while open: heap slot, or -1 - entry in the band store */
    positions: WasmBlock<Int32Array>;
    /** 32-byte heap entries {f f64, g f64, node i32, pad}, plus room to align them */
    heap: WasmBlock<Uint32Array>;
    /** open cells of later f bands, unsorted in chunks (layout inside the kernel) */
    cold: WasmBlock<Uint32Array>;
    path: WasmBlock<Int32Array>;
  } | null = null;
  private readonly stats: WasmBlock<Float64Array>;
  private gen = 0;

  constructor(private readonly core: Navcore) {
    this.stats = core.block(Float64Array, 4);
  }

  /** A* from cell `start` to cell `goal`; null when unreachable (or either end is not free). */
  search(grid: GridRef, start: number, goal: number): CellSearch | null {
    const n = grid.w * grid.h;
    const wk = this.ensure(n);
    this.gen += 2;
    if (this.gen + 1 > MAX_STAMP) {
      wk.states.view().fill(0);
      this.gen = 2;
    }
    const count = this.core.exports.astar(
      grid.ptr,
      grid.w,
      grid.h,
      start,
      goal,
      wk.states.ptr,
      wk.positions.ptr,
      wk.heap.ptr,
      wk.cold.ptr,
      this.gen,
      wk.path.ptr,
      this.stats.ptr,
    );
    const st = this.stats.view();
    this.lastExpansions = st[1];
    if (count < 0) return null;
    return { cost: st[0], path: wk.path.view().slice(0, count), expansions: st[1] };
  }

  /** Expansions of the most recent search, successful or not. */
  lastExpansions = 0;

  /**
   * The free cell reachable from `start` (4-connected flood, a subset of A*'s 8-connected moves)
   * nearest to cell (x, z), within `maxR` cells of it; −1 when there is none.
   */
  nearestReachable(grid: GridRef, start: number, x: number, z: number, maxR: number): number {
    const n = grid.w * grid.h;
    if (!this.flood || this.flood.cap < n) {
      this.flood?.mark.free();
      this.flood?.queue.free();
      this.flood = { cap: n, gen: 0, mark: this.core.block(Uint32Array, n), queue: this.core.block(Int32Array, n) };
      this.flood.mark.view().fill(0);
    }
    const f = this.flood;
    f.gen = (f.gen + 1) >>> 0;
    if (f.gen === 0) {
      f.mark.view().fill(0);
      f.gen = 1;
    }
    return this.core.exports.nearestReachable(grid.ptr, grid.w, grid.h, start, x, z, maxR, f.mark.ptr, f.queue.ptr, f.gen);
  }

  /** the flood's visit stamps and queue, allocated on first use */
  private flood: { cap: number; gen: number; mark: WasmBlock<Uint32Array>; queue: WasmBlock<Int32Array> } | null = null;

  /** Nearest free cell to (x, z) (may lie outside the grid) within `maxR` cells, or −1. */
  nearestFree(grid: GridRef, x: number, z: number, maxR: number): number {
    return this.core.exports.nearestFree(grid.ptr, grid.w, grid.h, x, z, maxR);
  }

  private ensure(n: number) {
    if (this.work && this.cap >= n) return this.work;
    if (this.work) for (const b of Object.values(this.work)) b.free();
    const c = this.core;
    this.work = {
      states: c.block(Uint16Array, n),
      positions: c.block(Int32Array, n),
      heap: c.block(Uint32Array, n * 8 + 32),
      cold: c.block(Uint32Array, Math.ceil(c.exports.astarColdBytes(n) / 4)),
      path: c.block(Int32Array, n),
    };
    this.work.states.view().fill(0);
    this.gen = 0;
    this.cap = n;
    return this.work;
  }
}
