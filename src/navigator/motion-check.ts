/**
 * Kinematic plausibility of the tracker's motion. The navigator knows what it commanded: a
 * sub-motion moves the body at most 0.05 m forward or turns it 3° in place (paper 001 §3.2). A tracked
 * increment far outside that (the visual tracker can report `ok` while sliding 0.3 m during a
 * turn in place) is not a measurement of the body's motion but a tracking failure that stays in
 * every later pose. Such a frame gets the commanded motion instead (dead reckoning over that one
 * frame), and the correction is carried on to the following poses (as re-anchoring does after a
 * loss, paper 001 §3.2); the caller does not map the frame. Plausible increments pass through untouched.
 * Likewise a fresh tracker map, which re-anchoring places at the last trusted pose as if the body had
 * stood still while tracking was lost, is moved on by the motion commanded during the loss.
 */
import {
  cameraHeightOf,
  levelPose,
  NAVIGATOR_FRAME,
  planarPose,
  raisePose,
  type PlanarPose,
  identity,
  multiply,
  type Mat4,
  pointAhead,
  wrapAngle,
} from '../geometry/index.js';
import { type OdometryErrorBound, SUB_MOTION_DEGREES, SUB_MOTION_METRES } from '../body/index.js';
import { SUB_MOTIONS_PER_ACTION } from './actions.js';
import { commandedCameraMotion, type CommandedMotion } from './commanded-motion.js';
import { ActionSlip } from './action-slip.js';
import { DEFAULT_MOTION_PRIOR, type MotionPrior } from './choices.js';

export type { CommandedMotion };

/**
 * Default tolerances: about five times the tracker's ordinary per-frame error on the simulator
 * (≈1.5 cm, ≈0.3°), so that only outliers are replaced. A tighter 3 cm replaced ~6% of the frames and
 * froze the tracker's momentary error into every later pose; at 8 cm it is ~1% (bench mapquality).
 */
export interface MotionCheckOptions {
  /** metres of translation allowed beyond the commanded motion, per frame (default 0.08) */
  translationTolM?: number;
  /** degrees of heading change allowed beyond the commanded turn, per frame (default 2) */
  yawTolDeg?: number;
  /**
   * how far the body's executed sub-motion may be from the commanded one (its base's odometry error,
   * from the base's specification; default none: the body does what it is told). Added to both
   * tolerances: a tracked motion the body may have made is a measurement, and replacing it by the
   * command would freeze the actuation error into every later pose. A loss's dead reckoning gets
   * the same error, summed over the actions of the loss.
   */
  odometryError?: OdometryErrorBound;
  /** the motion prior (default `none`: frames only): either way tracked motion is judged against the odometry; `odometry()` feeds only `odometry` */
  prior?: MotionPrior;
}
const RAD = Math.PI / 180;

/**
 * Height change beyond the tracker's tolerance that a short loss may hide, m: a stair riser (≤ 0.2 m)
 * mounted in one sub-motion. A larger jump is the tracker placing the body elsewhere, not a step.
 */
const RISER_M = 0.2;
/** a flight's steepest rise per metre of travel (0.18 m per 0.28 m going, with margin) */
const MAX_SLOPE = 0.8;
/**
 * Dead reckoning through a loss drifts by this share of the commanded travel (the body slips at
 * collisions): a pose the tracker recovers beyond it is a relocalisation in the wrong place.
 */
const LOSS_DRIFT = 0.25;
/** losses longer than this (frames) leave the recovered pose unjudged: dead reckoning is too old */
const MAX_JUDGED_LOSS = 60;
/**
 * A move back into the world's own tracker map (`switchInto`) is a relocalisation a few centimetres to
 * decimetres off (docs/deployment.md) on top of what the poses drifted while away from that map; a
 * look-alike place is metres away, or on another floor.
 */
const SWITCH_TOL_M = 0.5;
const SWITCH_TOL_YAW = 20 * RAD;
/**
 * drift of the poses while away from the world's map (a fresh map, or the world's map at a refused place
 * with its correction), per metre of commanded travel: the tracker's own drift (run 1 of seed:1, ~0.5 m
 * over ~50 m) with margin. 0.1 let a 4 m look-alike through after ~40 m away (seed:3 run 4).
 */
