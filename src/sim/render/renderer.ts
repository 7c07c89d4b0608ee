/**
 * TypeScript side of render.wasm: owns the linear-memory buffers (scene triangles, textures, frame
 * outputs), synthesises the scene's procedural textures once, and renders RGB, metric depth and
 * instance ids for a camera pose. Frames are zero-copy views into WebAssembly memory, valid until the
 * next render; `copyFrame` detaches them. Runs in Node and in browsers (no file access here).
 */
import { wasmBytes, abortImport, allocBlock, type Allocator, type WasmBlock } from '../../wasm/index.js';
import { invert, type Mat4, type Intrinsics } from '../../geometry/index.js';
import type { RgbdImage } from '../../image/index.js';
import type { Rgb, Scene, TextureSpec } from '../scene.js';
import { cameraConfig, cameraIntrinsics, type CameraConfig } from './camera.js';

interface RenderExports {
  memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  setTarget(w: number, h: number, fx: number, fy: number, cx: number, cy: number, near: number, rgb: number, z: number, ids: number, vis: number): void;
  setSetupBuffer(ptr: number, capacity: number): void;
  setView(ptr: number): void;
  clear(): void;
  drawTriangles(tris: number, attrs: number, count: number, texTable: number): void;
  drawRuns(tris: number, attrs: number, runs: number, nRuns: number, texTable: number, scratch: number): void;
  setTileBuffer(ptr: number, capacity: number): void;
  resolve(depth: number): void;
  texWood(p: number, w: number, h: number, seed: number, light: number, dark: number, plankW: number, plankL: number): void;
  texTiles(p: number, w: number, h: number, seed: number, a: number, b: number, grout: number, tile: number, groutW: number, checker: number): void;
  texWallpaper(p: number, w: number, h: number, seed: number, a: number, b: number, kind: number, period: number): void;
  texPainting(p: number, w: number, h: number, seed: number, frame: number): void;
  texFabric(p: number, w: number, h: number, seed: number, base: number, amp: number, scale: number, weave: number): void;
  texRug(p: number, w: number, h: number, seed: number, a: number, b: number): void;
  texBooks(p: number, w: number, h: number, seed: number, shelf: number, rows: number): void;
  texLandscape(p: number, w: number, h: number, seed: number): void;
  noiseSeed(seed: bigint): void;
  rgbNoise(rgb: number, bytes: number, sigma: number): void;
  depthNoise(depth: number, scratch: number, w: number, h: number, bf: number, sigmaShift: number, sigmaDisp: number, quant: number, maxDepth: number): void;
}

/** A rendered view: depth is the camera-z distance, 0 where nothing was hit. */
export interface Frame extends RgbdImage {
  /** instance id per pixel (scene object id), 0 where nothing was hit */
  ids: Uint32Array;
}

/** Sensor noise, off by default as in Habitat. */
export interface NoiseConfig {
  seed: number;
  /** Redwood-style structured-light depth noise */
  depth?: { bf?: number; sigmaShift?: number; sigmaDisparity?: number; quantisation?: number; maxDepth?: number };
  /** additive Gaussian RGB noise, standard deviation in intensity units */
  rgbSigma?: number;
}

let compiled: Promise<WebAssembly.Module> | null = null;
/** render.wasm compiled once per process; every renderer gets its own instance and memory. */
function renderModule(): Promise<WebAssembly.Module> {
  if (!compiled) compiled = wasmBytes('render').then((b) => WebAssembly.compile(b as BufferSource));
  return compiled;
}

const pack = (c: Rgb) => (c[0] & 255) | ((c[1] & 255) << 8) | ((c[2] & 255) << 16);

export class Renderer {
  private heap: Allocator;
  private tris!: WasmBlock<Float32Array>;
  private attrs!: WasmBlock<Uint32Array>;
  private texTable!: WasmBlock<Uint32Array>;
  private texels: WasmBlock<Uint32Array>[] = [];
  private rgb!: WasmBlock<Uint8Array>;
  private zbuf!: WasmBlock<Float32Array>;
  private ids!: WasmBlock<Uint32Array>;
  private depth!: WasmBlock<Float32Array>;
  private vis!: WasmBlock<Uint32Array>;
  private setup!: WasmBlock<Uint8Array>;
  private scratch: WasmBlock<Float32Array> | null = null;
  private view: WasmBlock<Float64Array>;
  private count = 0;
  private runs!: WasmBlock<Float32Array>;
  private runScratch!: WasmBlock<Uint8Array>;
  private tiles!: WasmBlock<Float32Array>;
  private runCount = 0;
  private setupCapacity = 0;
  private tileCount = 0;
  private noiseSeeded = false;
  readonly camera: CameraConfig;
  readonly intrinsics: Intrinsics;

