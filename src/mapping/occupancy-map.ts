/**
 * Per-floor occupancy grids over navcore.wasm (paper 001 §3.2). TypeScript owns the buffers and the growth
 * policy; the kernel does every per-pixel and per-cell step.
 */
import { z, maxRayStretch, type Intrinsics, poseProblem, type Mat4, frameProblem, NAVIGATOR_FRAME, type WorldFrame, floorUnder } from '../geometry/index.js';
import type { Navcore, WasmBlock } from '../wasm/index.js';
import { kernelInverse, kernelPose } from './kernel-pose.js';
import {
  C_CANDIDATES,
  C_FLOOR_PTS,
  C_OBSTACLE_PTS,
  C_VALID,
  CLASSIFY_COUNTERS,
  P_CAMERA,
  P_FX,
  P_INVERSE,
  P_REMEMBERED_MARGIN,
  P_ROTATION,
  PARAM_FLOATS,
} from './mapper-abi.js';
import { ensureScratch, type Scratch } from './mapper-scratch.js';
import { intrinsicsChecker } from './intrinsics-check.js';
import { Cell, CELL_NAMES, MapParamsSchema, type CellName, type MapParams } from './params.js';
import type { DepthFrame, GridSnapshot, IntegrateStats, Result } from './occupancy-types.js';

export type { DepthFrame, GridSnapshot, IntegrateStats, Result } from './occupancy-types.js';

interface Layer {
  id: number;
  /** height of the floor plane (geometry/heights.ts) */
  floorUp: number;
  grid: WasmBlock<Uint8Array>;
  ox: number;
  oz: number;
  w: number;
  h: number;
  frames: number;
}

const GROW_PAD = 32; // cells added beyond what a frame needs, so growth is rare
/** The kernel indexes cells in f32 arithmetic, exact below 2^24: 16.7 M cells, e.g. 409 m × 409 m at 10 cm. */
export const MAX_GRID_CELLS = 1 << 24;

/**
 * Rows per block when two threads share a frame (blocks alternate between them). Each block's first
 * row is compared with no upper row, so smaller blocks pass a few more codes to marking; 32 rows
 * balanced teddy's halves, whose lower half costs 1.5× the upper.
 */
const ROW_BLOCK = 32;

const OptionsSchema = z.object({
  params: z.optional(MapParamsSchema),
});

export class OccupancyMap {
  readonly params: MapParams;
  readonly frame: WorldFrame;
  private readonly layers: Layer[] = [];
  private scratch: Scratch | null = null;
  private readonly fparams: WasmBlock<Float32Array>;
  private readonly stats: WasmBlock<Int32Array>;
  private depthBlock: WasmBlock<Float32Array> | null = null;
  private readonly checkIntrinsics = intrinsicsChecker();
  /** Why the helper thread failed on a frame (that frame's rows were then done on this thread). */
  readonly threadErrors: string[] = [];

  constructor(
    readonly core: Navcore,
    frame: WorldFrame = NAVIGATOR_FRAME,
    params: Partial<MapParams> = {},
  ) {
    const fp = frameProblem(frame);
    if (fp) throw new Error(fp);
    const parsed = OptionsSchema.safeParse({ params });
    if (!parsed.success) throw new Error(`invalid map parameters: ${z.prettifyError(parsed.error)}`);
    this.params = MapParamsSchema.parse(params);
    this.frame = frame;
    this.fparams = core.block(Float32Array, PARAM_FLOATS);
    this.stats = core.block(Int32Array, 8);
  }

  /** Opens a layer whose floor plane has up-coordinate `floorUp`; returns its id. */
  openFloor(floorUp: number): number {
    if (!Number.isFinite(floorUp)) throw new Error(`floor height must be finite, got ${floorUp}`);
    const id = this.layers.length;
    const w = 2 * GROW_PAD,
      h = 2 * GROW_PAD;
    const grid = this.core.block<Uint8Array>(Uint8Array, w * h);
    grid.view().fill(0);
    this.layers.push({ id, floorUp, grid, ox: -GROW_PAD, oz: -GROW_PAD, w, h, frames: 0 });
    return id;
  }

