/**
 * The demo's robot, free of the DOM: a procedural house, the simulated body, and the Navigator that
 * every other front end drives. Poses come from the RGB-D tracker on the body's frames (`slam`, the
 * default, as in `navharness run`) or from the simulator (`ground-truth`, the ablation of SPEC §2,
 * anchored at the first frame). The true pose is sampled at every frame as well, in the same
 * first-frame world, so the page can draw both trails and the drift between them. An explorer plans
 * with A* to the nearest frontier and drives the route until no reachable frontier is left.
 */
import type { SimBody } from '../src/body/sim-body.js';
import type { BodyFrame } from '../src/body/body.js';
import type { Mat4 } from '../src/geometry/pose.js';
import { NAVIGATOR_FRAME, planarPose, type PlanarPose } from '../src/geometry/frames.js';
import type { PlanarPoint } from '../src/mapping/planner.js';
import { z } from '../src/geometry/zod-mini.js';
import { FrontierFinder } from '../src/mapping/frontier.js';
import { renderMap, type RenderedMap } from '../src/mapping/render-map.js';
import { CoarseActionSchema, COARSE_ACTIONS, SUB_MOTIONS_PER_ACTION, type CoarseAction } from '../src/navigator/actions.js';
import { Navigator } from '../src/navigator/navigator.js';
import { routeActions } from '../src/navigator/route-following.js';
import { GroundTruthPoseSource } from '../src/perception/ground-truth-pose-source.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../src/perception/pose-source.js';
import { SlamPoseSource } from '../src/perception/slam-pose-source.js';
import type { Tracker } from '../src/perception/tracker.js';
import { Navcore } from '../src/wasm/navcore.js';
import { HouseSeedTextSchema } from '../src/world/house-spec.js';
import { createPoseSource, POSE_SOURCES, type PoseSourceKind } from '../src/world/pose-sources.js';
import { openProceduralBody, openSceneBody, type ProceduralBody } from '../src/world/procedural-body.js';
import type { Scene } from '../src/sim/index.js';

export const ACTIONS = COARSE_ACTIONS;
export type Action = CoarseAction;
export const ActionSchema = CoarseActionSchema;
export { SUB_MOTIONS_PER_ACTION };

/** A seed typed into the page or given in the URL, under the one house-seed rule. */
export const SeedSchema = HouseSeedTextSchema;
export const PoseModeSchema = z.enum(POSE_SOURCES);
export type PoseMode = PoseSourceKind;

/** Turns of the explorer's first look around (24 × 15° = a full turn) before it plans. */
const LOOK_AROUND_TURNS = 24;
/** Actions driven along one route before the explorer plans again from where it is. */
const ACTIONS_PER_PLAN = 4;
/** Frontiers the explorer could not reach are skipped within this radius (m). */
const SKIP_RADIUS_M = 0.6;

export interface MapCounts {
  known: number;
  free: number;
  obstacle: number;
  exploredM2: number;
}

export interface SessionState extends MapCounts {
  /** the house seed, or null for a scene opened from a file */
  seed: number | null;
  house: string;
  pose_source: PoseMode;
  /** known cells after the first frame, to see how much the map has grown */
  first_known: number;
  actions: number;
  subMotions: number;
  /** frames the pose source gave a pose for ('ok'); the first look counts as a frame too */
  tracked_frames: number;
  /** frames fed to the pose source (the first look and every sub-motion) */
  frames: number;
  collisions: number;
  /** the estimated pose (the navigator's), null before any */
  pose: PlanarPose | null;
  /** the simulator's pose in the same first-frame world */
  truePose: PlanarPose;
  /** distance between the estimated and the true position, m */
  driftM: number;
  explorer: ExplorerState;
}

export type ExplorerState = 'idle' | 'looking around' | 'to a frontier' | 'mapped';

/**
 * The pose source the navigator is given, wrapped: counts the frames it tracked, and samples the
 * true pose at each frame (the body is at that frame's pose while it is being estimated).
 */
class ObservedPoseSource implements PoseSource {
  readonly name: string;
  /** the tracker, when the source is the SLAM one */
  readonly tracker: Tracker | null;
  tracked = 0;
  frames = 0;
  readonly trueTrail: PlanarPose[] = [];

  constructor(
    private readonly inner: PoseSource,
    private readonly truth: GroundTruthPoseSource,
  ) {
    this.name = inner.name;
    this.tracker = inner instanceof SlamPoseSource ? inner.tracker : null;
  }

  estimate(frame: RgbdFrame, motion?: Mat4): PoseEstimate {
    const e = this.inner.estimate(frame, motion);
    this.frames++;
    if (e.status === 'ok') this.tracked++;
    this.trueTrail.push(planarPose(NAVIGATOR_FRAME, this.truth.estimate(frame).pose!));
    return e;
  }

  reset(): void {
    this.inner.reset();
  }

  dispose(): void {
    this.inner.dispose();
  }
}

export class RobotSession {
  private actionCount = 0;
  private collisionCount = 0;
  private explorerState: ExplorerState = 'idle';
  private lookTurns = 0;
  private readonly unreachable: PlanarPoint[] = [];
  private readonly frontiers: FrontierFinder;
  private readonly firstKnown: number;

  private constructor(
    private readonly opened: ProceduralBody,
    readonly nav: Navigator,
    private readonly observed: ObservedPoseSource,
    readonly poseMode: PoseMode,
  ) {
    this.frontiers = new FrontierFinder(nav.map);
    this.firstKnown = this.counts().known;
  }