const AWAY_DRIFT = 0.03;

/**
 * What `motion` commanded: the turn (rad), the commanded travel (m) and the travel taken as done
 * (none when `blocked`: a forward stopped by a collision moved an unknown amount, possibly nothing).
 */
function commanded(motion: CommandedMotion, blocked: boolean): { yaw: number; dist: number; travel: number } {
  const yaw = motion === 'left' ? SUB_MOTION_DEGREES * RAD : motion === 'right' ? -SUB_MOTION_DEGREES * RAD : 0;
  const dist = motion === 'forward' ? SUB_MOTION_METRES : 0;
  return { yaw, dist, travel: blocked ? 0 : dist };
}

/** Planar pose `p` moved on by a commanded motion (dead reckoning over one frame). */
function advanced(p: PlanarPose, cmd: { yaw: number; travel: number }): PlanarPose {
  return { ...pointAhead(p, p.yaw, cmd.travel), yaw: wrapAngle(p.yaw + cmd.yaw) };
}

/**
 * Rigid motion of the ground plane as a world transform (NAVIGATOR_FRAME: rotation about the up axis,
 * horizontal translation) that takes planar pose `from` to planar pose `to`.
 */
function planarCorrection(from: PlanarPose, to: PlanarPose): Mat4 {
  const t = wrapAngle(to.yaw - from.yaw);
  const c = Math.cos(t),
    s = Math.sin(t);
  // [c 0 −s; 0 1 0; s 0 c] turns yaw by +t in NAVIGATOR_FRAME (a left turn increases yaw)
  const tx = to.x - (c * from.x - s * from.z);
  const tz = to.z - (s * from.x + c * from.z);
  return new Float64Array([c, 0, -s, tx, 0, 1, 0, 0, s, 0, c, tz, 0, 0, 0, 1]);
}

export class MotionCheck {
  private readonly tolT: number;
  private readonly tolYaw: number;
  /** the odometry's error bound per sub-motion, m */
  private readonly odoT: number;
  /** whether `odometry()` feeds the pose source (the `odometry` prior) */
  private readonly feedsTracker: boolean;
  private correction: Mat4 = identity();
  private hasCorrection = false;
  private prevRaw: PlanarPose | null = null;
  private prevOut: PlanarPose | null = null;
  private paused = false;
  /** the last output pose advanced by the motion commanded while there was no pose (a loss) */
  private deadReckoned: PlanarPose | null = null;
  /** frames and commanded travel (m) since the last pose, while lost */
  private lost = { frames: 0, travel: 0 };
  /** height (up, m) of the previous output pose */
  private prevOutH: number | null = null;
  /** height added to every tracked pose (a vertical jump replaced), m along up */
  private lift = 0;
  /** height (up, m) of the previous tracked pose */
  private prevRawH: number | null = null;
  /**
   * Since the tracker left the map the world is built on (a re-anchor): how far (m) the poses may have
   * drifted from where a move back into that map puts them, across the ground and in height. Null while
   * in that map.
   */
  private away: { planar: number; rise: number } | null = null;
  /** the correction and height that placed the current fresh tracker map (at its re-anchor) */
  private placed: { correction: Mat4; lift: number } | null = null;
  /** the current action's departure from its command (noisy odometry only: action-slip.ts) */
  private readonly actionSlip: ActionSlip;
  /** frames whose tracked motion was implausible and was replaced by the commanded one */
  rejected = 0;
  /** moves back into the world's map that dead reckoning refuted (a relocalisation at a look-alike place) */
  switchesRejected = 0;

  constructor(opts: MotionCheckOptions = {}) {
    this.odoT = opts.odometryError?.translationM ?? 0;
    this.feedsTracker = (opts.prior ?? DEFAULT_MOTION_PRIOR) === 'odometry';
    this.tolT = (opts.translationTolM ?? 0.08) + this.odoT;
    this.tolYaw = ((opts.yawTolDeg ?? 2) + (opts.odometryError?.yawDeg ?? 0)) * RAD;
    this.actionSlip = new ActionSlip((opts.odometryError?.yawDeg ?? 0) * RAD, this.odoT);
  }