  /**
   * Opens a layer from a saved grid (a snapshot and its floor height), e.g. when a run resumes;
   * returns its id. The grid is checked: dimensions within the layer cap, one known state per cell.
   * With `remembered` (an earlier run's map) its obstacles block until this run's frames see them free.
   */
  restoreFloor(floorUp: number, grid: GridSnapshot, frames = 0, remembered = false): number {
    if (!Number.isFinite(floorUp)) throw new Error(`floor height must be finite, got ${floorUp}`);
    const { originX, originZ, width, height, cells } = grid;
    if (![originX, originZ, width, height].every(Number.isSafeInteger) || width < 1 || height < 1) {
      throw new Error(`a saved grid needs integer origin and positive integer size, got origin (${originX}, ${originZ}) size ${width}×${height}`);
    }
    if (width * height > MAX_GRID_CELLS) throw new Error(`a saved grid of ${width}×${height} cells exceeds the ${MAX_GRID_CELLS} cells a layer can hold`);
    if (cells.length !== width * height) throw new Error(`a saved ${width}×${height} grid needs ${width * height} cells, got ${cells.length}`);
    const bad = cells.findIndex((c) => c > Cell.Obstacle);
    if (bad >= 0) throw new Error(`saved grid cell ${bad} holds ${cells[bad]}; cells are 0 unknown, 1 free, 2 obstacle`);
    const id = this.layers.length;
    const block = this.core.block<Uint8Array>(Uint8Array, width * height);
    block.view().set(cells);
    if (remembered) this.core.exports.rememberObstacles(block.ptr, width * height);
    this.layers.push({ id, floorUp, grid: block, ox: originX, oz: originZ, w: width, h: height, frames });
    return id;
  }

  /**
   * Forgets what every layer holds (all cells back to unknown, no frames), keeping the layers and
   * their floor heights: a map built afresh from the frames that come after, e.g. for a policy that
   * may keep nothing from earlier tasks.
   */
  forget(): void {
    for (const L of this.layers) {
      L.grid.view().fill(Cell.Unknown);
      L.frames = 0;
    }
  }

  /** Layer ids with their floor heights and integrated frame counts. */
  floors(): { id: number; floorUp: number; frames: number }[] {
    return this.layers.map((l) => ({ id: l.id, floorUp: l.floorUp, frames: l.frames }));
  }

  /**
   * A buffer inside linear memory for a depth frame of `n` pixels, for callers that can write the
   * depth there directly and skip the copy in `integrate`.
   */
  depthInput(n: number): Float32Array {
    if (!this.depthBlock || this.depthBlock.length < n) {
      this.depthBlock?.free();
      this.depthBlock = this.core.block<Float32Array>(Float32Array, n);
    }
    return this.depthBlock.view().subarray(0, n);
  }