  private constructor(
    private readonly ex: RenderExports,
    scene: Scene,
    camera: CameraConfig,
    private readonly noise?: NoiseConfig,
  ) {
    this.heap = { memory: ex.memory, alloc: (n) => ex.alloc(n), free: (p) => ex.free(p) };
    this.camera = camera;
    this.intrinsics = cameraIntrinsics(camera);
    this.view = allocBlock<Float64Array>(this.heap, Float64Array, 12);
    this.upload(scene);
    this.allocTarget();
  }

  static async create(scene: Scene, camera: Partial<CameraConfig> = {}, noise?: NoiseConfig): Promise<Renderer> {
    let memory: WebAssembly.Memory | null = null;
    const imports = { env: { abort: abortImport(() => memory!) } };
    const instance = await WebAssembly.instantiate(await renderModule(), imports);
    const ex = instance.exports as unknown as RenderExports;
    memory = ex.memory;
    return new Renderer(ex, scene, cameraConfig(camera), noise);
  }

  private upload(scene: Scene): void {
    this.count = scene.attrs.length / 4;
    this.tris = allocBlock<Float32Array>(this.heap, Float32Array, scene.triangles.length);
    this.tris.view().set(scene.triangles);
    this.attrs = allocBlock<Uint32Array>(this.heap, Uint32Array, scene.attrs.length);
    this.attrs.view().set(scene.attrs);
    this.uploadRuns(scene);
    const table = new Uint32Array(scene.textures.length * 4);
    scene.textures.forEach((t, i) => {
      const block = allocBlock<Uint32Array>(this.heap, Uint32Array, t.width * t.height);
      this.synthesise(block, t.width, t.height, t.spec);
      this.texels.push(block);
      table.set([block.ptr, t.width, t.height, 0], i * 4);
    });
    this.texTable = allocBlock<Uint32Array>(this.heap, Uint32Array, Math.max(4, table.length));
    this.texTable.view().set(table);
  }

  /** Runs of consecutive triangles of one object with their bounds, for frustum culling per object. */
  private uploadRuns(scene: Scene): void {
    const rec: number[][] = [];
    const t = scene.triangles,
      a = scene.attrs;
    for (let i = 0; i < this.count;) {
      const id = a[i * 4 + 1];
      const lo = [Infinity, Infinity, Infinity],
        hi = [-Infinity, -Infinity, -Infinity];
      let j = i;
      for (; j < this.count && a[j * 4 + 1] === id; j++) {
        for (let k = 0; k < 3; k++)
          for (let c = 0; c < 3; c++) {
            const v = t[j * 15 + k * 5 + c];
            if (v < lo[c]) lo[c] = v;
            if (v > hi[c]) hi[c] = v;
          }
      }
      rec.push([i, j - i, ...lo, ...hi]);
      i = j;
    }
    this.runCount = rec.length;
    this.runScratch = allocBlock<Uint8Array>(this.heap, Uint8Array, Math.max(64, rec.length * 48));
    this.runs = allocBlock<Float32Array>(this.heap, Float32Array, Math.max(8, rec.length * 8));
    const f = this.runs.view(),
      u = new Uint32Array(f.buffer, f.byteOffset, f.length);
    rec.forEach((r, k) => {
      u[k * 8] = r[0];
      u[k * 8 + 1] = r[1];
      for (let c = 0; c < 6; c++) f[k * 8 + 2 + c] = r[2 + c];
    });
  }

  private synthesise(block: WasmBlock<Uint32Array>, w: number, h: number, s: TextureSpec): void {
    const p = block.ptr,
      ex = this.ex;
    switch (s.kind) {
      case 'wood':
        return ex.texWood(p, w, h, s.seed, pack(s.light), pack(s.dark), s.plankWidth, s.plankLength);
      case 'tiles':
        return ex.texTiles(p, w, h, s.seed, pack(s.a), pack(s.b), pack(s.grout), s.tile, s.groutWidth, s.checker ? 1 : 0);
      case 'wallpaper':
        return ex.texWallpaper(p, w, h, s.seed, pack(s.a), pack(s.b), s.pattern, s.period);
      case 'painting':
        return ex.texPainting(p, w, h, s.seed, pack(s.frame));
      case 'fabric':
        return ex.texFabric(p, w, h, s.seed, pack(s.base), s.amplitude, s.scale, s.weave);
      case 'rug':
        return ex.texRug(p, w, h, s.seed, pack(s.a), pack(s.b));
      case 'books':
        return ex.texBooks(p, w, h, s.seed, pack(s.shelf), s.rows);
      case 'landscape':
        return ex.texLandscape(p, w, h, s.seed);
      case 'pixels': {
        if (s.rgba.length !== w * h * 4) throw new Error(`texture of ${w}×${h} needs ${w * h * 4} RGBA bytes, got ${s.rgba.length}`);
        new Uint8Array(this.ex.memory.buffer, p, w * h * 4).set(s.rgba);
        return;
      }
    }
  }