  /**
   * The pose to use for a frame whose tracked (anchored) pose is `pose`, reached by `motion`
   * (`blocked`: the body reported a collision, so a forward moved less than commanded, possibly
   * nothing). `plausible` is false when the tracked motion was replaced. `reanchored`: the pose is the
   * first of a fresh tracker map, placed at the last trusted pose; it is moved on by the motion
   * commanded during the loss. `closed`: the pose source closed a loop at this frame and corrected its
   * map, so the pose jumps to where the correction puts the body; the jump is taken, not judged.
   */
  apply(
    pose: Mat4 | null,
    motion: CommandedMotion,
    blocked = false,
    opts: { reanchored?: boolean; closed?: boolean } = {},
  ): { pose: Mat4 | null; plausible: boolean } {
    const cmd = commanded(motion, blocked);
    const { yaw: cmdYaw, dist: cmdDist, travel } = cmd;
    this.actionSlip.next(motion, blocked);
    // dead reckoning carries what this action has departed from its command so far (noisy odometry)
    const advance = (p: PlanarPose): PlanarPose => advanced(p, this.actionSlip.carried(cmd));
    if (!pose) {
      // no pose (lost): the next tracked motion is not judged frame to frame, but the commanded one is
      // remembered, and the recovered pose is judged against it
      this.prevRaw = null;
      const from = this.deadReckoned ?? this.prevOut;
      this.prevRawH = null;
      if (from && !this.paused) {
        this.deadReckoned = advance(from);
        this.lost = { frames: this.lost.frames + 1, travel: this.lost.travel + travel };
      }
      return { pose: null, plausible: true };
    }
    const raw = planarPose(NAVIGATOR_FRAME, pose);
    const rawH = cameraHeightOf(NAVIGATOR_FRAME, pose);
    const prevRaw = this.prevRaw,
      prevOut = this.prevOut,
      deadReckoned = this.deadReckoned,
      prevOutH = this.prevOutH,
      prevRawH = this.prevRawH;
    const lost = this.lost;
    this.prevRaw = raw;
    this.prevRawH = rawH;
    // a fresh map leaves the world's own one: a later move back into it is judged with what drifted since
    if (opts.reanchored && !this.paused) {
      this.away ??= { planar: 0, rise: 0 };
      this.away.planar += LOSS_DRIFT * lost.travel + this.slip(lost.frames);
      this.away.rise += RISER_M + MAX_SLOPE * lost.travel;
    } else if (this.away) {
      this.away.planar += AWAY_DRIFT * travel;
      this.away.rise += AWAY_DRIFT * travel;
    }
    this.deadReckoned = null;
    this.lost = { frames: 0, travel: 0 };
    // A fresh tracker map re-anchored at the last trusted pose assumes the body stood still while
    // tracking was lost (paper 001 §3.2); the body did what it was commanded meanwhile.
    const reanchorGuess = !!(opts.reanchored && deadReckoned && !this.paused);
    // the same map recovered after a short loss: the tracker relocalised, and a place that looks alike
    // can put the body metres away or on another floor; the body went where it was commanded
    const now = planarPose(NAVIGATOR_FRAME, this.hasCorrection ? multiply(this.correction, pose) : pose);
    const wrongPlace =
      !opts.reanchored &&
      !this.paused &&
      !!deadReckoned &&
      prevOutH !== null &&
      lost.frames <= MAX_JUDGED_LOSS &&
      (Math.hypot(now.x - deadReckoned.x, now.z - deadReckoned.z) > this.tolT + LOSS_DRIFT * lost.travel + this.slip(lost.frames) ||
        Math.abs(rawH + this.lift - prevOutH) > this.tolT + RISER_M + MAX_SLOPE * lost.travel);
    const implausible = (): boolean => {
      if (!prevRaw || !prevOut || this.paused) return false;
      const moved = Math.hypot(raw.x - prevRaw.x, raw.z - prevRaw.z);
      const turned = wrapAngle(raw.yaw - prevRaw.yaw);
      return moved > cmdDist + this.tolT || Math.abs(wrapAngle(turned - cmdYaw)) > this.tolYaw;
    };
    const rejectedFrame = !reanchorGuess && !wrongPlace && !opts.closed && implausible();
    // a frame that jumped across and by more than a riser (a sub-motion mounts at most one) in height
    // too: the tracker put the body elsewhere, on another floor; its height is not the body's either
    const jumpedUp = rejectedFrame && prevRawH !== null && prevOutH !== null && Math.abs(rawH - prevRawH) > this.tolT + RISER_M;
    if (reanchorGuess || wrongPlace || rejectedFrame) {
      const expected = advance(reanchorGuess || wrongPlace ? deadReckoned! : prevOut!);
      this.correction = planarCorrection(raw, expected);
      this.hasCorrection = true;
      // a pose recovered elsewhere, or a frame that jumped in height: the height is held where it was
      if (wrongPlace || jumpedUp) this.lift = prevOutH! - rawH;
      this.rejected++;
    } else if (prevRaw && !opts.closed && !opts.reanchored && !this.paused) this.actionSlip.measured(prevRaw, raw, cmd);
    if (opts.reanchored) this.placed = { correction: this.correction, lift: this.lift };
    return { pose: this.output(pose), plausible: !(reanchorGuess || wrongPlace || rejectedFrame) };
  }

