/**
 * What the navigator gives the pose source besides the frames (`--motion-prior`). `none` is the
 * papers' setting: ORB-SLAM3 in RGB-D mode gets frames only and predicts each pose with its own
 * constant-velocity model, and nothing checks its motion. `odometry` hands the tracker the body's
 * odometry reading (the commanded sub-motion, what the wheels would say) as its prediction, and the
 * motion check (motion-check.ts) replaces tracked motion that the odometry makes impossible.
 */
import { MOTION_PRIORS, type MotionPrior } from './choices.js';

export { MOTION_PRIORS, type MotionPrior };
