/**
 * What the navigator gives the pose source besides the frames (`--motion-prior`). `none` is the
 * papers' setting: ORB-SLAM3 in RGB-D mode gets frames only and predicts each pose with its own
 * constant-velocity model. `odometry` hands the tracker the body's odometry reading (the commanded
 * sub-motion, what the wheels would say) as its prediction. Under either, the navigator checks the
 * tracked motion against that reading (motion-check.ts), as a robot can with its wheels: it replaces
 * tracked motion the odometry makes impossible and dead-reckons through a loss. Without that, a loss
 * while turning in place re-anchors the fresh map at the last pose as if the body had not turned
 * (house 3 of houses 0..9: 3.4 s lost turning, then metres of error and a goal reached but not claimed).
 */
import { MOTION_PRIORS, type MotionPrior } from './choices.js';

export { MOTION_PRIORS, type MotionPrior };