  /**
   * The tracker moved from another map back into the one the navigator's world is built on (the
   * restored map's own anchor gives `pose` in that world), while the navigator was in that world
   * already: after a loss it had continued in a fresh map, placed by dead reckoning. The body did not
   * jump, so the pose must be where the body's commanded motion led: the same frame's pose in the map
   * left (`before`, the tracker's handover, judged as any frame there) or, without it, the pose dead
   * reckoned through the loss; with what may have drifted since the map was left. A pose beyond that is
   * a relocalisation at a look-alike place: it is replaced by the expected one, the correction carried
   * on like any other, and the frame is not mapped. While paused (a controlled relocation) it is taken.
   */
  switchInto(pose: Mat4, motion: CommandedMotion, blocked = false, before: Mat4 | null = null): { pose: Mat4; plausible: boolean } {
    const away = this.away ?? { planar: 0, rise: 0 };
    let expected: PlanarPose | null = null,
      expectedH: number | null = null;
    let tol = SWITCH_TOL_M + away.planar,
      tolH = SWITCH_TOL_M + RISER_M + away.rise;
    if (this.paused) {
      // taken as it comes
    } else if (before) {
      const b = this.apply(before, motion, blocked).pose!;
      expected = planarPose(NAVIGATOR_FRAME, b);
      expectedH = cameraHeightOf(NAVIGATOR_FRAME, b);
    } else if ((this.deadReckoned ?? this.prevOut) && this.prevOutH !== null) {
      // through a loss: dead reckoning on from the last pose, as for a pose recovered in the same map
      const cmd = commanded(motion, blocked);
      expected = advanced(this.deadReckoned ?? this.prevOut!, cmd);
      expectedH = this.prevOutH;
      tol += LOSS_DRIFT * (this.lost.travel + cmd.travel) + this.slip(this.lost.frames + 1);
      tolH += MAX_SLOPE * (this.lost.travel + cmd.travel);
    }
    const raw = planarPose(NAVIGATOR_FRAME, pose);
    const rawH = cameraHeightOf(NAVIGATOR_FRAME, pose);
    const refuted =
      expected !== null &&
      expectedH !== null &&
      (Math.hypot(raw.x - expected.x, raw.z - expected.z) > tol ||
        Math.abs(rawH - expectedH) > tolH ||
        Math.abs(wrapAngle(raw.yaw - expected.yaw)) > SWITCH_TOL_YAW);
    this.deadReckoned = null;
    this.lost = { frames: 0, travel: 0 };
    this.prevRaw = raw;
    this.prevRawH = rawH;
    if (!refuted) {
      // back in the world's own map, where it was expected: its poses need no correction
      this.correction = identity();
      this.hasCorrection = false;
      this.lift = 0;
      this.away = null;
      this.placed = null;
      return { pose: this.output(pose), plausible: true };
    }
    this.correction = planarCorrection(raw, expected!);
    this.hasCorrection = true;
    this.lift = expectedH! - rawH;
    this.rejected++;
    this.switchesRejected++;
    return { pose: this.output(pose), plausible: false };
  }

