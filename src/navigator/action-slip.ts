/**
 * How far the base's current action departs from its command, as the tracker measured it: for noisy
 * odometry only (a base that declares an odometry error, actuation-noise.ts). A base executes one
 * action (SUB_MOTIONS_PER_ACTION sub-motions of one kind) as one controlled motion, so its error
 * persists through the action: habitat's LoCoBot model draws one error per action and spreads it over
 * the action's sub-motions, up to 4° per 3° sub-motion. When a frame's tracked motion is refused (a
 * bundle adjustment or a loss moved the tracker's pose), the command alone dropped that departure
 * and froze it into every later pose (house 0 of houses 0..9 under habitat noise: three frames of a
 * turn that overshot by 4° each were replaced by the bare 3°, 12° of heading lost in a third of a
 * second); the departure measured earlier in the same action is carried instead. With exact odometry
 * (no declared error) nothing is carried and the command stands, as before.
 */
import { type PlanarPose, wrapAngle } from '../geometry/index.js';
import { SUB_MOTIONS_PER_ACTION } from './actions.js';
import type { CommandedMotion } from './commanded-motion.js';

/** A sub-motion's command: the turn (rad) and the travel taken as done (m). */
export interface Command {
  yaw: number;
  travel: number;
}

export class ActionSlip {
  private kind: CommandedMotion | null = null;
  /** sub-motions of `kind` in a row so far (the action is this over SUB_MOTIONS_PER_ACTION) */
  private run = 0;
  private departure: { action: number; yaw: number; travel: number } | null = null;

  /** `yawBound` (rad) and `travelBound` (m): the base's odometry error per sub-motion; zero: exact odometry */
  constructor(
    private readonly yawBound: number,
    private readonly travelBound: number,
  ) {}

  /** the next frame's sub-motion: counts it into its action (call once per frame, before the others) */
  next(motion: CommandedMotion, blocked: boolean): void {
    // a blocked forward is cut short: the base's motion ends there, and with it the action's error
    if (motion !== this.kind || blocked) {
      this.kind = blocked ? null : motion;
      this.run = 0;
      this.departure = null;
    } else this.run++;
  }

  /** a tracked increment from `from` to `to` accepted for this frame, under command `cmd` */
  measured(from: PlanarPose, to: PlanarPose, cmd: Command): void {
    if (this.yawBound <= 0 || this.kind === null || this.kind === 'still') return;
    const along = -(to.x - from.x) * Math.sin(from.yaw) + (to.z - from.z) * Math.cos(from.yaw);
    const clamp = (v: number, b: number) => Math.max(-b, Math.min(b, v));
    this.departure = {
      action: this.action(),
      yaw: clamp(wrapAngle(to.yaw - from.yaw - cmd.yaw), this.yawBound),
      travel: clamp(along - cmd.travel, this.travelBound),
    };
  }

  /** `cmd` with the departure measured earlier in the same action (none from another action) */
  carried(cmd: Command): Command {
    const d = this.departure;
    if (!d || d.action !== this.action()) return cmd;
    return { yaw: cmd.yaw + d.yaw, travel: Math.max(0, cmd.travel + d.travel) };
  }

  reset(): void {
    this.kind = null;
    this.run = 0;
    this.departure = null;
  }

  private action(): number {
    return Math.floor(this.run / SUB_MOTIONS_PER_ACTION);
  }
}
