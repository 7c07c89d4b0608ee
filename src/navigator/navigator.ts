/**
 * The navigator (paper 001 §3.2): turns coarse actions into sub-motions of a Body, feeds every frame to
 * the pose source, and — only when tracking is ok — to the mapper at the ESTIMATED pose, on the layer
 * of the floor it stands on. It knows nothing of models or prompts, and never reads a simulator pose.
 */
import { ownFrame, type Body, type BodyFrame, type SubMotionResult } from '../body/index.js';
import { NAVIGATOR_FRAME, planarPose, raisePose, type PlanarPose, type Mat4 } from '../geometry/index.js';
import {
  FloorMapper,
  type PosedDepth,
  type OccupancyMap,
  Planner,
  type PlanarPoint,
  type PlanOptions,
  type PlanResult,
  type RenderedMap,
} from '../mapping/index.js';
import type { PoseSource, TrackingStatus } from '../perception/index.js';
import { Navcore } from '../wasm/index.js';
import { FULL_TURN_ACTIONS, SUB_MOTIONS_PER_ACTION, type CoarseAction } from './actions.js';
import { Anchoring } from './anchoring.js';
import { LoopRebuild } from './loop-rebuild.js';
import { holdHeight, moveRecords, rebaseAtClosure } from './closure-moves.js';
import { MapWorldLog } from './map-world-log.js';
import { MotionCheck, type CommandedMotion } from './motion-check.js';
import { memoryProblem, memorySnapshot, type NavigatorMemory } from './navigator-memory.js';
import { PlaceStore, type Place } from './places.js';
import { restoreSpatial, SavedMapLink, type SavedMapParts } from './saved-map-link.js';
import { bankView, FrameArchive, ViewBank } from './view-bank.js';
import { type FloorRenderOptions, renderFloor } from './floor-render.js';
import type { ExecutionRecord, NavigatorState, StopReason } from './navigator-records.js';
export type { NavigatorOptions, SavedPoseMap } from './navigator-options.js';
import type { NavigatorOptions, SavedPoseMap } from './navigator-options.js';

export class Navigator {
  readonly map: OccupancyMap;
  readonly planner: Planner;
  private readonly mapper: FloorMapper;
  readonly places = new PlaceStore();
  readonly viewBank = new ViewBank();
  readonly archive = new FrameArchive();
  private readonly anchoring = new Anchoring();
  private readonly worldLog = new MapWorldLog();
  private readonly motionCheck: MotionCheck | null;
  private lastPose: Mat4 | null = null;
  private statusNow: TrackingStatus = 'initialising';
  private poseNow: Mat4 | null = null;
  private lastFrame: BodyFrame | null = null;
  private trails: PlanarPoint[][] = [];
  /** the timestamp of each trail point's frame (NaN for points restored from a memory: they stay put) */
  private trailTimes: number[][] = [];
  /** when each place (by lower-case name) was marked in this run, so that it moves with its keyframe */
  private readonly placeTimes = new Map<string, number>();
  /** keyframe depth and the re-integration of a floor after a loop closure */
  readonly loopRebuild: LoopRebuild;
  /** every frame fed to the pose source */
  frames = 0;
  private verticalCorrections = 0;
  /** integrate errors (poses the mapper refused); the frames were skipped */
  readonly mapErrors: string[] = [];
  /** the house memory's saved map: loaded, set aside, joined late, exported */
  private readonly saved: SavedMapLink;
  /** the base's declared odometry error per sub-motion, m (its specification: actuation-noise.ts); 0: exact */
  readonly odometryErrorM: number;

  private constructor(
    readonly body: Body,
    readonly poseSource: PoseSource,
    core: Navcore,
    opts: NavigatorOptions,
  ) {
    this.mapper = new FloorMapper(core, { cameraHeight: body.cameraHeight, level: opts.levelMapping, mapParams: opts.mapParams, floors: opts.floors });
    this.map = this.mapper.map;
    this.planner = new Planner(this.map);
    this.motionCheck = opts.motionCheck === false ? null : new MotionCheck(opts.motionCheck);
    this.odometryErrorM = (opts.motionCheck && opts.motionCheck.odometryError?.translationM) || 0;
    this.loopRebuild = new LoopRebuild(this.mapper, body.intrinsics, opts.loopRebuild);
    this.saved = new SavedMapLink(this.parts());
    if (opts.poseMap) this.saved.relocateInto(opts.poseMap, opts.memory);
    else if (opts.memory) this.adopt(opts.memory);
  }

