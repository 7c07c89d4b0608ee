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
import { compile, instantiate, isNode, nodeBuiltin, type WasmSource } from './load.js';
import { CONTROL_SLOTS, NavcoreThread } from './navcore-thread.js';
import { abortImport, allocBlock, type Allocator, type TypedArrayCtor, type WasmBlock } from './memory.js';

export interface NavcoreExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  classifyScratchFloats(w: number): number;
  classifyRows(
    depth: number,
    w: number,
    h: number,
    v0: number,
    rows: number,
    stride: number,
    params: number,
    gw: number,
    scratch: number,
    fresh: number,
    counts: number,
  ): number;
  markCells(fresh: number, n: number, grid: number, nCells: number, endpoints: number, endCap: number, nEnd: number, counts: number, cands: number): number;
  carveRays(params: number, grid: number, gw: number, gh: number, endpoints: number, nEnd: number, cands: number, cap: number, counts: number): number;
  freeSeen(params: number, grid: number, gw: number, cands: number, n: number, depth: number, w: number, h: number): number;
  countCells(grid: number, n: number, out: number): void;
  rememberObstacles(grid: number, n: number): number;
  blit(src: number, sw: number, sh: number, dst: number, dw: number, offX: number, offZ: number): void;
  knownBounds(grid: number, w: number, h: number, out: number): void;
  astar(
    grid: number,
    w: number,
    h: number,
    start: number,
    goal: number,
    states: number,
    positions: number,
    heap: number,
    cold: number,
    gen: number,
    path: number,
    stats: number,
  ): number;
  astarColdBytes(n: number): number;
  nearestFree(grid: number, w: number, h: number, x: number, z: number, maxR: number): number;
  nearestFrontier(
    grid: number,
    w: number,
    h: number,
    start: number,
    minDepth: number,
    minUnknown: number,
    ignore: number,
    mark: number,
    queue: number,
    gen: number,
    out: number,
  ): number;
  nearestReachable(grid: number, w: number, h: number, start: number, x: number, z: number, maxR: number, mark: number, queue: number, gen: number): number;
  inflate(src: number, dst: number, w: number, h: number, r: number): void;
  resampleRigid(
    src: number,
    sw: number,
    sh: number,
    sox: number,
    soz: number,
    dst: number,
    dw: number,
    dh: number,
    dox: number,
    doz: number,
    x0: number,
    z0: number,
    x1: number,
    z1: number,
    c: number,
    s: number,
    tx: number,
    tz: number,
  ): number;
  rasterGrid(
    grid: number,
    gw: number,
    gh: number,
    x0: number,
    z0: number,
    cols: number,
    rows: number,
    scale: number,
    out: number,
    unknown: number,
    free: number,
    obstacle: number,
  ): void;
}

export interface NavcoreOptions extends WasmSource {
  /**
   * 2: the memory is shared and a second thread (Node worker_threads) takes half of each depth
   * frame's rows in OccupancyMap.integrate; 1 (default): everything on the calling thread; 'auto':
   * 2 in Node with at least two cores, else 1.
   */
  threads?: 1 | 2 | 'auto';
}

/** Shared memory's upper bound in 64 KiB pages; must match navcore-mt's `maximumMemory` in asconfig.json. */
const SHARED_MAX_PAGES = 16384;

export class Navcore implements Allocator {
  private constructor(
    readonly exports: NavcoreExports,
    /** The helper thread when loaded with `threads: 2`. */
    readonly thread: NavcoreThread | null = null,
  ) {}

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
  static async load(opts: NavcoreOptions = {}): Promise<Navcore> {
    const threads = opts.threads === 'auto' ? await autoThreads() : (opts.threads ?? 1);
    if (threads !== 1 && threads !== 2) throw new Error(`navcore threads must be 1, 2 or 'auto', got ${String(threads)}`);
    if (threads === 1) {
      let memory: WebAssembly.Memory | null = null;
      const instance = await instantiate('navcore', { env: { abort: abortImport(() => memory!) } }, opts);
      const exports = instance.exports as unknown as NavcoreExports;
      memory = exports.memory;
      return new Navcore(exports);
    }
    if (typeof SharedArrayBuffer === 'undefined') {
      throw new Error('navcore threads need SharedArrayBuffer (in a browser: a cross-origin isolated page); load with threads: 1');
    }
    const module = await compile('navcore-mt', opts);
    const memory = new WebAssembly.Memory({ initial: 64, maximum: SHARED_MAX_PAGES, shared: true });
    const instance = await WebAssembly.instantiate(module, { env: { memory, abort: abortImport(() => memory) } });
    const exports = instance.exports as unknown as NavcoreExports;
    const control = exports.alloc(CONTROL_SLOTS * 4);
    new Int32Array(memory.buffer, control, CONTROL_SLOTS).fill(0);
    return new Navcore(exports, await NavcoreThread.start(module, memory, control));
  }

  /** Stops the helper thread, if any (an idle one never keeps the process alive either way). */
  async dispose(): Promise<void> {
    await this.thread?.stop();
  }
}

/** 'auto': two threads in Node on a machine with at least two cores, else one. */
export async function autoThreads(): Promise<1 | 2> {
  if (!isNode || typeof SharedArrayBuffer === 'undefined') return 1;
  const os = await nodeBuiltin<typeof import('node:os')>('node:os');
  return os.availableParallelism() >= 2 ? 2 : 1;
}

let shared: Promise<Navcore> | null = null;
/** One instance per process (or page), for callers that do not need their own memory. */
export function navcore(): Promise<Navcore> {
  shared ??= Navcore.load();
  return shared;
}
