/** The public surface of src/eval/: what the layers above it use. */
export { alignPoints, alignRigid, type Alignment, type AlignmentResult } from './align.js';
export { associateByTime } from './associate.js';
export { FAILURE_CLASSES, failureSummary, type FailureClass } from './failures.js';
export { inputCost, outputCost, type Prices, PricesSchema } from './cost.js';
export { goalReached } from './goat.js';
export { ate, type AteOptions, type AteResult, rpe, type RpeOptions, type RpeResult } from './metrics.js';
export { HouseRangeSchema, runParallel } from './parallel.js';
export { failureClassOf, metricsOf, taskRow, type RunMetrics, RunMetricsSchema, type TaskRow, type TaskUsage, TaskUsageSchema, usagePath } from './run-metrics.js';
export { type RunOptions, runSequence } from './run-sequence.js';
export { deploy, type DeployOptions, type DeploySummary, runDirName } from './deploy.js';
export { type DeploymentMetrics, DeploymentMetricsSchema, type DeployRunRow } from './deploy-metrics.js';
export { estimatedTumPath, replayIndexPath, ReplayIndexSchema, type ReplayIndex, replayMapPath, type ReplayStep, replayViewsPath, trueTumPath } from './replay-files.js';
export { runStartProblems } from './run-start.js';
export { loadTumImages, runSlamOnImages } from './run-slam.js';
export { errorStats, type ErrorStats, median } from './stats.js';
export { formatTumTrajectory, parseTumTrajectory, readTumTrajectory, type TumPose, writeTumTrajectory } from './tum-trajectory.js';
export { writeRunOutputs } from './vln-report.js';
export { type AgentSource, runVln } from './vln-run.js';
