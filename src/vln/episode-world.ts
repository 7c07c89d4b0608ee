/**
 * One instruction episode's world: the house, the simulated body at the episode start, the
 * navigator over it, and an evaluator that records the body's TRUE positions after every sub-motion.
 * The evaluator sits beside the body, not in it: nothing it records reaches an agent.
 */
import type { Body, BodyFrame, ExecuteOptions, SubMotion, SubMotionResult } from '../body/body.js';
import { SimBody } from '../body/sim-body.js';
import type { Vec3 } from '../geometry/pose.js';
import { Navigator } from '../navigator/navigator.js';
import { GroundTruthPoseSource } from '../perception/ground-truth-pose-source.js';
import type { InstructionEpisode } from '../sim/episodes/schema.js';
import { loadHouse } from '../sim/load-house.js';
import { SceneNavMesh } from '../sim/navmesh.js';
import type { Scene } from '../sim/scene.js';

/** Forwards every call to the sim body and notes where it truly is afterwards (evaluation only). */
class TrajectoryRecorder implements Body {
  readonly trajectory: Vec3[];
  constructor(private readonly sim: SimBody) {
    this.trajectory = [[...sim.simPose.position] as unknown as Vec3];
  }
  get intrinsics() {
    return this.sim.intrinsics;
  }
  get cameraHeight() {
    return this.sim.cameraHeight;
  }
  observe(): Promise<BodyFrame> {
    return this.sim.observe();
  }
  async execute(m: SubMotion, opts?: ExecuteOptions): Promise<SubMotionResult> {
    const r = await this.sim.execute(m, opts);
    if (m === 'forward') this.trajectory.push([...this.sim.simPose.position] as unknown as Vec3);
    return r;
  }
}

export interface EpisodeWorld {
  scene: Scene;
  navmesh: SceneNavMesh;
  sim: SimBody;
  navigator: Navigator;
  /** true positions, start first (evaluator only) */
  trajectory(): readonly Vec3[];
  dispose(): void;
}

export async function openEpisodeWorld(ep: InstructionEpisode): Promise<EpisodeWorld> {
  const scene = await loadHouse(ep.house);
  const navmesh = await SceneNavMesh.build(scene);
  const sim = await SimBody.create(scene, { navmesh }, { position: ep.start.position, yaw: ep.start.yaw });
  const rec = new TrajectoryRecorder(sim);
  // Ground-truth poses (the papers' ablation setting for the instruction benchmark); see the report.
  const poseSource = new GroundTruthPoseSource(() => sim.groundTruthPose());
  const navigator = await Navigator.create({ body: rec, poseSource });
  return {
    scene,
    navmesh,
    sim,
    navigator,
    trajectory: () => rec.trajectory,
    dispose() {
      poseSource.dispose();
      sim.renderer.dispose();
      navmesh.destroy();
    },
  };
}