  /** A depth frame seen from camera-to-world `pose` into layer `layer`; `drops`: see params.dropMax. */
  integrate(frame: DepthFrame, pose: Mat4, layer = 0, drops = false): Result<IntegrateStats> {
    const L = this.layers[layer];
    if (!L) return { ok: false, error: `no floor layer ${layer}; open one with openFloor() (layers: ${this.layers.length})` };
    const K = this.checkIntrinsics(frame?.intrinsics);
    if (typeof K === 'string') return { ok: false, error: K };
    const n = K.width * K.height;
    if (!(frame.depth instanceof Float32Array)) return { ok: false, error: 'depth must be a Float32Array of metres' };
    if (frame.depth.length !== n) {
      return { ok: false, error: `depth has ${frame.depth.length} values but the intrinsics say ${K.width}×${K.height} = ${n}` };
    }
    const pp = poseProblem(pose);
    if (pp) return { ok: false, error: `invalid pose: ${pp}` };

    const p = this.params;
    const winR = Math.ceil((p.maxDepth * maxRayStretch(K)) / p.cellSize) + 2;
    const kp = kernelPose(this.frame, pose, p.cellSize, L.floorUp);
    const camX = Math.floor(kp[P_CAMERA]),
      camZ = Math.floor(kp[P_CAMERA + 1]);
    // One extra cell of margin covers f32 rounding of the camera cell inside the kernel.
    const grown = this.ensureCovers(L, camX - winR - 1, camZ - winR - 1, camX + winR + 1, camZ + winR + 1);
    if (grown) return { ok: false, error: grown };
    const W = 2 * winR + 1;
    const s = (this.scratch = ensureScratch(this.core, this.scratch, K.width, n, W * W, p.shadows));

    // Depth already in this core's linear memory (a renderer's output, depthInput(), any block) is
    // read in place; anything else is copied once into the input buffer.
    let depthPtr = frame.depth.byteOffset;
    if (frame.depth.buffer !== this.core.memory.buffer) {
      const input = this.depthInput(n);
      input.set(frame.depth);
      depthPtr = input.byteOffset;
    }

    const fp = this.fparams.view();
    fp.set(kp, P_ROTATION);
    // the kernel works in grid cells: camera position relative to the grid origin
    fp[P_CAMERA] = kp[P_CAMERA] - L.ox;
    fp[P_CAMERA + 1] = kp[P_CAMERA + 1] - L.oz;
    // the slots from P_FX on, in the ABI's order: intrinsics, depth range, height bands, drops
    fp.set([K.fx, K.fy, K.cx, K.cy, p.minDepth, p.maxDepth, p.obstacleMin, p.obstacleMax, p.floorMin, p.floorMax, drops ? p.dropMax : -Infinity], P_FX);
    fp[P_REMEMBERED_MARGIN] = Math.round(p.rememberedMargin / p.cellSize);
    if (p.shadows) fp.set(kernelInverse(kp), P_INVERSE);
    const cams = [Math.floor(fp[P_CAMERA]) + L.ox, Math.floor(fp[P_CAMERA + 1]) + L.oz];
    this.stats.view().fill(0);
    const nEnd = this.classifyAndMark(L, s, K, depthPtr);
    const x = this.core.exports;
    const cands = s.cands?.ptr ?? 0;
    const carved = x.carveRays(this.fparams.ptr, L.grid.ptr, L.w, L.h, s.endpoints.ptr, nEnd, cands, s.endCap, this.stats.ptr);
    let shadowed = 0;
    if (cands) {
      // column shadows: floor cells and carved cells were listed, freed where the frame saw their column whole
      const listed = this.stats.view()[C_CANDIDATES];
      shadowed = listed - x.freeSeen(this.fparams.ptr, L.grid.ptr, L.w, cands, listed, depthPtr, K.width, K.height);
    }
    const st = this.stats.view();
    L.frames++;
    return {
      ok: true,
      value: {
        layer,
        validPixels: st[C_VALID],
        obstaclePoints: st[C_OBSTACLE_PTS],
        floorPoints: st[C_FLOOR_PTS],
        endpointCells: nEnd,
        carvedCells: carved,
        shadowedCells: shadowed,
        cameraCell: { x: cams[0], z: cams[1] },
      },
    };
  }

  /**
   * Stages 1 and 2 of a frame whose params are written: classifies the depth rows (split with the
   * helper thread when the core has a usable one) and marks their codes; returns the endpoint count.
   */
  private classifyAndMark(L: Layer, s: Scratch, K: Intrinsics, depthPtr: number): number {
    const x = this.core.exports;
    const mark = (fresh: number, codes: number, nEnd: number) =>
      x.markCells(fresh, codes, L.grid.ptr, L.w * L.h, s.endpoints.ptr, s.endCap, nEnd, this.stats.ptr, s.cands?.ptr ?? 0);
    const thread = this.core.thread,
      hs = s.helper;
    let nEnd: number;
    if (thread?.usable && hs) {
      // The helper takes every other block of rows, this thread the rest: interleaved blocks share
      // the work evenly when one part of the image (sky, far walls) is cheaper than another.
      const B = ROW_BLOCK;
      hs.counts.view().fill(0);
      thread.post('classifyRows', [depthPtr, K.width, K.height, 0, B, 2 * B, this.fparams.ptr, L.w, hs.rays.ptr, hs.fresh.ptr, hs.counts.ptr]);
      const mine = x.classifyRows(depthPtr, K.width, K.height, B, B, 2 * B, this.fparams.ptr, L.w, s.rays.ptr, s.fresh.ptr, this.stats.ptr);
      // marking this thread's codes overlaps the helper's last rows (the helper never writes the grid)
      nEnd = mark(s.fresh.ptr, mine, 0);
      let theirs: number | null = null;
      try {
        theirs = thread.join();
      } catch (err) {
        this.threadErrors.push((err as Error).message);
      }
      if (theirs === null) {
        // the helper failed: its rows are done here, in this thread's own scratch
        const codes = x.classifyRows(depthPtr, K.width, K.height, 0, B, 2 * B, this.fparams.ptr, L.w, s.rays.ptr, s.fresh.ptr, this.stats.ptr);
        nEnd = mark(s.fresh.ptr, codes, nEnd);
      } else {
        nEnd = mark(hs.fresh.ptr, theirs, nEnd);
        const st = this.stats.view(),
          hc = hs.counts.view();
        for (let i = 0; i < CLASSIFY_COUNTERS; i++) st[i] += hc[i];
      }
    } else {
      const codes = x.classifyRows(depthPtr, K.width, K.height, 0, K.height, K.height, this.fparams.ptr, L.w, s.rays.ptr, s.fresh.ptr, this.stats.ptr);
      nEnd = mark(s.fresh.ptr, codes, 0);
    }
    return nEnd;
  }