  /**
   * How far the odometry's errors may carry dead reckoning over `frames` sub-motions: one draw per
   * action, spread over its sub-motions (so up to the bound per sub-motion within an action), the
   * actions' errors independent (they add up as a random walk).
   */
  private slip(frames: number): number {
    return this.odoT * Math.sqrt(SUB_MOTIONS_PER_ACTION * frames);
  }

  /** `pose` with the carried corrections; remembered as the previous output. */
  private output(pose: Mat4): Mat4 {
    const planar = this.hasCorrection ? multiply(this.correction, pose) : pose;
    const out = this.lift !== 0 ? raisePose(NAVIGATOR_FRAME, planar, this.lift) : planar;
    this.prevOut = planarPose(NAVIGATOR_FRAME, out);
    this.prevOutH = cameraHeightOf(NAVIGATOR_FRAME, out);
    return out;
  }

  /**
   * `anchor` (a fresh tracker map's, from re-anchoring) followed by the correction that placed that map
   * (dead reckoning through the loss): where its poses land. Later corrections (a slide) are left out: they
   * hold for the keyframes after them only, as in any map.
   */
  carry(anchor: Mat4): Mat4 {
    if (!this.placed) return anchor;
    const planar = multiply(this.placed.correction, anchor);
    return this.placed.lift !== 0 ? raisePose(NAVIGATOR_FRAME, planar, this.placed.lift) : planar;
  }

  /** A loop closure moved the world of the poses from now on by `d` (across the ground) on top of the correction carried. */
  shift(d: Mat4): void {
    this.correction = multiply(d, this.correction);
    this.hasCorrection = true;
  }

  /**
   * The navigator's world moved by `dh` along up under the tracker (a vertical drift correction):
   * the previous output moves with it, so a recovered height is compared in the same world.
   */
  raise(dh: number): void {
    if (this.prevOutH !== null) this.prevOutH += dh;
    if (this.prevRawH !== null) this.prevRawH += dh;
  }

  /**
   * The camera motion `motion` predicts, as odometry for the pose source (commanded-motion.ts); none
   * under the `none` prior, while paused (the environment moved the body) or after a blocked forward (it
   * moved an unknown way).
   */
  odometry(motion: CommandedMotion, blocked: boolean): Mat4 | undefined {
    return this.paused || !this.feedsTracker ? undefined : commandedCameraMotion(motion, blocked);
  }

  /**
   * While paused every tracked motion is accepted: the environment has moved the body (a controlled
   * relocation), so the commanded motion says nothing about where the tracker may find it.
   */
  pause(on: boolean): void {
    this.paused = on;
  }

  /**
   * Starts afresh in another world (a late relocalisation): the next pose is taken as it comes; the rejection counts stay. `at` (a refused
   * join): the world goes on from it, and the loss and next map after it (anchored at `at`, a frame or more later) are dead reckoned.
   */
  restart(at: Mat4 | null = null): void {
    const { rejected, switchesRejected } = this;
    this.reset();
    this.rejected = rejected;
    this.switchesRejected = switchesRejected;
    if (at) this.deadReckoned = planarPose(NAVIGATOR_FRAME, this.output(at));
  }

  /** Where the commanded `motion` takes the body from the last pose (dead reckoned through a loss); null before any. */
  reckoned(motion: CommandedMotion, blocked: boolean): Mat4 | null {
    const from = this.deadReckoned ?? this.prevOut;
    return from && this.prevOutH !== null ? levelPose(NAVIGATOR_FRAME, advanced(from, commanded(motion, blocked)), this.prevOutH) : null;
  }

  reset(): void {
    this.actionSlip.reset();
    this.away = null;
    this.placed = null;
    this.prevRawH = null;
    this.switchesRejected = 0;
    this.deadReckoned = null;
    this.lost = { frames: 0, travel: 0 };
    this.prevOutH = null;
    this.lift = 0;
    this.correction = identity();
    this.hasCorrection = false;
    this.prevRaw = null;
    this.prevOut = null;
    this.rejected = 0;
  }
}
