/**
 * Kinematic plausibility of the tracker's motion. The navigator knows what it commanded: a
 * sub-motion moves the body at most 0.05 m forward or turns it 3° in place (SPEC §1). A tracked
 * increment far outside that (the visual tracker can report `ok` while sliding 0.3 m during a
 * turn in place) is not a measurement of the body's motion but a tracking failure that stays in
 * every later pose. Such a frame gets the commanded motion instead (dead reckoning over that one
 * frame), and the correction is carried on to the following poses (as re-anchoring does after a
 * loss, SPEC §2); the caller does not map the frame. Plausible increments pass through untouched.
 * Likewise a fresh tracker map, which re-anchoring places at the last trusted pose as if the body had
 * stood still while tracking was lost, is moved on by the motion commanded during the loss.
 */
import { NAVIGATOR_FRAME, planarPose, type PlanarPose, identity, multiply, type Mat4, pointAhead, wrapAngle } from '../geometry/index.js';
import { SUB_MOTION_DEGREES, SUB_MOTION_METRES, type SubMotion } from '../body/index.js';

/** What the body was told to do before the frame: a sub-motion, or nothing (observe). */
export type CommandedMotion = SubMotion | 'still';

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
}

const RAD = Math.PI / 180;

/**
 * Rigid motion of the ground plane as a world transform (NAVIGATOR_FRAME: rotation about the up axis,
 * horizontal translation) that takes planar pose `from` to planar pose `to`.
 */
function planarCorrection(from: PlanarPose, to: PlanarPose): Mat4 {
  const t = wrapAngle(to.yaw - from.yaw);
  const c = Math.cos(t), s = Math.sin(t);
  // [c 0 −s; 0 1 0; s 0 c] turns yaw by +t in NAVIGATOR_FRAME (a left turn increases yaw)
  const tx = to.x - (c * from.x - s * from.z);
  const tz = to.z - (s * from.x + c * from.z);
  return new Float64Array([c, 0, -s, tx, 0, 1, 0, 0, s, 0, c, tz, 0, 0, 0, 1]);
}

export class MotionCheck {
  private readonly tolT: number;
  private readonly tolYaw: number;
  private correction: Mat4 = identity();
  private hasCorrection = false;
  private prevRaw: PlanarPose | null = null;
  private prevOut: PlanarPose | null = null;
  private paused = false;
  /** the last output pose advanced by the motion commanded while there was no pose (a loss) */
  private deadReckoned: PlanarPose | null = null;
  /** frames whose tracked motion was implausible and was replaced by the commanded one */
  rejected = 0;

  constructor(opts: MotionCheckOptions = {}) {
    this.tolT = opts.translationTolM ?? 0.08;
    this.tolYaw = (opts.yawTolDeg ?? 2) * RAD;
  }

  /**
   * The pose to use for a frame whose tracked (anchored) pose is `pose`, reached by `motion`
   * (`blocked`: the body reported a collision, so a forward moved less than commanded, possibly
   * nothing). `plausible` is false when the tracked motion was replaced. `reanchored`: the pose is the
   * first of a fresh tracker map, placed at the last trusted pose; it is moved on by the motion
   * commanded during the loss.
   */
  apply(pose: Mat4 | null, motion: CommandedMotion, blocked = false, opts: { reanchored?: boolean } = {}): { pose: Mat4 | null; plausible: boolean } {
    const cmdYaw = motion === 'left' ? SUB_MOTION_DEGREES * RAD : motion === 'right' ? -SUB_MOTION_DEGREES * RAD : 0;
    const cmdDist = motion === 'forward' ? SUB_MOTION_METRES : 0;
    const advance = (p: PlanarPose): PlanarPose => ({ ...pointAhead(p, p.yaw, blocked ? 0 : cmdDist), yaw: wrapAngle(p.yaw + cmdYaw) });
    if (!pose) {
      // no pose (lost): the next tracked motion is not judged, but the commanded one is remembered
      this.prevRaw = null;
      const from = this.deadReckoned ?? this.prevOut;
      if (from && !this.paused) this.deadReckoned = advance(from);
      return { pose: null, plausible: true };
    }
    const raw = planarPose(NAVIGATOR_FRAME, pose);
    const prevRaw = this.prevRaw, prevOut = this.prevOut, deadReckoned = this.deadReckoned;
    this.prevRaw = raw;
    this.deadReckoned = null;
    // A fresh tracker map re-anchored at the last trusted pose assumes the body stood still while
    // tracking was lost (SPEC §2); the body did what it was commanded meanwhile.
    const reanchorGuess = opts.reanchored && deadReckoned && !this.paused;
    const implausible = (): boolean => {
      if (!prevRaw || !prevOut || this.paused) return false;
      const moved = Math.hypot(raw.x - prevRaw.x, raw.z - prevRaw.z);
      const turned = wrapAngle(raw.yaw - prevRaw.yaw);
      return moved > cmdDist + this.tolT || Math.abs(wrapAngle(turned - cmdYaw)) > this.tolYaw;
    };
    if (reanchorGuess || implausible()) {
      const expected = advance(reanchorGuess ? deadReckoned : prevOut!);
      this.correction = planarCorrection(raw, expected);
      this.hasCorrection = true;
      this.rejected++;
      const out = multiply(this.correction, pose);
      this.prevOut = planarPose(NAVIGATOR_FRAME, out);
      return { pose: out, plausible: false };
    }
    const out = this.hasCorrection ? multiply(this.correction, pose) : pose;
    this.prevOut = this.hasCorrection ? planarPose(NAVIGATOR_FRAME, out) : raw;
    return { pose: out, plausible: true };
  }

  /**
   * While paused every tracked motion is accepted: the environment has moved the body (a controlled
   * relocation), so the commanded motion says nothing about where the tracker may find it.
   */
  pause(on: boolean): void {
    this.paused = on;
  }

  /** `pose` with the correction carried so far (what `apply` would make of it), without judging it. */
  corrected(pose: Mat4): Mat4 {
    return this.hasCorrection ? multiply(this.correction, pose) : pose;
  }

  /**
   * Starts afresh in another world (a late relocalisation): the correction and the previous poses
   * belong to the world left; the next pose is taken as it comes. The rejection count stays.
   */
  restart(): void {
    const rejected = this.rejected;
    this.reset();
    this.rejected = rejected;
  }

  reset(): void {
    this.deadReckoned = null;
    this.correction = identity();
    this.hasCorrection = false;
    this.prevRaw = null;
    this.prevOut = null;
    this.rejected = 0;
  }
}