  private parts(): SavedMapParts {
    const { poseSource, mapper, places, viewBank, archive, loopRebuild, anchoring, worldLog, motionCheck } = this;
    const [trails, setTrails, forgetMap] = [() => this.trails, (t: PlanarPoint[][]) => this.setTrails(t), () => this.forgetMap()];
    return { poseSource, mapper, places, viewBank, archive, loopRebuild, anchoring, worldLog, motionCheck, trails, setTrails, forgetMap };
  }

  /**
   * The pose source's map for a house memory, each keyframe moved into the navigator's world by what the
   * navigator did to the poses of its frame (map-world-log.ts); null when the source keeps none. After a
   * refuted move back into the loaded map, the map as loaded is kept instead (the grids are in its world).
   */
  savedPoseMap(): SavedPoseMap | null {
    return this.saved.exported();
  }

  /** True once the body was localised in a map given as `poseMap` (relocalisation succeeded). */
  get relocalised(): boolean {
    return this.anchoring.relocalised;
  }

  /**
   * Sets the saved grids and places aside when the body could not be relocalised in their map: poses of
   * the tracker's new map are not in their frame, so they would mislead every plan. They come back (the
   * run's map carried into their world) when a later frame relocalises.
   */
  abandonSavedMap(): void {
    this.saved.abandon();
  }

  /** True while saved grids and places wait aside for a late relocalisation. */
  get savedMapAside(): boolean {
    return this.saved.waiting;
  }

  /** The frame (1 = first) at which the body was last found in the saved map after the start turn failed or a join was refuted. */
  get lateRelocalisedAt(): number | null {
    return this.saved.lateAt;
  }

  /** Known (free or obstacle) cells over every floor layer. */
  knownCells(): number {
    return this.map.floors().reduce((n, f) => n + this.map.counts(f.id).known, 0);
  }

  /** The memory to hand to a later navigator (map layers, places, trails, the last pose), corrected first: the pose source's pending mapping settled (a closure it commits followed), a re-integration under way finished. */
  memory(): NavigatorMemory | null {
    if (this.poseSource.settle?.()) this.followClosure(this.anchoring.current()?.mapId ?? 0, null);
    this.loopRebuild.finish();
    return memorySnapshot(this.poseNow ?? this.lastPose, this.mapper, this.places, this.trails);
  }

  private adopt(m: NavigatorMemory): void {
    const problem = memoryProblem(m);
    if (problem) throw new Error(`cannot resume from the saved navigator memory: ${problem}`);
    restoreSpatial(this.parts(), m);
    this.lastPose = Float64Array.from(m.pose);
    this.anchoring.resumeAt(Float64Array.from(m.pose));
  }

  /** A navigator whose first observation has initialised tracking (the world is that first frame). */
  static async create(opts: NavigatorOptions): Promise<Navigator> {
    const nav = new Navigator(opts.body, opts.poseSource, opts.core ?? (await Navcore.load()), opts);
    await nav.observe();
    return nav;
  }

  get state(): NavigatorState {
    return {
      status: this.statusNow,
      pose: this.planar(),
      floor: this.mapper.floor,
      floors: this.map.floors().length,
      frames: this.frames,
      reanchors: this.anchoring.reanchors,
      motionRejects: this.motionCheck?.rejected ?? 0,
      verticalCorrections: this.verticalCorrections,
      joinRefusals: this.saved.refusals,
    };
  }

  get status(): TrackingStatus {
    return this.statusNow;
  }

  /** The estimated planar pose after the last frame, or the last trusted one while lost; null before any. */
  planar(): PlanarPose | null {
    const p = this.poseNow ?? this.lastPose;
    return p ? planarPose(NAVIGATOR_FRAME, p) : null;
  }

  /** The estimated camera-to-world pose after the last frame (null unless tracking is ok). */
  poseMatrix(): Mat4 | null {
    return this.poseNow;
  }

  /** The floor layer the body was last localised on. */
  get floor(): number | null {
    return this.mapper.floor;
  }

  get lastView(): BodyFrame | null {
    return this.lastFrame;
  }

  trail(floor: number): PlanarPoint[] {
    return this.trails[floor] ?? [];
  }

  /** Looks without moving: the frame is tracked and mapped like any other. */
  async observe(): Promise<BodyFrame> {
    const f = await this.body.observe();
    this.lastFrame = f;
    this.ingest(f, 'still', false);
    this.bank(f);
    return f;
  }