  /** Height of the floor under a camera at `pose` that rides `cameraHeight` above it (geometry/heights.ts). */
  floorUpBelow(pose: Mat4, cameraHeight: number): number {
    return floorUnder(this.frame, pose, cameraHeight);
  }

  worldToCell(x: number, z: number): { x: number; z: number } {
    return { x: Math.floor(x / this.params.cellSize), z: Math.floor(z / this.params.cellSize) };
  }

  cellCentre(cx: number, cz: number): { x: number; z: number } {
    const c = this.params.cellSize;
    return { x: (cx + 0.5) * c, z: (cz + 0.5) * c };
  }

  /** State of the cell holding planar point (x, z) on a layer; outside the grid is unknown. */
  cellAt(x: number, z: number, layer = 0): CellName {
    const c = this.worldToCell(x, z);
    return CELL_NAMES[this.cellState(c.x, c.z, layer)];
  }

  cellState(cx: number, cz: number, layer = 0): Cell.Unknown | Cell.Free | Cell.Obstacle {
    const L = this.layerOrThrow(layer);
    const gx = cx - L.ox,
      gz = cz - L.oz;
    if (gx < 0 || gz < 0 || gx >= L.w || gz >= L.h) return Cell.Unknown;
    const c = L.grid.view()[gz * L.w + gx];
    return c === Cell.Remembered ? Cell.Obstacle : (c as Cell.Unknown | Cell.Free | Cell.Obstacle);
  }

  counts(layer = 0): { free: number; obstacle: number; known: number } {
    const L = this.layerOrThrow(layer);
    const out = this.stats;
    this.core.exports.countCells(L.grid.ptr, L.w * L.h, out.ptr);
    const v = out.view();
    return { free: v[0], obstacle: v[1], known: v[0] + v[1] };
  }

  /** Known (free or obstacle) area of a layer, m². */
  exploredArea(layer = 0): number {
    return this.counts(layer).known * this.params.cellSize ** 2;
  }

  /** World-cell bounds of the known cells, or null when nothing is known yet. */
  knownBounds(layer = 0): { minX: number; minZ: number; maxX: number; maxZ: number } | null {
    const L = this.layerOrThrow(layer);
    this.core.exports.knownBounds(L.grid.ptr, L.w, L.h, this.stats.ptr);
    const v = this.stats.view();
    if (v[2] < 0) return null;
    return { minX: v[0] + L.ox, minZ: v[1] + L.oz, maxX: v[2] + L.ox, maxZ: v[3] + L.oz };
  }

  /** A copy of a layer's grid (for tests, saving and rendering elsewhere), remembered obstacles as obstacles. */
  snapshot(layer = 0): GridSnapshot {
    const L = this.layerOrThrow(layer);
    const cells = L.grid.view().slice();
    for (let i = cells.indexOf(Cell.Remembered); i >= 0; i = cells.indexOf(Cell.Remembered, i + 1)) cells[i] = Cell.Obstacle;
    return { originX: L.ox, originZ: L.oz, width: L.w, height: L.h, cells };
  }

