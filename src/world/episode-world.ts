/**
 * One instruction episode's world: the house, the simulated body at the episode start, the
 * navigator over it, and the true trajectory (a position per forward sub-motion, as VLN-CE logs it)
 * for the evaluator. Nothing the trajectory records reaches an agent.
 */
import { SimBody } from '../body/index.js';
import { NAVIGATOR_FRAME, planarPoint, simPointToNavigator, transformPoint, type Vec3 } from '../geometry/index.js';
import { Navigator } from '../navigator/index.js';
import { GroundTruthPoseSource } from '../perception/index.js';
import { type CameraConfig, type InstructionEpisode, SceneNavMesh, type Scene, type StartPose } from '../sim/index.js';
import { openHouse } from './open-scene.js';
import { TrueTrajectoryBody, type TrajectorySampling } from './true-trajectory.js';

export interface EpisodeWorld {
  scene: Scene;
  navmesh: SceneNavMesh;
  sim: SimBody;
  navigator: Navigator;
  /** true positions, start first (evaluator only) */
  trajectory(): readonly Vec3[];
  /** a sim point on the navigator's map (its world is the first true camera pose's); null before a frame was posed */
  onMap(p: Vec3): { x: number; z: number } | null;
  /** the environment moves the body (the next instruction of a tour); the trajectory starts a fresh point there */
  teleport(start: StartPose): void;
  dispose(): void;
}

/**
 * `scene`: the episode's scene when it is already open (a benchmark scene); else `ep.house` is loaded.
 * `sampling`: the true trajectory's log (default 'forward'; the benchmarks' runs use 'action').
 * `given.navmesh`: the scene's navmesh held by the caller (a benchmark's), shared by the episodes of the
 * scene and left alone by `dispose`; default: built here for the simulator's agent and destroyed by
 * `dispose`. `given.camera`: the body's camera (a benchmark preset's); default the papers' setting.
 */
export async function openEpisodeWorld(
  ep: InstructionEpisode,
  scene?: Scene,
  sampling: TrajectorySampling = 'forward',
  given: { navmesh?: SceneNavMesh; camera?: Partial<CameraConfig> } = {},
): Promise<EpisodeWorld> {
  scene ??= await openHouse(ep.house);
  const lent = given.navmesh;
  const navmesh = lent ?? (await SceneNavMesh.build(scene));
  const sim = await SimBody.create(scene, { navmesh, camera: given.camera }, { position: ep.start.position, yaw: ep.start.yaw });
  const body = new TrueTrajectoryBody(sim, sampling);
  // Ground-truth poses (the papers' ablation setting for the instruction benchmark), for the map and
  // the scripted agents' perception only: the VLN tool context never states a pose to an agent.
  const poseSource = new GroundTruthPoseSource(() => sim.groundTruthPose());
  const navigator = await Navigator.create({ body, poseSource });
  return {
    scene,
    navmesh,
    sim,
    navigator,
    trajectory: () => body.points,
    teleport: (start) => body.teleport(start),
    onMap(p) {
      const first = poseSource.exportMap();
      if (!first) return null;
      return planarPoint(NAVIGATOR_FRAME, transformPoint(new Float64Array(first.slice().buffer), simPointToNavigator(p)));
    },
    dispose() {
      poseSource.dispose();
      sim.renderer.dispose();
      if (!lent) navmesh.destroy();
    },
  };
}
