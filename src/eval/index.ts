export * from './goat.js';
export * from './cost.js';
export * from './accuracy.js';
export * from './run-metrics.js';
export { ate, rpe, type AteResult, type RpeResult } from './metrics.js';
export { alignRigid, symmetricEigen } from './align.js';
export { associateByTime, type Association } from './associate.js';
export { formatTumTrajectory, writeTumTrajectory, parseTumTrajectory, readTumTrajectory, type TumPose } from './tum-trajectory.js';
export { median } from './stats.js';
