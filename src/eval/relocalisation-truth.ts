/**
 * How far from the truth a run was put when it relocalised in a house memory's saved map (evaluation
 * only: nothing here reaches the navigator, the agent or a session).
 *
 * A navigator's world is tied to the simulator's by one rigid transform G (world → truth, both in the
 * navigator's camera convention), taken from one frame's estimated and true pose where that world is
 * new: the first frame of a deployment's first run, or the first frame after a start turn that did not
 * relocalise (the run then maps a world of its own, which is what the memory keeps). A run that
 * relocalises moves into the saved world, whose G an earlier run noted; the error of its join is the
 * distance between the relocalised camera pose carried by that G and the true camera pose of the same
 * frame. Drift of the saved map at the place of the join counts in it, as it should: that is where the
 * saved grids and places put things.
 */
import { invert, type Mat4, multiply } from '../geometry/index.js';
import type { Navigator } from '../navigator/index.js';

/** The rigid transform from the estimated world to the truth, given one frame's two camera poses. */
export const worldToTruth = (estimated: Mat4, truth: Mat4): Mat4 => multiply(truth, invert(estimated));

/** Distance (metres, 3-D) between the estimated camera position carried into the truth by `g` and the true one. */
export function poseErrorM(g: Mat4, estimated: Mat4, truth: Mat4): number {
  const p = multiply(g, estimated);
  return Math.hypot(p[3] - truth[3], p[7] - truth[7], p[11] - truth[11]);
}

/**
 * Watches the frames of a run whose start turn did not relocalise and measures the late join's error.
 * `frame()` is called as each new frame is made (before the navigator tracks it): the navigator's pose
 * then is the previous frame's, so the true pose is kept one frame back.
 */
/** What evaluation measured of a late join. */
export interface LateJoinMeasure {
  /** the join's error (null before, or when the saved world's G or a pose was unknown) */
  readonly errorM: number | null;
  /** G of the saved world */
  readonly savedWorldToTruth: Mat4 | null;
  /** the joining frame's camera position, estimated (saved world) and true (null before, or unknown) */
  readonly camera: { estimated: [number, number, number]; truth: [number, number, number] } | null;
}

export class LateJoinWatch implements LateJoinMeasure {
  private previousTruth: Mat4 | null = null;
  errorM: number | null = null;
  camera: LateJoinMeasure['camera'] = null;
  private done: boolean;

  constructor(
    private readonly navigator: Navigator,
    private readonly truthNow: () => Mat4,
    /** G of the saved world; null: the error cannot be measured */
    readonly savedWorldToTruth: Mat4 | null,
    /** false when nothing is to be watched (the start turn relocalised, or no map was loaded) */
    armed: boolean,
  ) {
    this.done = !armed;
  }

  readonly frame = (): void => {
    if (this.done) return;
    if (this.navigator.lateRelocalisedAt !== null) {
      this.done = true;
      const est = this.navigator.poseMatrix();
      const truth = this.previousTruth;
      if (est && truth) this.camera = { estimated: [est[3], est[7], est[11]], truth: [truth[3], truth[7], truth[11]] };
      if (est && truth && this.savedWorldToTruth) this.errorM = poseErrorM(this.savedWorldToTruth, est, truth);
      return;
    }
    this.previousTruth = this.truthNow();
  };
}
