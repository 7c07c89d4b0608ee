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
  /** joins the navigator refuted as look-alike places so far, each with its error against the truth (null: not measured) */
  readonly refused?: readonly { errorM: number | null }[];
  /** true when the start turn's join was one of them */
  readonly startRefused?: boolean;
  /** after a refusal the run maps a world of its own again (the refuted one, continued): its G, taken at the refusal */
  readonly ownWorldToTruth?: Mat4 | null;
}

export class LateJoinWatch implements LateJoinMeasure {
  private previousTruth: Mat4 | null = null;
  errorM: number | null = null;
  camera: LateJoinMeasure['camera'] = null;
  readonly refused: { errorM: number | null }[] = [];
  startRefused = false;
  ownWorldToTruth: Mat4 | null = null;
  private done: boolean;
  /** the join the navigator stands on: the start turn's, a late one, or none */
  private joined: 'start' | 'late' | null;

  constructor(
    private readonly navigator: Navigator,
    private readonly truthNow: () => Mat4,
    /** G of the saved world; null: the error cannot be measured */
    readonly savedWorldToTruth: Mat4 | null,
    /** false when no late join is awaited (the start turn relocalised, or no map was loaded) */
    armed: boolean,
    /** the start turn's join error when it relocalised (the join may be refuted later) */
    private readonly startErrorM: number | null = null,
  ) {
    this.done = !armed;
    this.joined = armed ? null : 'start';
  }

  readonly frame = (): void => {
    if (this.navigator.state.joinRefusals > this.refused.length) this.refusal();
    if (!this.done && this.navigator.lateRelocalisedAt !== null) {
      this.done = true;
      this.joined = 'late';
      const est = this.navigator.poseMatrix();
      const truth = this.previousTruth;
      if (est && truth) this.camera = { estimated: [est[3], est[7], est[11]], truth: [truth[3], truth[7], truth[11]] };
      if (est && truth && this.savedWorldToTruth) this.errorM = poseErrorM(this.savedWorldToTruth, est, truth);
    }
    this.previousTruth = this.truthNow();
  };

  /** The join the navigator stood on was refuted: its error is kept, and a new late join is awaited. */
  private refusal(): void {
    this.refused.push({ errorM: this.joined === 'late' ? this.errorM : this.joined === 'start' ? this.startErrorM : null });
    if (this.joined === 'start') this.startRefused = true;
    // the navigator's world goes on from the refuted place: its G from the refusing frame's two poses
    const est = this.navigator.poseMatrix();
    this.ownWorldToTruth = est && this.previousTruth ? worldToTruth(est, this.previousTruth) : null;
    this.joined = null;
    this.done = false;
    this.errorM = null;
    this.camera = null;
  }
}