  /** The live grid of a layer inside linear memory (for the planner and the raster kernel). */
  gridRef(layer = 0): { ptr: number; ox: number; oz: number; w: number; h: number } {
    const L = this.layerOrThrow(layer);
    return { ptr: L.grid.ptr, ox: L.ox, oz: L.oz, w: L.w, h: L.h };
  }

  /** A layer's live cells (remembered obstacles as such), row-major over gridRef's box; valid until the layer grows. */
  liveCells(layer = 0): Uint8Array {
    return this.layerOrThrow(layer).grid.view();
  }

  /** Grows a layer to cover a box of world cells (inclusive); returns why it cannot, or null. */
  cover(layer: number, x0: number, z0: number, x1: number, z1: number): string | null {
    return this.ensureCovers(this.layerOrThrow(layer), x0, z0, x1, z1);
  }

  /**
   * Replaces layer `layer`'s cells by those of layer `fromLayer` of `from` (a map re-integrated
   * elsewhere), byte for byte (remembered obstacles stay remembered); its floor height and frame count
   * stay. Both maps must share one navcore and one cell size.
   */
  copyLayerFrom(layer: number, from: OccupancyMap, fromLayer: number): void {
    const L = this.layerOrThrow(layer),
      S = from.layerOrThrow(fromLayer);
    if (from.core !== this.core) throw new Error('a layer can only be copied between maps of one navcore');
    if (from.params.cellSize !== this.params.cellSize) throw new Error(`cell sizes differ: ${from.params.cellSize} m and ${this.params.cellSize} m`);
    const grid = this.core.block<Uint8Array>(Uint8Array, S.w * S.h);
    grid.view().set(S.grid.view());
    L.grid.free();
    Object.assign(L, { grid, ox: S.ox, oz: S.oz, w: S.w, h: S.h });
  }

  /** Keeps the layers `ids`, in that order and renumbered from 0, and frees the others. */
  retainFloors(ids: number[]): void {
    const kept = ids.map((id) => this.layerOrThrow(id));
    if (new Set(kept).size !== kept.length) throw new Error(`layers to keep must differ, got ${ids.join(', ')}`);
    for (const L of this.layers) if (!kept.includes(L)) L.grid.free();
    this.layers.splice(0, this.layers.length, ...kept);
    kept.forEach((L, i) => (L.id = i));
  }

  private layerOrThrow(layer: number): Layer {
    const L = this.layers[layer];
    if (!L) throw new Error(`no floor layer ${layer} (layers: ${this.layers.length})`);
    return L;
  }

  /** Grows the layer to cover the cell box; returns why it cannot, or null. */
  private ensureCovers(L: Layer, x0: number, z0: number, x1: number, z1: number): string | null {
    if (x0 >= L.ox && z0 >= L.oz && x1 < L.ox + L.w && z1 < L.oz + L.h) return null;
    const nx0 = Math.min(L.ox, x0 - GROW_PAD),
      nz0 = Math.min(L.oz, z0 - GROW_PAD);
    const nx1 = Math.max(L.ox + L.w, x1 + 1 + GROW_PAD),
      nz1 = Math.max(L.oz + L.h, z1 + 1 + GROW_PAD);
    const w = nx1 - nx0,
      h = nz1 - nz0;
    if (w * h > MAX_GRID_CELLS) {
      const side = Math.sqrt(MAX_GRID_CELLS) * this.params.cellSize;
      return `this frame would grow floor layer ${L.id} to ${(w * this.params.cellSize).toFixed(0)} m × ${(h * this.params.cellSize).toFixed(0)} m, beyond the ${MAX_GRID_CELLS} cells a layer can hold (about ${side.toFixed(0)} m × ${side.toFixed(0)} m); is the pose's translation in metres?`;
    }
    const grid = this.core.block<Uint8Array>(Uint8Array, w * h);
    grid.view().fill(0);
    this.core.exports.blit(L.grid.ptr, L.w, L.h, grid.ptr, w, L.ox - nx0, L.oz - nz0);
    L.grid.free();
    Object.assign(L, { grid, ox: nx0, oz: nz0, w, h });
    return null;
  }
}
