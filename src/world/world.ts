/**
 * One live world: a house, the simulated body in it, the pose source and the navigator on top.
 * Shared by the orchestrator, the MCP server and the demos. The simulator's own pose is read here
 * only to build the ground-truth ablation source and for evaluation, never for the navigator.
 */
import { type ActuationNoiseModel, HabitatActuationNoise, SimBody } from '../body/index.js';
import { FORWARD_M, Navigator, SUB_MOTIONS_PER_ACTION, TURN_DEG, type MotionPrior, type NavigatorMemory, type SavedPoseMap } from '../navigator/index.js';
import { Navcore, type NavcoreOptions } from '../wasm/index.js';
import {
  type CameraConfig,
  generateGoatEpisodes,
  type GoatEpisode,
  type GoatGoal,
  type HouseRef,
  SceneNavMesh,
  type Scene,
  type StartPose,
} from '../sim/index.js';
import { openHouse } from './open-scene.js';
import { agentGoalOf, type AgentGoal } from './agent-goal.js';
import { createPoseSource, type PoseSourceKind } from './pose-sources.js';
import { TrueTrajectoryBody, type TrajectorySampling } from './true-trajectory.js';

export interface WorldOptions {
  house: HouseRef;
  /** 'ground-truth' is the papers' ablation; 'slam' the visual tracker */
  poseSource: PoseSourceKind;
  /** the environment's sub-motion budget, if any */
  maxSubMotions?: number;
  /** what the tracker gets besides the frames (motion-prior.ts; default DEFAULT_MOTION_PRIOR, frames only) */
  motionPrior?: MotionPrior;
  /**
   * the simulated body's actuation noise (default none); `seed` makes it the same on every run of one
   * sequence
   */
  actuationNoise?: { model: ActuationNoiseModel; seed: string };
  /** threads for depth-frame mapping (default 'auto': 2 in Node with two or more cores) */
  mapThreads?: NavcoreOptions['threads'];
  /** when the true trajectory notes a point (default 'moved') */
  trajectory?: TrajectorySampling;
  /** the house's scene when it is already open (a benchmark scene from a scene resolver); else `house` is loaded */
  scene?: Scene;
  /**
   * the scene's navmesh when the caller holds it (a benchmark's: its `.navmesh` file or one rebuilt
   * for its agent); borrowed: the caller destroys it, `dispose` leaves it, so the episodes of one
   * scene share it. Default: built here for the simulator's agent and destroyed by `dispose`.
   */
  navmesh?: SceneNavMesh;
  /** the body's camera (a benchmark preset's); default the papers' setting */
  camera?: Partial<CameraConfig>;
}

export class World {
  private disposed = false;

  private constructor(
    readonly house: HouseRef,
    readonly scene: Scene,
    /** the simulated body (ground truth: evaluation and oracles only) */
    readonly body: SimBody,
    /** the body the navigator drives, recording the true path for evaluation */
    readonly trajectory: TrueTrajectoryBody,
    readonly navmesh: SceneNavMesh,
    readonly navigator: Navigator,
    readonly poseSourceKind: PoseSourceKind,
    /** whether `dispose` destroys the navmesh (false when the caller lent it) */
    private readonly ownsNavmesh: boolean,
  ) {}

  /**
   * `memory`: a navigator memory saved earlier in this house (a resumed run) to continue from;
   * with `poseMap` (a house memory's saved map) the navigator relocalises in that map instead.
   */
  static async open(opts: WorldOptions, start?: StartPose, memory?: NavigatorMemory, poseMap?: SavedPoseMap): Promise<World> {
    const scene = opts.scene ?? (await openHouse(opts.house));
    const navmesh = opts.navmesh ?? (await SceneNavMesh.build(scene));
    const actuationNoise =
      opts.actuationNoise?.model === 'habitat'
        ? new HabitatActuationNoise(opts.actuationNoise.seed, { perAction: SUB_MOTIONS_PER_ACTION, forwardM: FORWARD_M, turnRad: (TURN_DEG * Math.PI) / 180 })
        : undefined;
    const body = await SimBody.create(scene, { navmesh, maxSubMotions: opts.maxSubMotions, camera: opts.camera, actuationNoise }, start ?? scene.start);
    const trajectory = new TrueTrajectoryBody(body, opts.trajectory);
    const poseSource = await createPoseSource(opts.poseSource, body);
    const core = await Navcore.load({ threads: opts.mapThreads ?? 'auto' });
    let navigator: Navigator;
    try {
      // the check of tracked motion against the body's odometry stays under either prior (a real base has
      // its wheels' reading; `none` only keeps it from the tracker); it allows the base's odometry error
      // (its specification, not a draw: actuation-noise.ts)
      const motionCheck = { prior: opts.motionPrior, ...(actuationNoise ? { odometryError: actuationNoise.bound() } : {}) };
      navigator = await Navigator.create({ body: trajectory, poseSource, memory, poseMap, core, motionCheck });
    } catch (e) {
      poseSource.dispose();
      body.renderer.dispose();
      void core.dispose();
      if (!opts.navmesh) navmesh.destroy();
      throw e;
    }
    return new World(opts.house, scene, body, trajectory, navmesh, navigator, opts.poseSource, !opts.navmesh);
  }

  /** A GOAT-style sequence for this house, deterministic from `seed`. */
  goatSequence(seed: number, opts: { minGoals?: number; maxGoals?: number } = {}): GoatEpisode {
    return generateGoatEpisodes(this.scene, this.house, this.navmesh, this.body.renderer, 1, seed, opts)[0];
  }

  /** What the agent is told of a goal: the category, the description, or the photograph. */
  agentGoal(goal: GoatGoal): AgentGoal {
    return agentGoalOf(goal, this.body.renderer, this.body.cameraHeight);
  }

  /** Frees the pose source, the renderer, the map's WebAssembly and the navmesh unless it was lent. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.navigator.poseSource.dispose();
    this.body.renderer.dispose();
    void this.navigator.map.core.dispose();
    if (this.ownsNavmesh) this.navmesh.destroy();
  }
}
