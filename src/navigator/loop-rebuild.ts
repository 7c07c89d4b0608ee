/**
 * The live map following loop closures (docs/architecture.md, "Loop closing in the navigator"). Each
 * mapped keyframe keeps its depth (every other pixel of every other row, in millimetres) with the
 * floor layer it was mapped on and its pose in the navigator's world, and so do map frames between
 * keyframes (`keepFrame`), moved with their keyframe. When the pose source closes a
 * loop, the keyframes of its map get their corrected poses; a floor whose keyframes moved is
 * re-integrated from them into a grid of its own (mapping/reintegrate.ts's rule: column shadows, since
 * many keyframes see each column), a few keyframes per navigator frame so that no frame stalls, and
 * the finished grid replaces the live layer. Everything else the navigator keeps in that world (places,
 * views, trails) moves by the correction of the keyframe made last before it (`closed`'s result).
 */
import { cameraHeightOf, invert, multiply, NAVIGATOR_FRAME, raisePose, type Intrinsics, type Mat4 } from '../geometry/index.js';
import { type FloorLayer, type FloorMapper, OccupancyMap } from '../mapping/index.js';
import type { KeyframePose } from '../perception/index.js';
import { FrameStall, noFrameStall, type FrameStallClocks, type FrameStallStats } from './frame-stall.js';
import { apart, correctionAt, keyframeAt, moved } from './loop-rebuild-poses.js';

export { keyframeAt, movedPlanar } from './loop-rebuild-poses.js';

/**
 * Keyframes re-integrated per navigator frame. One half-resolution keyframe costs about a quarter of a
 * millisecond (bench lifelong: reintegration_ms over a tour's keyframes), so 8 keep a frame's share far
 * below the 100 ms a step may stall, and a floor of 400 keyframes is rebuilt within 50 frames (10 actions).
 */
export const REBUILD_CHUNK = 8;
/**
 * The floor mapped on is also rebuilt after this many keyframes kept there since its last rebuild, closure
 * or not: the live layer holds every frame at its pose of the moment and without column shadows, the
 * rebuild the keyframes as the tracker's adjustment has since refined them, with the shadows. House 7's
 * live tour (bench lifelong, one closure): free precision / obstacle recall 0.9693 / 0.9122 with
 * closure rebuilds only, 0.9723 / 0.9162 every 100 keyframes, 0.9790 / 0.9376 every 40. Off by default
 * (`everyKeyframes` opts in): the agent did worse on it, houses 0..9 with SLAM 0.88 / 0.640 against
 * 0.92 / 0.691 without (a rebuilt layer drops what was seen between keyframes: the stairwell railing
 * house 2 bumps into, places seen in passing).
 */
export const REBUILD_EVERY_KEYFRAMES = 40;
/**
 * Between keyframes, the depth of a mapped frame is kept too once the camera stands this far (m) or
 * turned this much (rad) from the last frame kept on its floor (a map frame): keyframes alone leave out
 * what the live layer saw in passing, so a rebuild from them alone dropped it. A map frame moves with
 * the correction of the keyframe kept last before it, as places and trails do.
 */
export const MAP_FRAME_M = 0.3;
export const MAP_FRAME_RAD = (10 * Math.PI) / 180;

interface KeptKeyframe {
  t: number;
  mapId: number;
  floor: number;
  /** camera-to-world in the navigator's world: as mapped, then as the last closure corrected it */
  pose: Mat4;
  /** its pose in the pose source's map as last read (null when the source gave none) */
  tracked: Mat4 | null;
  /** millimetres, 0 for no reading */
  depth: Uint16Array;
  /** a map frame (not a keyframe of the pose source): moved by its keyframe's correction */
  frame: boolean;
  /**
   * mapped on a flight at its estimated height (FloorStep.transit): snapped to its layer's height in a
   * rebuild, a step down from the landing put the landing's floor in the obstacle band (seed:2's upper
   * walkway, 190 cells walled by one rebuild)
   */
  transit: boolean;
}

interface Job {
  floors: number[];
  /** the floor being rebuilt and its layer in the scratch map; `cursor` indexes `kept` */
  floor: number;
  layer: number;
  cursor: number;
}

/** What a rebuild did so far (tests and the lifelong bench read it). */
export interface RebuildStats extends FrameStallStats {
  /** closures followed (keyframe poses read) */
  closures: number;
  /** floor layers replaced by a re-integrated grid */
  floorsRebuilt: number;
  /** keyframes integrated by each navigator frame that did re-integration work (a split job has many) */
  chunks: number[];
  // FrameStallStats: the most time one navigator frame spent on following closures and rebuilding
  // (reading the corrected poses, moving places and trails, its share of keyframes, the layer swap) and on
  // whatever a caller runs through `timed` in that frame (the lifelong bench times the tracker's call so)
}

