/**
 * The body's true path, for evaluation only (path length for SPL, the trajectory file). It observes
 * the simulated body's sub-motions; nothing recorded here reaches the navigator or a session.
 */
import type { SimBody } from '../body/sim-body.js';
import type { Vec3 } from '../geometry/pose.js';

export class TrajectoryRecorder {
  readonly points: Vec3[] = [];

  constructor(private readonly body: SimBody) {
    this.points.push([body.simPose.position[0], body.simPose.position[1], body.simPose.position[2]]);
    const execute = body.execute.bind(body);
    body.execute = async (m, opts) => {
      const r = await execute(m, opts);
      const p = body.simPose.position;
      const last = this.points[this.points.length - 1];
      if (p[0] !== last[0] || p[1] !== last[1] || p[2] !== last[2]) this.points.push([p[0], p[1], p[2]]);
      return r;
    };
  }

  get mark(): number {
    return this.points.length - 1;
  }

  /** Horizontal-and-vertical length walked since point index `from`. */
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