  /**
   * Executes coarse actions in order, each as five sub-motions. Stops after the action in which the
   * body collided (when `stopOnCollision`), or when the environment terminates the task.
   */
  async act(actions: CoarseAction[], opts: { stopOnCollision?: boolean } = {}): Promise<ExecutionRecord> {
    const stopOnCollision = opts.stopOnCollision ?? true;
    const executed: CoarseAction[] = [],
      collisions: number[] = [];
    let stoppedEarly: StopReason | null = null,
      terminated = false;
    let frame = this.lastFrame;
    for (const a of actions) {
      let collided = false,
        last: SubMotionResult | null = null;
      for (let s = 0; s < SUB_MOTIONS_PER_ACTION; s++) {
        // Intermediate views only feed the tracker and the mapper, so they need not be copied out
        // of the sensor; the action's last view is kept (returned, banked, read by the tools).
        last = await this.body.execute(a, { transient: true });
        this.ingest(last.frame, a, last.collided);
        if (last.collided) collided = true;
        if (last.terminated) {
          terminated = true;
          break;
        }
      }
      if (last) {
        frame = last.transient ? ownFrame(last.frame) : last.frame;
        this.lastFrame = frame;
      }
      executed.push(a);
      if (frame) this.bank(frame);
      if (collided) collisions.push(executed.length - 1);
      stoppedEarly = terminated ? 'terminated' : collided && stopOnCollision ? 'collision' : null;
      if (stoppedEarly) break;
    }
    if (!frame) frame = await this.observe();
    return {
      requested: [...actions],
      executed,
      collisions,
      stoppedEarly,
      terminated,
      status: this.statusNow,
      pose: this.planar(),
      floor: this.mapper.floor,
      frame,
    };
  }

  /**
   * Turns once in place (24 × 15°), feeding the tracker; returns the views after every `every`-th turn
   * (6: the four surrounding views). `afterRelocation`: the body was moved, tracked jumps relocalise it.
   */
  async turnInPlace(every = 6, opts: { afterRelocation?: boolean } = {}): Promise<BodyFrame[]> {
    const views: BodyFrame[] = [],
      seen: PosedDepth[] = [];
    // After a relocation the tracker may find the body anywhere (paper 001 §3.2): no motion is implausible.
    if (opts.afterRelocation) this.motionCheck?.pause(true);
    try {
      for (let i = 1; i <= FULL_TURN_ACTIONS; i++) {
        const r = await this.act(['left'], { stopOnCollision: false });
        if (i % every === 0) views.push(r.frame);
        if (this.poseNow && this.anchoring.restored()?.current)
          seen.push({ frame: { intrinsics: this.body.intrinsics, depth: r.frame.depth }, pose: this.poseNow });
        if (r.terminated) break;
      }
    } finally {
      this.motionCheck?.pause(false);
    }
    // relocalised in the saved map: the turn's views land the body on the saved floor they agree with; the join is watched from here
    if (opts.afterRelocation && this.saved.loaded && this.relocalised) this.saved.landTurn(seen, (dh) => this.raiseWorld(dh, Infinity));
    return views;
  }

  /** Raises the world `dh` from here, and the newest `frames` mapped frames' keyframes (MapWorldLog.raiseOver). */
  private raiseWorld(dh: number, frames: number): void {
    const at = this.anchoring.current();
    if (dh === 0 || !at) return;
    this.worldLog.raiseOver(frames, at.mapId, dh);
    this.anchoring.raise(dh);
    this.motionCheck?.raise(dh);
    if (this.poseNow) this.poseNow = raisePose(NAVIGATOR_FRAME, this.poseNow, dh);
    if (this.lastPose) this.lastPose = raisePose(NAVIGATOR_FRAME, this.lastPose, dh);
    this.verticalCorrections++;
  }

  /**
   * Starts the map afresh (every layer unknown, trails dropped) while tracking, floors and places go
   * on: from here the map holds only what later frames show. The harness calls it at each task of a
   * policy without memory across tasks, so nothing planned on the map comes from an earlier task.
   */
  forgetMap(): void {
    this.map.forget();
    this.loopRebuild.clear();
    this.setTrails([]);
  }

  /** Trails from elsewhere (a memory, a join): their points carry no time, so closures leave them. */
  private setTrails(trails: PlanarPoint[][]): void {
    this.trails = Array.from(trails, (t) => (t ? t.map((q) => ({ ...q })) : []));
    this.trailTimes = this.trails.map((t) => t.map(() => Number.NaN));
  }

  /** Marks the current place; views seen around it are banked with it. Null while never localised. */
  mark(name: string): Place | null {
    const at = this.planar();
    if (!at || this.mapper.floor === null) return null;
    if (this.lastFrame) this.placeTimes.set(name.trim().toLowerCase(), this.lastFrame.timestamp);
    return this.places.mark(name, at, this.mapper.floor, this.viewBank.around(at, this.mapper.floor));
  }

  /** A route from the current pose to a place or a map point on the current floor. */
  plan(target: PlanarPoint, floor = this.mapper.floor ?? 0, opts: PlanOptions = {}): PlanResult {
    const at = this.planar();
    if (!at) return { status: 'unreachable', reason: 'the robot has not been localised yet', expansions: 0 };
    if (floor !== this.mapper.floor)
      return { status: 'unreachable', reason: `the target is on floor ${floor}, the robot on floor ${this.mapper.floor}`, expansions: 0 };
    return this.planner.plan(at, target, floor, opts);
  }

