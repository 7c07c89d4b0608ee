/**
 * The RGB-D tracker (build/tracker.wasm) behind a TypeScript class. Input buffers live in the
 * module's linear memory: write a frame into `imageView()` / `depthView()` and call `trackInPlace`,
 * or hand a frame to `track`, which copies it there once.
 */
import { type Mat4, z } from '../geometry/index.js';
import { instantiate, allocBlock, type Allocator, type WasmBlock, type WasmSource } from '../wasm/index.js';
import type { PoseEstimate, RgbdFrame, TrackingStatus } from './pose-source.js';
import { describeMapHeader, readMapFileHeader } from './map-file.js';
import { CameraMotionSchema, type CameraMotion } from './camera-motion.js';
import { COUNTER, ERROR_BY_CODE, LOOP_STAT, PARAM, RELOC_STAT, STAGE, STATUS_BY_CODE, type StageTimes, type TrackerExports } from './tracker-abi.js';
import { trackerImports } from './tracker-imports.js';

import { OptimizeMapOptionsSchema, type OptimizeMapOptions, type OptimizeMapResult, type TrackerOptions, TrackerOptionsSchema } from './tracker-options.js';
export { type OptimizeMapOptions, OptimizeMapOptionsSchema, type OptimizeMapResult, type TrackerOptions, TrackerOptionsSchema } from './tracker-options.js';

export class TrackerError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'TrackerError';
  }
}

export interface TrackerCounts {
  keyframes: number;
  landmarks: number;
  inliers: number;
  maps: number;
  features: number;
  relocalisations: number;
  loopClosures: number;
  /** frame number (1 = first tracked) of the earlier keyframe the last loop closure matched, 0 before any */
  loopMatchFrame: number;
  /** times tracking moved from a map of its own back into a loaded map (late relocalisation) */
  lateRelocalisations: number;
  /** 1 while a loop closure found is still being optimised over frames (closeSlice), else 0 */
  closureUnderWay: number;
  /** 1 while a keyframe's bundle adjustment is still being run over frames (baSlice), else 0 */
  mappingUnderWay: number;
}

/**
 * The loop search since the last reset: keyframes searched, places the index proposed, proposals
 * refused for too few descriptor matches / no rigid transform / too few inliers, places verified,
 * verified places the next keyframe did not confirm, and the most inliers any proposal reached.
 */
export type LoopSearchStats = Record<keyof typeof LOOP_STAT, number>;

/**
 * Relocalisation since the last reset or loadMap(): frames searched, keyframes proposed, proposals
 * refused for too few descriptor matches / no rigid transform / too few inliers after the first pose
 * optimisation / too few after the projection search / seeing through the map in the depth image
 * (loaded maps), proposals verified, frames whose verified proposals disagreed (ambiguous, loaded
 * maps), frames with a pose, poses in a loaded map not (yet) confirmed by the next frames, and the
 * per-mille share of landmarks the last checked pose saw through.
 */
export type RelocStats = Record<keyof typeof RELOC_STAT, number>;

function describeIssues(err: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return err.issues.map((i) => `${i.path.map(String).join('.') || 'options'}: ${i.message}`).join('; ');
}

export class Tracker {
  readonly width: number;
  readonly height: number;
  private handle: number;
  private readonly heap: Allocator;
  private readonly image: WasmBlock<Uint8Array>;
  private readonly depth: WasmBlock<Float32Array>;
  private readonly poseOut: WasmBlock<Float64Array>;
  private readonly motionIn: WasmBlock<Float64Array>;
  private disposed = false;

  private constructor(
    private readonly ex: TrackerExports,
    private readonly options: z.output<typeof TrackerOptionsSchema>,
  ) {
    this.heap = { memory: ex.memory, alloc: (n) => ex.malloc(n), free: (p) => ex.free(p) };
    const k = options.intrinsics;
    this.width = k.width;
    this.height = k.height;
    this.handle = ex.nt_create();
    if (this.handle === 0) throw new TrackerError('the tracker could not be created (out of memory)', -1);
    for (const [name, key] of Object.entries(PARAM)) {
      const given = (options as Record<string, unknown>)[name];
      const v = typeof given === 'boolean' ? Number(given) : given;
      if (typeof v === 'number') this.check(ex.nt_set_param(this.handle, key, v), `option ${name}=${v}`);
    }
    this.check(ex.nt_configure(this.handle, k.width, k.height, k.fx, k.fy, k.cx, k.cy, options.depthScale), 'intrinsics');
    const n = k.width * k.height;
    this.image = allocBlock<Uint8Array>(this.heap, Uint8Array, n * 3);
    this.depth = allocBlock<Float32Array>(this.heap, Float32Array, n);
    this.poseOut = allocBlock<Float64Array>(this.heap, Float64Array, 16);
    this.motionIn = allocBlock<Float64Array>(this.heap, Float64Array, 16);
  }

