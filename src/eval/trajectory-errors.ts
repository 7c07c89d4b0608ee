/**
 * Evaluation's trajectory surface: ATE and RPE of two TUM trajectory files, without the runners.
 * `navharness ate` loads this instead of the layer's index.ts, which starts the simulator, the
 * navigator and the wasm loaders (465 modules, 2.7 MB of JavaScript, for two text files).
 */
export { ate, type AteOptions, type AteResult, rpe, type RpeOptions, type RpeResult } from './metrics.js';
export { readTumTrajectory } from './tum-trajectory.js';