  /** The map of a floor with its places, the trail, the robot (when on that floor) and an optional route. */
  render(opts: FloorRenderOptions = {}): RenderedMap {
    const floor = opts.floor ?? this.mapper.floor ?? 0;
    return renderFloor(this.map, floor, this.mapper.floor, this.planar(), this.places.list(), this.trail(floor), opts);
  }

  /** Tracks a frame reached by `motion` (`blocked`: the body collided) and maps it when its pose is trusted. */
  private ingest(frame: BodyFrame, motion: CommandedMotion, blocked: boolean): void {
    this.frames++;
    this.loopRebuild.stepFrame();
    const est = this.poseSource.estimate(frame, this.motionCheck?.odometry(motion, blocked));
    this.statusNow = est.status;
    rebaseAtClosure(est, this.worldLog, this.motionCheck);
    const reanchors = this.anchoring.reanchors;
    const anchored = this.anchoring.apply(est);
    const late = this.anchoring.takeLate(),
      reanchored = this.anchoring.reanchors !== reanchors;
    const checked = late
      ? this.saved.join(late, motion, blocked, this.lastPose, this.frames)
      : this.motionCheck
        ? this.motionCheck.apply(anchored, motion, blocked, { reanchored, closed: est.loopClosed })
        : { pose: anchored, plausible: true };
    const pose = est.loopClosed && checked.pose && this.lastPose ? holdHeight(checked.pose, this.lastPose, [this.anchoring, this.motionCheck]) : checked.pose;
    this.poseNow = pose;
    if (!pose) return; // lost or initialising: no pose, no map write (paper 001 §3.2)
    this.lastPose = pose;
    if (est.pose) this.worldLog.note(frame.timestamp, est.mapId, est.pose, pose);
    if (est.loopClosed) this.followClosure(est.mapId, null);
    if (!checked.plausible) return; // the pose is dead-reckoned over an impossible tracked motion: not mapped
    this.saved.observe({ intrinsics: this.body.intrinsics, depth: frame.depth }, pose); // a join under judgement
    const step = this.mapper.integrateFrame({ intrinsics: this.body.intrinsics, depth: frame.depth }, pose);
    this.worldLog.mapped(frame.timestamp);
    if (step.floor !== null && step.drift) {
      // the height held over a floor's stretch off that floor's: vertical drift, removed from here on
      // (and from that stretch's keyframes, as a house memory saves them)
      this.raiseWorld(-step.drift, step.driftFrames ?? 1);
    }
    if (step.floor === null) return; // between floors: nothing is written
    if (!step.ok) {
      this.mapErrors.push(step.error); // a pose the mapper rejects leaves the map untouched
      return;
    }
    if (!est.keyframe) this.loopRebuild.keepFrame(frame.depth, frame.timestamp, est.mapId, step.floor, pose, step.transit);
    else if (this.loopRebuild.keep(frame.depth, frame.timestamp, est.mapId, step.floor, pose, est.pose ?? null, step.transit))
      this.followClosure(est.mapId, step.floor);
    const p = planarPose(NAVIGATOR_FRAME, pose);
    (this.trails[step.floor] ??= []).push({ x: p.x, z: p.z });
    (this.trailTimes[step.floor] ??= []).push(frame.timestamp);
  }

  /**
   * The pose source closed a loop in map `mapId`: its keyframes' corrected poses go to the re-integration,
   * and the places, views and trail points recorded in this run move by the correction of the keyframe
   * made last before them. `due`: no closure, but floor `due` is to be rebuilt from its keyframes' current
   * poses (the tracker's bundle adjustment refines them after the frame that made them).
   */
  private followClosure(mapId: number, due: number | null): void {
    this.loopRebuild.timed(() => {
      const poses = this.poseSource.keyframePoses?.() ?? [];
      const move = this.loopRebuild.closed(
        mapId,
        poses,
        (id, t) => this.worldLog.worldOf(mapId, id, t),
        due,
        (t, dh) => this.worldLog.hold(mapId, t, dh),
      );
      const { places, placeTimes, viewBank, archive, trails, trailTimes } = this;
      if (move) moveRecords(move, { places, placeTimes, views: [viewBank, archive], trails, trailTimes });
    });
  }

  private bank(frame: BodyFrame): void {
    const pose = this.planar();
    if (pose && this.mapper.floor !== null && this.statusNow === 'ok') bankView(frame, pose, this.mapper.floor, [this.viewBank, this.archive]);
  }
}