  /** `wasm`: tracker.wasm's bytes or URL, when it is not build/tracker.wasm beside the package (a bundler's asset). */
  static async create(options: TrackerOptions, wasm: WasmSource = {}): Promise<Tracker> {
    const parsed = TrackerOptionsSchema.safeParse(options);
    if (!parsed.success) throw new TrackerError(`invalid tracker options: ${describeIssues(parsed.error)}`, -4);
    const abort = (code: number): never => {
      throw new TrackerError(`tracker.wasm aborted (exit ${code})`, -100);
    };
    const instance = await instantiate(
      'tracker',
      trackerImports(() => ex.memory, abort),
      wasm,
    );
    const ex = instance.exports as unknown as TrackerExports;
    ex._initialize?.();
    return new Tracker(ex, parsed.data);
  }

  /** Bytes of tracker.wasm's linear memory now (its map, keyframes and frame buffers; it only grows). */
  get memoryBytes(): number {
    return this.ex.memory.buffer.byteLength;
  }

  private check(code: number, what: string): number {
    if (code < 0) throw new TrackerError(`tracker rejected ${what}: ${ERROR_BY_CODE[code] ?? `error ${code}`}`, code);
    return code;
  }

  private live(): void {
    if (this.disposed) throw new TrackerError('tracker used after dispose()', -1);
  }

  /** Zero-copy input: RGB bytes (3 per pixel) of the next frame. Valid until the next call into the tracker. */
  imageView(): Uint8Array {
    this.live();
    return this.image.view();
  }

  /** Zero-copy input: depth of the next frame, in units of depthScale. */
  depthView(): Float32Array {
    this.live();
    return this.depth.view();
  }

  /**
   * Tracks the frame already written into imageView() (RGB or, with channels 1, grey) and depthView().
   * `motion`: the commanded camera motion since the previous frame (CameraMotionSchema), which then
   * predicts the pose and holds it where the frame's matches say little (native: nt_track_motion);
   * without it the tracker predicts from its own velocity. A malformed motion is a TrackerError.
   */
  trackInPlace(timestamp: number, channels: 1 | 3 = 3, motion?: CameraMotion): PoseEstimate {
    this.live();
    if (!Number.isFinite(timestamp)) throw new TrackerError(`timestamp must be a finite number of seconds, got ${timestamp}`, -4);
    let code: number;
    if (motion === undefined) {
      code = this.ex.nt_track(this.handle, this.image.ptr, this.width, this.height, channels, this.depth.ptr, timestamp);
    } else {
      const parsed = CameraMotionSchema.safeParse(motion);
      if (!parsed.success) throw new TrackerError(`invalid commanded motion: ${describeIssues(parsed.error)}`, -4);
      this.motionIn.view().set(parsed.data);
      code = this.ex.nt_track_motion(this.handle, this.image.ptr, this.width, this.height, channels, this.depth.ptr, timestamp, this.motionIn.ptr);
    }
    this.check(code, 'the frame');
    const status: TrackingStatus = STATUS_BY_CODE[code] ?? 'lost';
    const est: PoseEstimate = { status, pose: status === 'ok' ? this.pose() : null, mapId: this.mapId() };
    const handover = status === 'ok' ? this.handoverPose() : null;
    if (handover) est.handover = handover;
    return est;
  }

  /**
   * Copies the frame into linear memory and tracks it, with the commanded camera motion since the
   * previous frame when known (see trackInPlace). Frames of the wrong size or layout are rejected with
   * a TrackerError.
   */
  track(frame: RgbdFrame, motion?: CameraMotion): PoseEstimate {
    this.live();
    const n = this.width * this.height;
    if (frame.width !== this.width || frame.height !== this.height) {
      throw new TrackerError(`frame is ${frame.width}×${frame.height} but the tracker was configured for ${this.width}×${this.height}`, -3);
    }
    if (!(frame.rgb instanceof Uint8Array) || frame.rgb.length !== n * 3) {
      throw new TrackerError(`frame.rgb must be a Uint8Array of ${n * 3} bytes (3 per pixel), got ${frame.rgb?.length ?? typeof frame.rgb}`, -4);
    }
    if (!(frame.depth instanceof Float32Array) || frame.depth.length !== n) {
      throw new TrackerError(`frame.depth must be a Float32Array of ${n} values, got ${frame.depth?.length ?? typeof frame.depth}`, -4);
    }
    this.image.view().set(frame.rgb);
    this.depth.view().set(frame.depth);
    return this.trackInPlace(frame.timestamp, 3, motion);
  }