  static async create(seed: number, poseMode: PoseMode = 'slam', navcore?: Navcore): Promise<RobotSession> {
    return RobotSession.start(() => openProceduralBody(seed), poseMode, navcore);
  }

  /** The robot in a scene opened from a file (through the scene opener, web/open-scene.ts). */
  static async fromScene(scene: Scene, poseMode: PoseMode = 'slam', navcore?: Navcore): Promise<RobotSession> {
    return RobotSession.start(() => openSceneBody(scene), poseMode, navcore);
  }

  private static async start(open: () => Promise<ProceduralBody>, poseMode: PoseMode, navcore?: Navcore): Promise<RobotSession> {
    const mode = PoseModeSchema.safeParse(poseMode);
    if (!mode.success) throw new Error(`pose source must be one of ${POSE_SOURCES.join(', ')}, got '${String(poseMode)}'`);
    const opened = await open();
    const body = opened.body;
    const truth = new GroundTruthPoseSource(() => body.groundTruthPose());
    const observed = new ObservedPoseSource(await createPoseSource(mode.data, body), truth);
    const nav = await Navigator.create({ body, poseSource: observed, core: navcore ?? (await Navcore.load()) });
    return new RobotSession(opened, nav, observed, mode.data);
  }

  get seed(): number | null {
    return this.opened.seed;
  }

  get house(): string {
    return this.opened.house;
  }

  get body(): SimBody {
    return this.opened.body;
  }

  get frame(): BodyFrame {
    return this.nav.lastView!;
  }

  get floor(): number {
    return this.nav.floor ?? 0;
  }

  /** The estimated trail (the navigator's, on the current floor) and the true one. */
  get trail(): readonly PlanarPoint[] {
    return this.nav.trail(this.floor);
  }

  /** The RGB-D tracker when poses come from it (`slam`), else null. */
  get tracker(): Tracker | null {
    return this.observed.tracker;
  }

  get trueTrail(): readonly PlanarPose[] {
    return this.observed.trueTrail;
  }

  /** Runs one coarse action (five sub-motions, each tracked and mapped); reports whether it collided. */
  async act(action: Action): Promise<{ collided: boolean }> {
    const a = ActionSchema.parse(action);
    const r = await this.nav.act([a], { stopOnCollision: false });
    const collided = r.collisions.length > 0;
    this.actionCount++;
    if (collided) this.collisionCount++;
    return { collided };
  }

  /**
   * One step of the explorer: a full look around first, then A* on the map to the nearest frontier
   * (skipping ones it could not reach) and up to four actions along the route. Returns false once no
   * reachable frontier is left: the house is mapped as far as the robot can drive.
   */
  async exploreStep(): Promise<boolean> {
    if (this.explorerState === 'mapped') return false;
    if (this.lookTurns < LOOK_AROUND_TURNS) {
      this.explorerState = 'looking around';
      this.lookTurns++;
      await this.act('left');
      return true;
    }
    const pose = this.nav.planar();
    if (!pose) {
      // not localised: turning gives the tracker new views
      await this.act('left');
      return true;
    }
    for (;;) {
      const f = this.frontiers.nearest(pose, this.floor, { ignore: this.unreachable, ignoreRadiusM: SKIP_RADIUS_M });
      if (!f) {
        this.explorerState = 'mapped';
        return false;
      }
      const plan = this.nav.plan(f.point, this.floor);
      const actions = plan.status === 'ok' ? routeActions(plan.path, pose, { maxActions: ACTIONS_PER_PLAN }) : [];
      if (actions.length === 0) {
        this.unreachable.push(f.point);
        continue;
      }
      this.explorerState = 'to a frontier';
      for (const a of actions) {
        const { collided } = await this.act(a);
        if (collided) {
          // the map did not show what the body ran into: leave this frontier for later ones
          this.unreachable.push(f.point);
          break;
        }
      }
      return true;
    }
  }

  counts(): MapCounts {
    const c = this.nav.map.counts(this.floor);
    return { ...c, exploredM2: this.nav.map.exploredArea(this.floor) };
  }

  state(): SessionState {
    const pose = this.nav.planar();
    const truePose = this.observed.trueTrail[this.observed.trueTrail.length - 1];
    return {
      seed: this.seed,
      house: this.house,
      pose_source: this.poseMode,
      first_known: this.firstKnown,
      actions: this.actionCount,
      subMotions: this.body.subMotions,
      tracked_frames: this.observed.tracked,
      frames: this.observed.frames,
      collisions: this.collisionCount,
      pose,
      truePose,
      driftM: pose ? Math.hypot(pose.x - truePose.x, pose.z - truePose.z) : 0,
      explorer: this.explorerState,
      ...this.counts(),
    };
  }

  /** The map with the estimated trail (the map's trail colour) and the true trail as a route line. */
  renderMap(maxPixels: number): RenderedMap {
    const pose = this.nav.planar() ?? undefined;
    const start = this.observed.trueTrail[0];
    return renderMap(this.nav.map, this.floor, {
      zoom: 12,
      maxPixels,
      pose,
      trail: [...this.trail],
      route: this.observed.trueTrail.map((p) => ({ x: p.x, z: p.z })),
      markers: [{ name: 'start', x: start.x, z: start.z }],
    });
  }

  /** Frees the WebAssembly memory held outside the garbage collector's reach (tracker, Recast's navmesh). */
  dispose(): void {
    this.nav.poseSource.dispose();
    this.opened.dispose();
  }
}
