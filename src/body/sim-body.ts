/**
 * The simulated body: a cylinder (radius 0.18 m, height 0.88 m) on the scene's navmesh, moved by Detour
 * moveAlongSurface so that a blocked forward motion slides along the obstacle, its height following the
 * navmesh (stairs, ramps). Every sub-motion renders one frame. The ground-truth pose is exposed for the
 * GroundTruthPoseSource ablation and for evaluation only.
 */
import { type Mat4, type Vec3, simCameraPose, simPoseToNavigator, type Intrinsics, wrapAngle } from '../geometry/index.js';
import {
  copyFrame,
  Renderer,
  type Frame,
  type NoiseConfig,
  type CameraConfig,
  SceneNavMesh,
  dist2d,
  type NavPoint,
  type Scene,
  type StartPose,
} from '../sim/index.js';
import {
  FRAME_PERIOD_S,
  SUB_MOTION_DEGREES,
  SUB_MOTION_METRES,
  type Body,
  type BodyFrame,
  type ExecuteOptions,
  type SubMotion,
  type SubMotionResult,
} from './body.js';
import type { ActuationNoise } from './actuation-noise.js';

export interface SimBodyOptions {
  camera?: Partial<CameraConfig>;
  sensorNoise?: NoiseConfig;
  /** errors of the executed motion against the commanded one (none: the body does what it is told) */
  actuationNoise?: ActuationNoise;
  /** ends the task after this many sub-motions (the environment's step budget), unlimited by default */
  maxSubMotions?: number;
  /** shares an already built renderer / navmesh (several bodies in one scene) */
  renderer?: Renderer;
  navmesh?: SceneNavMesh;
}

export class SimBody implements Body {
  private at: NavPoint;
  private heading: number;
  private clock = 0;
  private motions = 0;
  private ended: string | null = null;

  private constructor(
    readonly scene: Scene,
    readonly renderer: Renderer,
    readonly navmesh: SceneNavMesh,
    start: StartPose,
    private readonly opts: SimBodyOptions,
  ) {
    const snapped = navmesh.snap(start.position, 1.0);
    if (!snapped) throw new Error(`start position ${start.position.map((x) => x.toFixed(2)).join(', ')} is not on the navmesh of '${scene.name}'`);
    this.at = snapped;
    this.heading = start.yaw;
  }

  static async create(scene: Scene, opts: SimBodyOptions = {}, start: StartPose = scene.start): Promise<SimBody> {
    const renderer = opts.renderer ?? (await Renderer.create(scene, opts.camera, opts.sensorNoise));
    const navmesh = opts.navmesh ?? (await SceneNavMesh.build(scene));
    return new SimBody(scene, renderer, navmesh, start, opts);
  }

  get intrinsics(): Intrinsics {
    return this.renderer.intrinsics;
  }

  get cameraHeight(): number {
    return this.renderer.camera.cameraHeight;
  }

  /** Floor point and heading in the sim frame (evaluation only). */
  get simPose(): { position: Vec3; yaw: number } {
    return { position: this.at.point, yaw: this.heading };
  }

  get terminated(): boolean {
    return this.ended !== null;
  }

  get terminationReason(): string | null {
    return this.ended;
  }

  get subMotions(): number {
    return this.motions;
  }

  /** Camera-to-world pose in the sim frame (OpenCV camera axes). */
  simCameraPose(): Mat4 {
    return simCameraPose(this.at.point, this.heading, this.cameraHeight);
  }

  /** Ground-truth camera-to-world pose in the navigator's convention (ablation and evaluation only). */
  groundTruthPose(): Mat4 {
    return simPoseToNavigator(this.simCameraPose());
  }

  /** The environment ends the task (budget exhausted, episode over). */
  terminate(reason: string): void {
    this.ended ??= reason;
  }

  /** Places the body (episode start, controlled relocation). */
  teleport(p: StartPose): void {
    const s = this.navmesh.snap(p.position, 1.0);
    if (!s) throw new Error(`teleport target ${p.position.map((x) => x.toFixed(2)).join(', ')} is not on the navmesh`);
    this.at = s;
    this.heading = p.yaw;
    this.opts.actuationNoise?.restart();
    this.ended = null;
    this.motions = 0;
  }

  /** The current view: an owned copy, or (transient) the renderer's buffers until its next render. */
  private frame(transient = false): BodyFrame {
    const r = this.renderer.render(this.simCameraPose());
    const f: Frame = transient ? r : copyFrame(r);
    return { ...f, timestamp: this.clock };
  }

  async observe(): Promise<BodyFrame> {
    return this.frame();
  }

  async execute(motion: SubMotion, opts: ExecuteOptions = {}): Promise<SubMotionResult> {
    const transient = opts.transient === true;
    if (this.ended) return { frame: this.frame(transient), collided: false, terminated: true, transient };
    const e = this.opts.actuationNoise?.draw(motion) ?? { forward: 0, lateral: 0, yaw: 0 };
    let collided = false;
    // the motion's translation first, then its turn (as habitat-sim's noisy actuation applies them)
    const along = (motion === 'forward' ? SUB_MOTION_METRES : 0) + e.forward;
    if (along !== 0 || e.lateral !== 0) {
      const fx = -Math.sin(this.heading),
        fz = -Math.cos(this.heading);
      // the body's right in the sim frame (y up, −z ahead at heading 0)
      const rx = Math.cos(this.heading),
        rz = -Math.sin(this.heading);
      const p = this.at.point;
      const target: Vec3 = [p[0] + fx * along + rx * e.lateral, p[1], p[2] + fz * along + rz * e.lateral];
      const next = this.navmesh.moveAlong(this.at, target);
      // only a forward collides: a turn's slip against a wall just does not happen
      if (motion === 'forward') collided = dist2d(next.point, p) < Math.hypot(along, e.lateral) - 1e-3;
      this.at = next;
    }
    const turn = motion === 'left' ? SUB_MOTION_DEGREES : motion === 'right' ? -SUB_MOTION_DEGREES : 0;
    this.heading += (turn * Math.PI) / 180 + e.yaw;
    this.heading = wrapAngle(this.heading);
    this.clock = Math.round((this.clock + FRAME_PERIOD_S) * 1e6) / 1e6;
    this.motions++;
    if (this.opts.maxSubMotions !== undefined && this.motions >= this.opts.maxSubMotions) this.terminate('sub-motion budget exhausted');
    return { frame: this.frame(transient), collided, terminated: this.ended !== null, transient };
  }
}