  /** Camera-to-world pose of the last frame when it was tracked. */
  pose(): Mat4 | null {
    this.live();
    const ok = this.check(this.ex.nt_get_pose(this.handle, this.poseOut.ptr), 'pose query');
    if (ok !== 1) return null;
    const m = new Float64Array(this.poseOut.view());
    return m.every(Number.isFinite) ? m : null;
  }

  /** After a late relocalisation into a loaded map: the map left and the last frame's pose there; else null. */
  handoverPose(): { mapId: number; pose: Mat4 } | null {
    this.live();
    const id = this.check(this.ex.nt_handover_pose(this.handle, this.poseOut.ptr), 'handover query');
    if (id <= 0) return null;
    const m = new Float64Array(this.poseOut.view());
    return m.every(Number.isFinite) ? { mapId: id, pose: m } : null;
  }

  status(): TrackingStatus {
    this.live();
    return STATUS_BY_CODE[this.check(this.ex.nt_state(this.handle), 'state query')] ?? 'lost';
  }

  mapId(): number {
    this.live();
    return this.check(this.ex.nt_map_id(this.handle), 'map id query');
  }

  counts(): TrackerCounts {
    this.live();
    const out = {} as TrackerCounts;
    for (const [name, key] of Object.entries(COUNTER)) out[name as keyof TrackerCounts] = this.check(this.ex.nt_count(this.handle, key), name);
    return out;
  }

  loopStats(): LoopSearchStats {
    this.live();
    const out = {} as LoopSearchStats;
    for (const [name, key] of Object.entries(LOOP_STAT)) out[name as keyof LoopSearchStats] = this.check(this.ex.nt_count(this.handle, key), name);
    return out;
  }

  relocStats(): RelocStats {
    this.live();
    const out = {} as RelocStats;
    for (const [name, key] of Object.entries(RELOC_STAT)) out[name as keyof RelocStats] = this.check(this.ex.nt_count(this.handle, key), name);
    return out;
  }

  /** Milliseconds in each stage (STAGE) since creation, over track and closeStep calls (they add up to those calls). */
  stageTimes(): StageTimes {
    this.live();
    const n = Object.keys(STAGE).length;
    const block = allocBlock<Float64Array>(this.heap, Float64Array, n);
    try {
      this.check(this.ex.nt_stage_times(this.handle, block.ptr, n), 'stage times');
      const v = block.view();
      return Object.fromEntries(Object.entries(STAGE).map(([name, i]) => [name, v[i]])) as StageTimes;
    } finally {
      block.free();
    }
  }

  /**
   * The current map's keyframes with their camera-to-world poses as they stand (after local bundle
   * adjustment and loop closing moved them); empty without a map. Reads no map file: a loop closure
   * can follow them within a frame's time.
   */
  keyframePoses(): { id: number; timestamp: number; pose: Mat4 }[] {
    this.live();
    const n = this.check(this.ex.nt_keyframe_poses(this.handle, 0, 0), 'keyframe count');
    if (n === 0) return [];
    const block = allocBlock<Float64Array>(this.heap, Float64Array, n * 18);
    try {
      const m = Math.min(n, this.check(this.ex.nt_keyframe_poses(this.handle, block.ptr, n), 'keyframe poses'));
      const v = block.view(),
        out: { id: number; timestamp: number; pose: Mat4 }[] = [];
      for (let k = 0; k < m; k++) {
        const pose = v.slice(k * 18 + 2, k * 18 + 18);
        if (pose.every(Number.isFinite)) out.push({ id: v[k * 18], timestamp: v[k * 18 + 1], pose });
      }
      return out;
    } finally {
      block.free();
    }
  }

  /** The current map as a map file (native/src/io/map_file.h): keyframes, landmarks, descriptors, covisibility. */
  saveMap(): Uint8Array {
    this.live();
    const n = this.check(this.ex.nt_save_map(this.handle), 'saving the map');
    const ptr = this.ex.nt_saved_map(this.handle);
    return new Uint8Array(this.ex.memory.buffer, ptr, n).slice();
  }

