/**
 * The estimated and the true camera trajectory of one task, kept as TUM trajectories for
 * `navharness ate` (evaluation only: nothing here reaches the navigator or the agent). It watches the
 * body's frames through the true-trajectory decorator: the true pose is read when a frame is made, the
 * navigator's estimate for that frame when the next frame arrives (the navigator has tracked it by
 * then) or when the task ends. Both are camera-to-world poses in the navigator's convention; their
 * worlds differ (the tracker's map and the simulator's), which the ATE's alignment removes.
 */
import type { BodyFrame, SimBody, TumPose } from '../body/index.js';
import type { Navigator } from '../navigator/index.js';

export class TaskTrajectoryRecorder {
  readonly estimated: TumPose[] = [];
  readonly truth: TumPose[] = [];
  private pending: number | null = null;

  constructor(
    private readonly navigator: Navigator,
    private readonly sim: SimBody,
  ) {}

  /** Called with every frame the body makes. */
  readonly frame = (f: BodyFrame): void => {
    this.flush();
    // a look without moving (observe) repeats the clock: the later pose of that instant is kept
    put(this.truth, { time: f.timestamp, pose: this.sim.groundTruthPose() });
    this.pending = f.timestamp;
  };

  /** Notes the navigator's estimate for the last frame (nothing while tracking is lost). */
  flush(): void {
    if (this.pending === null) return;
    const p = this.navigator.poseMatrix();
    if (p) put(this.estimated, { time: this.pending, pose: p.slice() });
    this.pending = null;
  }
}

function put(list: TumPose[], p: TumPose): void {
  const last = list[list.length - 1];
  if (last && last.time === p.time) list[list.length - 1] = p;
  else list.push(p);
}
