/**
 * The body's true path, for evaluation only (path length for SPL, the trajectory file, VLN-CE's
 * nDTW). A `Body` decorator: the navigator drives it like the simulated body it wraps, and after each
 * sub-motion it notes the simulator's true position. Nothing recorded here reaches the navigator or a
 * session.
 */
import type { Body, BodyFrame, ExecuteOptions, SubMotion, SubMotionResult, SimBody } from '../body/index.js';
import type { Vec3 } from '../geometry/index.js';
import { SUB_MOTIONS_PER_ACTION } from '../navigator/index.js';
import type { StartPose } from '../sim/index.js';

/**
 * When a point is recorded. 'moved': after any sub-motion that changed the position (the GOAT runs'
 * trajectory files). 'forward': after every forward sub-motion, blocked ones included, as VLN-CE logs
 * a position per step; nDTW counts repeated points, so the instruction benchmark keeps this log.
 */
export type TrajectorySampling = 'moved' | 'forward' | 'action';
// 'action': after each whole forward coarse action (its last sub-motion) and where the environment
// ended the episode: VLN-CE's log of one position per 0.25 m action, for the benchmarks' nDTW and
// path length (a sub-motion log is five times denser and inflates DTW about fivefold).

export class TrueTrajectoryBody implements Body {
  readonly points: Vec3[];
  private forwardSubMotions = 0;
  /** evaluation's watcher of every frame the body makes, with the true floor position then */
  onFrame: ((frame: BodyFrame, position: Vec3) => void) | null = null;

  constructor(
    readonly sim: SimBody,
    private readonly sampling: TrajectorySampling = 'moved',
  ) {
    const p = sim.simPose.position;
    this.points = [[p[0], p[1], p[2]]];
  }

  get intrinsics() {
    return this.sim.intrinsics;
  }

  get cameraHeight() {
    return this.sim.cameraHeight;
  }

  async observe(): Promise<BodyFrame> {
    const f = await this.sim.observe();
    this.onFrame?.(f, this.sim.simPose.position);
    return f;
  }

  async execute(m: SubMotion, opts?: ExecuteOptions): Promise<SubMotionResult> {
    const r = await this.sim.execute(m, opts);
    const p = this.sim.simPose.position;
    const last = this.points[this.points.length - 1];
    const moved = p[0] !== last[0] || p[1] !== last[1] || p[2] !== last[2];
    if (this.sampling === 'action') {
      // the navigator runs every coarse action as SUB_MOTIONS_PER_ACTION equal sub-motions
      if (m === 'forward') this.forwardSubMotions++;
      if ((m === 'forward' && this.forwardSubMotions % SUB_MOTIONS_PER_ACTION === 0) || (r.terminated && moved)) this.points.push([p[0], p[1], p[2]]);
    } else if (this.sampling === 'forward' ? m === 'forward' : moved) this.points.push([p[0], p[1], p[2]]);
    this.onFrame?.(r.frame, p);
    return r;
  }

  /**
   * The environment moves the body (a relocation between tasks): the new position starts a fresh
   * point, so that a task's `lengthSince(mark)` taken after it never counts the jump as walked.
   */
  teleport(p: StartPose): void {
    this.sim.teleport(p);
    const q = this.sim.simPose.position;
    this.points.push([q[0], q[1], q[2]]);
  }

  /** Index of the latest point: pass it to `lengthSince` and `points.slice` at a task's start. */
  get mark(): number {
    return this.points.length - 1;
  }

  /** Length walked (horizontal and vertical) since point index `from`. */
  lengthSince(from: number): number {
    let s = 0;
    for (let i = Math.max(1, from + 1); i < this.points.length; i++) {
      const a = this.points[i - 1];
      const b = this.points[i];
      s += Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    }
    return s;
  }
}