  private allocTarget(): void {
    const n = this.camera.width * this.camera.height;
    this.rgb = allocBlock<Uint8Array>(this.heap, Uint8Array, n * 3);
    this.zbuf = allocBlock<Float32Array>(this.heap, Float32Array, n);
    this.ids = allocBlock<Uint32Array>(this.heap, Uint32Array, n);
    this.depth = allocBlock<Float32Array>(this.heap, Float32Array, n);
    this.vis = allocBlock<Uint32Array>(this.heap, Uint32Array, n);
    // a triangle clipped by the near plane rasterises as at most two
    const capacity = 2 * this.count + 16;
    this.setup = allocBlock<Uint8Array>(this.heap, Uint8Array, capacity * 96);
    this.setupCapacity = capacity;
    const tiles = Math.ceil(this.camera.width / 16) * Math.ceil(this.camera.height / 16);
    this.tiles = allocBlock<Float32Array>(this.heap, Float32Array, tiles);
    this.tileCount = tiles;
    if (this.noise?.depth) this.scratch = allocBlock<Float32Array>(this.heap, Float32Array, n);
  }

  get triangleCount(): number {
    return this.count;
  }

  /**
   * Renders from a camera-to-sim-world pose with OpenCV camera axes (see geometry/sim-frame).
   * The returned views are valid until the next call.
   */
  render(camToWorld: Mat4): Frame {
    const k = this.intrinsics,
      ex = this.ex;
    const v = invert(camToWorld);
    const vv = this.view.view();
    for (let i = 0; i < 12; i++) vv[i] = v[i];
    ex.setTarget(k.width, k.height, k.fx, k.fy, k.cx, k.cy, this.camera.near, this.rgb.ptr, this.zbuf.ptr, this.ids.ptr, this.vis.ptr);
    ex.setSetupBuffer(this.setup.ptr, this.setupCapacity);
    ex.setTileBuffer(this.tiles.ptr, this.tileCount);
    ex.setView(this.view.ptr);
    ex.clear();
    ex.drawRuns(this.tris.ptr, this.attrs.ptr, this.runs.ptr, this.runCount, this.texTable.ptr, this.runScratch.ptr);
    ex.resolve(this.depth.ptr);
    if (this.noise) this.applyNoise(this.noise);
    return { width: k.width, height: k.height, rgb: this.rgb.view(), depth: this.depth.view(), ids: this.ids.view() };
  }

  private applyNoise(n: NoiseConfig): void {
    const ex = this.ex,
      k = this.intrinsics;
    if (!this.noiseSeeded) {
      ex.noiseSeed(BigInt(n.seed >>> 0) + 1n);
      this.noiseSeeded = true;
    }
    if (n.depth && this.scratch) {
      const d = n.depth;
      ex.depthNoise(
        this.depth.ptr,
        this.scratch.ptr,
        k.width,
        k.height,
        d.bf ?? 35.13,
        d.sigmaShift ?? 0.5,
        d.sigmaDisparity ?? 1 / 6,
        d.quantisation ?? 8,
        d.maxDepth ?? 10,
      );
    }
    if (n.rgbSigma && n.rgbSigma > 0) ex.rgbNoise(this.rgb.ptr, k.width * k.height * 3, n.rgbSigma);
  }

  /** Texels of a scene texture as RGBA-less u32 (R | G<<8 | B<<16), for inspection and tests. */
  textureTexels(index: number): Uint32Array {
    return this.texels[index].view();
  }

  dispose(): void {
    for (const b of [
      this.tris,
      this.attrs,
      this.texTable,
      this.rgb,
      this.zbuf,
      this.ids,
      this.depth,
      this.vis,
      this.setup,
      this.runs,
      this.runScratch,
      this.tiles,
      this.view,
      ...this.texels,
    ])
      b.free();
    this.scratch?.free();
    this.texels = [];
  }
}

export function copyFrame(f: Frame): Frame {
  return { width: f.width, height: f.height, rgb: f.rgb.slice(), depth: f.depth.slice(), ids: f.ids.slice() };
}