  /**
   * Replaces every map by the saved one. The tracker is then lost: the next frames relocalise in the
   * loaded map (two consecutive frames must agree) and report poses in its frame; for
   * relocPatienceFrames frames no new map is opened. A file of another version, saved under other
   * settings, or corrupt is refused with a TrackerError and the tracker is left as it was.
   * `patienceFrames` replaces relocPatienceFrames for this load (0: a map of its own opens at once).
   */
  loadMap(bytes: Uint8Array, patienceFrames?: number): void {
    this.live();
    if (!(bytes instanceof Uint8Array)) throw new TrackerError(`a map must be given as a Uint8Array, got ${typeof bytes}`, -4);
    let header;
    try {
      header = readMapFileHeader(bytes);
    } catch (e) {
      throw new TrackerError((e as Error).message, /version/.test((e as Error).message) ? -8 : -7);
    }
    const block = allocBlock<Uint8Array>(this.heap, Uint8Array, bytes.length);
    try {
      block.view().set(bytes);
      if (patienceFrames !== undefined) this.check(this.ex.nt_set_param(this.handle, PARAM.relocPatienceFrames, patienceFrames), 'patience');
      const code = this.ex.nt_load_map(this.handle, block.ptr, bytes.length);
      if (patienceFrames !== undefined) this.ex.nt_set_param(this.handle, PARAM.relocPatienceFrames, this.options.relocPatienceFrames ?? 120);
      if (code === -9)
        throw new TrackerError(`map file was saved under other settings: ${describeMapHeader(header)}; this tracker: ${this.describeSettings()}`, code);
      this.check(code, 'the map file');
    } finally {
      block.free();
    }
  }

  private describeSettings(): string {
    const k = this.options.intrinsics,
      o = this.options;
    return describeMapHeader({
      magic: 'NAVTMAP\0',
      version: 1,
      width: k.width,
      height: k.height,
      fx: k.fx,
      fy: k.fy,
      cx: k.cx,
      cy: k.cy,
      depthBaseline: o.depthBaseline ?? 0.08,
      numLevels: o.numLevels ?? 8,
      levelMotion: o.levelMotion ?? false,
      scaleFactor: o.scaleFactor ?? 1.2,
      mapId: 1,
    });
  }

  /**
   * Global bundle adjustment of the current map: every keyframe but the map's first and every landmark
   * move to agree with all observations (after loop closing has corrected the poses through the
   * essential graph only). Takes seconds for a map of hundreds of keyframes; tracking goes on from the
   * adjusted map. A TrackerError when there is no map or the options are out of range.
   */
  optimizeMap(options: OptimizeMapOptions = {}): OptimizeMapResult {
    this.live();
    const parsed = OptimizeMapOptionsSchema.safeParse(options);
    if (!parsed.success) throw new TrackerError(`invalid optimizeMap options: ${describeIssues(parsed.error)}`, -4);
    const out = allocBlock<Float64Array>(this.heap, Float64Array, 5);
    try {
      const t0 = performance.now();
      this.check(this.ex.nt_global_bundle_adjust(this.handle, parsed.data.iterations, parsed.data.minObservations, out.ptr), 'global bundle adjustment');
      const ms = performance.now() - t0;
      const [costBefore, costAfter, removed, observations, followers] = out.view();
      const c = this.counts();
      return { ms, costBefore, costAfter, removed, observations, followers, keyframes: c.keyframes, landmarks: c.landmarks };
    } finally {
      out.free();
    }
  }

  /**
   * Mapping work left between frames: a keyframe's bundle adjustment under way (baSlice) is run to its
   * end, then a queued loop search runs or up to `iterations` pose-graph iterations of the loop closure
   * under way (closeSlice), committing it when they end; true while work is still pending afterwards.
   * saveMap() saves the map as it stands: settle() first to save it adjusted and corrected.
   */
  closeStep(iterations: number): boolean {
    this.live();
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1000)
      throw new TrackerError(`closeStep takes a whole number of iterations from 1 to 1000, got ${iterations}`, -4);
    return this.check(this.ex.nt_close_step(this.handle, iterations), 'closure step') === 1;
  }

  /**
   * Runs every pending mapping step between frames (closeStep until none is left), so that the map
   * holds every keyframe's adjustment and every closure found; true when a closure was committed.
   */
  settle(): boolean {
    const before = this.counts().loopClosures;
    // bounded: each call ends the adjustment, or runs a search's proposal, up to 1000 graph steps (a closure
    // has 20 iterations of a few steps each) or a share of the map's refresh after a commit
    for (let i = 0; i < 1000 && this.closeStep(1000); i++);
    return this.counts().loopClosures > before;
  }

  reset(): void {
    this.live();
    this.check(this.ex.nt_reset(this.handle), 'reset');
  }

  dispose(): void {
    if (this.disposed) return;
    this.image.free();
    this.depth.free();
    this.poseOut.free();
    this.motionIn.free();
    this.ex.nt_destroy(this.handle);
    this.handle = 0;
    this.disposed = true;
  }
}
