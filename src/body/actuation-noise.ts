/**
 * Actuation noise of the simulated body: how far the body's executed motion is from the commanded one.
 * The body's odometry (what the navigator is told it did) stays the commanded motion; only the truth
 * moves. Two sources: a plain per-sub-motion Gaussian (tests, benches), and habitat-sim's noisy
 * actuation for a LoCoBot base, the model embodied-navigation papers use for a real robot's base.
 */
import { Rng } from '../sim/index.js';
import type { SubMotion } from './body.js';

import { ACTUATION_NOISE_MODELS, type ActuationNoiseModel } from './choices.js';

export { ACTUATION_NOISE_MODELS, type ActuationNoiseModel };

/**
 * A sub-motion's error in the body's own frame before the motion: extra travel along the heading
 * (m), travel to the right (m), and extra heading change (rad, positive turns left).
 */
export interface SubMotionError {
  forward: number;
  lateral: number;
  yaw: number;
}

/**
 * The most one sub-motion's executed motion departs from the commanded one: what the base's
 * specification tells the navigator about its odometry (never a draw). Translation in m (beyond the
 * commanded travel, any direction), heading in degrees.
 */
export interface OdometryErrorBound {
  translationM: number;
  yawDeg: number;
}

export interface ActuationNoise {
  /** the error of the next sub-motion `motion` */
  draw(motion: SubMotion): SubMotionError;
  /** the largest error a sub-motion gets (3σ where a model does not truncate) */
  bound(): OdometryErrorBound;
  /** the body was placed anew (episode start, relocation): a motion under way is over */
  restart(): void;
}

/** Independent Gaussian errors per sub-motion (the heading of a forward gets a fifth of the turn σ). */
export class GaussianActuationNoise implements ActuationNoise {
  private readonly rng: Rng;

  constructor(private readonly p: { seed: number | string; forwardSigma: number; turnSigmaDeg: number }) {
    this.rng = new Rng(p.seed);
  }

  draw(motion: SubMotion): SubMotionError {
    const g = this.rng.gaussian();
    if (motion === 'forward') return { forward: this.p.forwardSigma * g, lateral: 0, yaw: ((this.p.turnSigmaDeg * 0.2 * Math.PI) / 180) * this.rng.gaussian() };
    return { forward: 0, lateral: 0, yaw: (motion === 'left' ? 1 : -1) * ((this.p.turnSigmaDeg * Math.PI) / 180) * g };
  }

  bound(): OdometryErrorBound {
    return { translationM: 3 * this.p.forwardSigma, yawDeg: 3 * this.p.turnSigmaDeg };
  }

  restart(): void {}
}

/** A truncated normal's mean and variance (habitat-sim gives variances, its `cov` diagonal). */
interface Normal {
  mean: number;
  variance: number;
}
interface MotionNoise {
  /** along the motion and to its right, m */
  linear: [Normal, Normal];
  /** about the up axis, rad, in the direction of the motion's turn (a forward's counts as left) */
  rotation: Normal;
}

/**
 * habitat-sim's `pyrobot_noise_models["LoCoBot"].ILQR` (habitat_sim/agent/controls/pyrobot_noisy_controls.py,
 * parameters contributed from PyRobot, https://github.com/facebookresearch/pyrobot; habitat-sim's default
 * robot and controller, noise_multiplier 1). Each list there is a diagonal covariance: the standard
 * deviation is its square root. Every sample is truncated to ±3σ, and the travel of a forward and the
 * turn of a turn further to no less than 5 % of the commanded amount (the base always moves a little).
 */
const LOCOBOT_ILQR: { forward: MotionNoise; turn: MotionNoise } = {
  forward: {
    linear: [
      { mean: 0.014, variance: 0.006 },
      { mean: 0.009, variance: 0.005 },
    ],
    rotation: { mean: 0.008, variance: 0.004 },
  },
  turn: {
    linear: [
      { mean: 0.003, variance: 0.002 },
      { mean: 0.003, variance: 0.003 },
    ],
    rotation: { mean: 0.023, variance: 0.012 },
  },
};

/**
 * habitat-sim's noisy actuation, drawn once per coarse action (habitat's action: forward 0.25 m or a
 * turn, here 15°) and spread evenly over the action's sub-motions, as the base executes one action as
 * one controlled motion. A run of `perAction` sub-motions of one kind is an action; a change of kind or
 * a restart begins a new one.
 */
export class HabitatActuationNoise implements ActuationNoise {
  private readonly rng: Rng;
  private current: { motion: SubMotion; left: number; share: SubMotionError } | null = null;

  constructor(
    seed: number | string,
    private readonly action: { perAction: number; forwardM: number; turnRad: number },
  ) {
    this.rng = new Rng(seed);
  }

  draw(motion: SubMotion): SubMotionError {
    if (!this.current || this.current.motion !== motion || this.current.left === 0) {
      const e = this.actionError(motion);
      const n = this.action.perAction;
      this.current = { motion, left: n, share: { forward: e.forward / n, lateral: e.lateral / n, yaw: e.yaw / n } };
    }
    this.current.left--;
    return this.current.share;
  }

  restart(): void {
    this.current = null;
  }

  /**
   * Each error is truncated at 3σ from its mean and spread over the action's sub-motions, so a
   * sub-motion's error is at most (|mean| + 3σ) / perAction; the larger of the two motion kinds.
   */
  bound(): OdometryErrorBound {
    const most = (n: Normal): number => (Math.abs(n.mean) + 3 * Math.sqrt(n.variance)) / this.action.perAction;
    const kinds = [LOCOBOT_ILQR.forward, LOCOBOT_ILQR.turn];
    return {
      translationM: Math.max(...kinds.map((k) => Math.hypot(most(k.linear[0]), most(k.linear[1])))),
      yawDeg: (Math.max(...kinds.map((k) => most(k.rotation))) * 180) / Math.PI,
    };
  }

  /** One action's error, as `_noisy_action_impl` draws it. */
  private actionError(motion: SubMotion): SubMotionError {
    const model = motion === 'forward' ? LOCOBOT_ILQR.forward : LOCOBOT_ILQR.turn;
    const forward = this.truncated(model.linear[0], motion === 'forward' ? -0.95 * this.action.forwardM : -Infinity);
    const lateral = this.truncated(model.linear[1], -Infinity);
    const turn = this.truncated(model.rotation, motion === 'forward' ? -Infinity : -0.95 * this.action.turnRad);
    // habitat multiplies the rotation error by the sign of the commanded turn (a forward's is +: left)
    return { forward, lateral, yaw: motion === 'right' ? -turn : turn };
  }

  /** A normal sample kept within ±3σ of the mean and not below `low` (rejection; the bounds keep most draws). */
  private truncated(n: Normal, low: number): number {
    const sd = Math.sqrt(n.variance);
    const lo = Math.max(-3, (low - n.mean) / sd);
    for (;;) {
      const z = this.rng.gaussian();
      if (z >= lo && z <= 3) return n.mean + sd * z;
    }
  }
}
