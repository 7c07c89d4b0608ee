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
