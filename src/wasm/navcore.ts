/**
 * navcore.wasm (AssemblyScript: mapper, A*, grid raster) in Node and in the browser.
 *
 * Why neither @assemblyscript/loader nor the compiler's `--bindings esm` glue: both marshal arrays
 * by copying (the bindings' lowering allocates a managed array and copies into it on every call;
 * the loader's zero-copy `__getArrayView` works only on GC-managed arrays that must be pinned, and
 * the loader is deprecated). The kernels instead take raw pointers into linear memory that the
 * TypeScript side allocates once (`alloc`/`free` exports) and views with typed arrays re-created
 * after memory growth (see memory.ts). That is zero-copy in Node and the browser alike and needs no
 * generated JS, so the same loader serves every module.
 */
import { instantiate } from './load.js';
import { abortImport, allocBlock, type Allocator, type TypedArrayCtor, type WasmBlock } from './memory.js';

export interface NavcoreExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  integrate(depth: number, w: number, h: number, params: number, iparams: number, grid: number, scratch: number, endpoints: number, stats: number): number;
  countCells(grid: number, n: number, out: number): void;
  blit(src: number, sw: number, sh: number, dst: number, dw: number, offX: number, offZ: number): void;
  knownBounds(grid: number, w: number, h: number, out: number): void;
  astar(grid: number, w: number, h: number, start: number, goal: number, states: number, positions: number, heap: number, cold: number, gen: number, path: number, stats: number): number;
  astarColdBytes(n: number): number;
  nearestFree(grid: number, w: number, h: number, x: number, z: number, maxR: number): number;
  nearestFrontier(grid: number, w: number, h: number, start: number, minDepth: number, minUnknown: number, ignore: number, mark: number, queue: number, gen: number, out: number): number;
  inflate(src: number, dst: number, w: number, h: number, r: number): void;
  rasterGrid(grid: number, gw: number, gh: number, x0: number, z0: number, cols: number, rows: number, scale: number, out: number, unknown: number, free: number, obstacle: number): void;
}

export class Navcore implements Allocator {
  private constructor(readonly exports: NavcoreExports) {}

  get memory(): WebAssembly.Memory {
    return this.exports.memory;
  }

  alloc(bytes: number): number {
    return this.exports.alloc(bytes);
  }

  free(ptr: number): void {
    this.exports.free(ptr);
  }

  block<T extends ArrayLike<number>>(ctor: TypedArrayCtor, length: number): WasmBlock<T> {
    return allocBlock<T>(this, ctor, length);
  }

  /** A fresh instance with its own linear memory (instances are cheap; each map may own one). */
  static async load(bytes?: ArrayBuffer | Uint8Array): Promise<Navcore> {
    let memory: WebAssembly.Memory | null = null;
    const instance = await instantiate('navcore', { env: { abort: abortImport(() => memory!) } }, bytes);
    const exports = instance.exports as unknown as NavcoreExports;
    memory = exports.memory;
    return new Navcore(exports);
  }
}

let shared: Promise<Navcore> | null = null;
/** One instance per process (or page), for callers that do not need their own memory. */
export function navcore(): Promise<Navcore> {
  shared ??= Navcore.load();
  return shared;
}
