/** The work buffers OccupancyMap hands navcore's mapper, sized for the largest frame seen so far. */
import type { Navcore, WasmBlock } from '../wasm/index.js';

export interface Scratch {
  width: number;
  pixels: number;
  endCap: number;
  rays: WasmBlock<Float32Array>;
  fresh: WasmBlock<Int32Array>;
  endpoints: WasmBlock<Int32Array>;
  /** the cells a frame would free, pending the column-shadow test (as many as endpoints); null without shadows */
  cands: WasmBlock<Int32Array> | null;
  /** The helper thread's own rays, codes and counters, when the core has one. */
  helper: { rays: WasmBlock<Float32Array>; fresh: WasmBlock<Int32Array>; counts: WasmBlock<Int32Array> } | null;
}

/**
 * `s` when it fits a frame `width` wide of `pixels` pixels with `endCap` endpoint cells (and has a
 * candidate list when `shadows`), else new buffers that do (the old ones freed).
 */
export function ensureScratch(core: Navcore, s: Scratch | null, width: number, pixels: number, endCap: number, shadows: boolean): Scratch {
  if (s && s.width >= width && s.pixels >= pixels && s.endCap >= endCap && (s.cands !== null || !shadows)) return s;
  s?.rays.free();
  s?.fresh.free();
  s?.endpoints.free();
  s?.cands?.free();
  s?.helper?.rays.free();
  s?.helper?.fresh.free();
  s?.helper?.counts.free();
  const rayFloats = core.exports.classifyScratchFloats(width);
  return {
    width,
    pixels,
    endCap,
    rays: core.block<Float32Array>(Float32Array, rayFloats),
    // every pixel contributes at most one code
    fresh: core.block<Int32Array>(Int32Array, pixels),
    endpoints: core.block<Int32Array>(Int32Array, endCap),
    cands: shadows ? core.block<Int32Array>(Int32Array, endCap) : null,
    helper: core.thread
      ? {
          rays: core.block<Float32Array>(Float32Array, rayFloats),
          fresh: core.block<Int32Array>(Int32Array, pixels),
          counts: core.block<Int32Array>(Int32Array, 4),
        }
      : null,
  };
}
