/**
 * The navigator's light surface: the choices a command line or a configuration file names, with no
 * code behind them, so that a command's flag table reads them without loading the navigator.
 */

/**
 * What the navigator gives the pose source besides the frames (`--motion-prior`; motion-prior.ts
 * says what each does).
 */
export const MOTION_PRIORS = ['none', 'odometry'] as const;
export type MotionPrior = (typeof MOTION_PRIORS)[number];
/**
 * The prior of a world or run that names none: frames only, the papers' setting (ORB-SLAM3 in RGB-D
 * mode). Houses 0..9 and 30..39 with the keyframe adjustment's sideways term: 0.90 / 0.672 and
 * 0.92 / 0.697, no task lost to tracking (docs/offline-agent.md); `odometry` stays selectable.
 */
export const DEFAULT_MOTION_PRIOR: MotionPrior = 'none';