/** `clock`, `cpuClock`, `waitClock`: what the frames' stall is read with (frame-stall.ts) */
export interface LoopRebuildOptions extends FrameStallClocks {
  /** keyframes per navigator frame (default REBUILD_CHUNK) */
  chunk?: number;
  /** column shadows in the rebuilt grid (default true, as reintegrateKeyframes) */
  shadows?: boolean;
  /**
   * also rebuild the floor mapped on after every this many keyframes kept there since its last rebuild,
   * closure or not (REBUILD_EVERY_KEYFRAMES is the measured setting; default null: only after closures)
   */
  everyKeyframes?: number | null;
  /** keep map frames between keyframes (`keepFrame`; default true) */
  mapFrames?: boolean;
}

export class LoopRebuild {
  private kept: KeptKeyframe[] = [];
  /** per floor: what the layer held before this run's keyframes (a house memory's grid), remembered */
  private base = new Map<number, FloorLayer>();
  private job: Job | null = null;
  private scratch: OccupancyMap | null = null;
  private readonly half: Intrinsics;
  private readonly depthIn: Float32Array;
  private readonly chunk: number;
  private readonly shadows: boolean;
  private readonly every: number | null;
  private readonly mapFrames: boolean;
  /** the keyframe kept last (its map and floor: map frames are kept after it only while they match) */
  private lastKey: { mapId: number; floor: number } | null = null;
  /** per floor, the pose of the frame kept there last (keyframe or map frame) */
  private lastPose = new Map<number, Mat4>();
  /** keyframes kept per floor since that floor's last rebuild began */
  private fresh = new Map<number, number>();
  readonly stats: RebuildStats = { closures: 0, floorsRebuilt: 0, chunks: [], ...noFrameStall() };
  private readonly stall: FrameStall;

  constructor(
    private readonly mapper: FloorMapper,
    intrinsics: Intrinsics,
    opts: LoopRebuildOptions = {},
  ) {
    const w = Math.floor(intrinsics.width / 2),
      h = Math.floor(intrinsics.height / 2);
    this.half = { width: w, height: h, fx: intrinsics.fx / 2, fy: intrinsics.fy / 2, cx: intrinsics.cx / 2, cy: intrinsics.cy / 2 };
    this.depthIn = new Float32Array(w * h);
    this.chunk = opts.chunk ?? REBUILD_CHUNK;
    if (!Number.isInteger(this.chunk) || this.chunk < 1) throw new Error(`a rebuild chunk is a positive whole number of keyframes, got ${opts.chunk}`);
    this.shadows = opts.shadows ?? true;
    this.every = opts.everyKeyframes ?? null;
    this.mapFrames = opts.mapFrames ?? true;
    this.stall = new FrameStall(this.stats, opts);
    if (this.every !== null && (!Number.isInteger(this.every) || this.every < 1))
      throw new Error(`everyKeyframes is a positive whole number, got ${opts.everyKeyframes}`);
  }

  /** keyframes whose depth is kept (map frames not counted) */
  get size(): number {
    return this.kept.length - this.mapFrameCount;
  }

  /** map frames whose depth is kept */
  get mapFrameCount(): number {
    return this.kept.reduce((n, k) => n + (k.frame ? 1 : 0), 0);
  }

  /** The kept keyframes' times and navigator poses, as the last closure left them (evaluation reads them). */
  poses(): { t: number; pose: Mat4 }[] {
    return this.kept.filter((k) => !k.frame).map((k) => ({ t: k.t, pose: Float64Array.from(k.pose) }));
  }

  /** True while a re-integration is under way. */
  get pending(): boolean {
    return this.job !== null;
  }

  /**
   * Keeps keyframe depth `depth` (full resolution, metres) mapped at `pose` on layer `floor`, tracked
   * at `tracked` in the pose source's map (`transit`: the mapper's step said the body was on a flight,
   * so its estimated height was kept and the rebuild keeps it too). True when
   * that floor is due for a rebuild (`everyKeyframes` kept since its last one, none under way): the
   * caller then reads the keyframes' current poses and hands them to `closed` with this floor.
   */
  keep(depth: Float32Array, t: number, mapId: number, floor: number, pose: Mat4, tracked: Mat4 | null = null, transit = false): boolean {
    const mm = this.downsample(depth);
    this.kept.push({ t, mapId, floor, pose: Float64Array.from(pose), tracked: tracked && Float64Array.from(tracked), depth: mm, frame: false, transit });
    this.lastKey = { mapId, floor };
    this.lastPose.set(floor, Float64Array.from(pose));
    const n = (this.fresh.get(floor) ?? 0) + 1;
    this.fresh.set(floor, n);
    return this.every !== null && n >= this.every && !this.job;
  }

  /**
   * A mapped frame that is not a keyframe: its depth is kept as a map frame when the last keyframe kept
   * is of the same map and floor and the camera stands MAP_FRAME_M or MAP_FRAME_RAD from the frame kept
   * there last (`transit` as for `keep`). True when kept.
   */
  keepFrame(depth: Float32Array, t: number, mapId: number, floor: number, pose: Mat4, transit = false): boolean {
    if (!this.mapFrames || this.lastKey?.mapId !== mapId || this.lastKey.floor !== floor) return false;
    const last = this.lastPose.get(floor);
    if (last && !apart(last, pose, MAP_FRAME_M, MAP_FRAME_RAD)) return false;
    this.kept.push({ t, mapId, floor, pose: Float64Array.from(pose), tracked: null, depth: this.downsample(depth), frame: true, transit });
    this.lastPose.set(floor, Float64Array.from(pose));
    return true;
  }

  /** Every other pixel of every other row of `depth` (metres), in millimetres (0: no reading). */
  private downsample(depth: Float32Array): Uint16Array {
    const { width: w, height: h } = this.half,
      full = 2 * w;
    const mm = new Uint16Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const d = depth[2 * y * full + 2 * x];
        mm[y * w + x] = d > 0 && Number.isFinite(d) ? Math.min(65535, Math.round(d * 1000)) : 0;
      }
    }
    return mm;
  }

  /**
   * The layers as they stand become what a rebuild starts from (a house memory's grids, or a world
   * joined to one); the keyframes kept so far are in them and are dropped, as is a rebuild under way.
   */
  setBase(layers: FloorLayer[]): void {
    this.clear();
    layers.forEach((l, i) => this.base.set(i, l));
  }

  /** Forgets every kept keyframe, the base layers and a rebuild under way (the map was forgotten). */
  clear(): void {
    this.kept = [];
    this.base.clear();
    this.fresh.clear();
    this.lastKey = null;
    this.lastPose.clear();
    this.job = null;
  }

  /**
   * Map `mapId`'s keyframes now stand at `poses` (in the pose source's map); `worldOf` carries a pose of
   * keyframe (id, t) into the navigator's world. Corrects the kept keyframes (those the source culled
   * are dropped: their neighbours cover the place), starts re-integrating every floor whose keyframes
   * moved, and returns the world correction for something recorded at time `t` (the correction of the
   * last keyframe kept at or before `t`; null before this map's first or when nothing moved).
   * `due`: no closure, floor `due` is rebuilt (keep() said so) from its own keyframes' refined poses;
   * the others are left as they are and nothing is returned to move records by: the agent keeps points
   * of its own in this world (flights, blocked spots, sightings) that nothing moves, and on house 2 the
   * refinements read at such a rebuild reached 0.25 m (keyframes of the other floor moved, rebuilt too).
   * The correction's part along up is dropped: heights are the floor tracker's (mapping/floors.ts),
   * which has already taken the tracker's vertical drift out of the navigator's poses, so a closure
   * that takes it out of the tracker's keyframes too would lower them twice (on a house with stairs,
   * by the 0.3–0.7 m a climb is under-read). `held(t, dh)`: keyframe t's corrected pose was moved dh
   * along up for that (the map-world log keeps it, so that the saved map agrees).
   */
  closed(
    mapId: number,
    poses: KeyframePose[],
    worldOf: (id: number, t: number) => Mat4 | null,
    due: number | null = null,
    held?: (t: number, dh: number) => void,
  ): ((t: number) => Mat4 | null) | null {
    if (due === null) this.stats.closures++;
    const sorted = [...poses].sort((a, b) => a.timestamp - b.timestamp);
    const moves: { t: number; delta: Mat4 }[] = [];
    const floors = new Set<number>();
    this.kept = this.kept.filter((k) => {
      // a due rebuild reads only that floor's keyframes: the others keep the poses they were mapped (or
      // last corrected) at until a closure or their own floor's rebuild
      if (k.frame || k.mapId !== mapId || (due !== null && k.floor !== due)) return true;
      const p = keyframeAt(sorted, k.t, k.tracked);
      const W = p ? worldOf(p.id, p.timestamp) : null;
      if (!p || !W) return false;
      const tracked = multiply(W, p.pose);
      // the height it had in the navigator's world just before, as that world stands now
      const before = k.tracked ? multiply(W, k.tracked) : k.pose;
      const dh = cameraHeightOf(NAVIGATOR_FRAME, before) - cameraHeightOf(NAVIGATOR_FRAME, tracked);
      const now = raisePose(NAVIGATOR_FRAME, tracked, dh);
      if (dh !== 0) held?.(k.t, dh);
      k.tracked = Float64Array.from(p.pose);
      const delta = multiply(now, invert(k.pose));
      if (moved(delta)) floors.add(k.floor);
      moves.push({ t: k.t, delta });
      k.pose = now;
      return true;
    });
    this.moveMapFrames(mapId, due, moves, floors);
    if (due !== null) floors.add(due);
    if (floors.size) this.start([...floors].sort((a, b) => a - b));
    if (!moves.length || due !== null) return null;
    return (t) => correctionAt(moves, t);
  }

  /** Map frames of `mapId` (of floor `due` only, when set) move by the correction of the keyframe kept last before them. */
  private moveMapFrames(mapId: number, due: number | null, moves: { t: number; delta: Mat4 }[], floors: Set<number>): void {
    for (const k of this.kept) {
      if (!k.frame || k.mapId !== mapId || (due !== null && k.floor !== due)) continue;
      const delta = correctionAt(moves, k.t);
      if (!delta) continue;
      if (moved(delta)) floors.add(k.floor);
      k.pose = multiply(delta, k.pose);
    }
  }

  /** A new frame: its share of a rebuild under way, before the frame adds to the map, timed. */
  stepFrame(): void {
    this.stall.begin();
    this.stall.time(() => this.step());
  }

  /** Runs work as part of the current frame's time (the navigator: following a closure; the lifelong bench also the tracker's call). */
  timed(work: () => void): void {
    this.stall.time(work);
  }

  /** Starts re-integrating every floor that has kept keyframes (as a closure that moved them all would). */
  refresh(): void {
    this.start([...new Set(this.kept.map((k) => k.floor))].sort((a, b) => a - b));
  }

  /** Does one frame's share of a rebuild under way: at most `chunk` keyframes; a finished floor replaces the live layer. */
  step(): void {
    if (!this.job) return;
    let done = 0;
    while (this.job && done < this.chunk) done += this.advance(this.chunk - done);
    this.stats.chunks.push(done);
  }

  /** Completes a rebuild under way at once (before the map is saved: what is saved is the corrected map). */
  finish(): void {
    while (this.job) this.advance(Number.POSITIVE_INFINITY);
  }

  private start(floors: number[]): void {
    const live = this.mapper.map.floors();
    // a closure during a rebuild: the floor under way starts again with the newer poses
    const queued = new Set([...(this.job ? [this.job.floor, ...this.job.floors] : []), ...floors].filter((f) => f < live.length));
    this.job = null;
    const list = [...queued].sort((a, b) => a - b);
    if (list.length) this.open(list);
  }

  private open(floors: number[]): void {
    const live = this.mapper.map;
    this.scratch ??= new OccupancyMap(live.core, live.frame, { ...live.params, shadows: this.shadows });
    this.scratch.retainFloors([]);
    const [floor, ...rest] = floors;
    const b = this.base.get(floor);
    this.fresh.set(floor, 0);
    const layer = b ? this.scratch.restoreFloor(b.floorUp, b.grid, b.frames, true) : this.scratch.openFloor(live.floors()[floor].floorUp);
    this.job = { floors: rest, floor, layer, cursor: 0 };
  }

  /** Integrates up to `budget` keyframes of the floor under way; returns how many. */
  private advance(budget: number): number {
    const job = this.job!;
    let done = 0;
    while (job.cursor < this.kept.length && done < budget) {
      const k = this.kept[job.cursor++];
      if (k.floor !== job.floor) continue;
      for (let i = 0; i < k.depth.length; i++) this.depthIn[i] = k.depth[i] === 0 ? Number.NaN : k.depth[i] / 1000;
      const m = this.mapper.mappingPose(k.pose, job.floor, k.transit);
      // a pose the map refuses leaves the rebuilt layer as it was, as it does the live one
      this.scratch!.integrate({ intrinsics: this.half, depth: this.depthIn }, m.pose, job.layer, m.drops);
      done++;
    }
    if (job.cursor >= this.kept.length) {
      this.mapper.map.copyLayerFrom(job.floor, this.scratch!, job.layer);
      this.stats.floorsRebuilt++;
      this.job = null;
      if (job.floors.length) this.open(job.floors);
    }
    return done;
  }
}
