/** The public surface of src/eval/: what the layers above it use. */
export { alignPoints, alignRigid, type Alignment, type AlignmentResult } from './align.js';
export { associateByTime } from './associate.js';
export { FAILURE_CLASSES, failureSummary, type FailureClass } from './failures.js';
export { inputCost, outputCost, type Prices, pricesGiven, PricesSchema } from './cost.js';
export { IMAGE_GOAL_SOURCES, type ImageGoalSource, TASK_STARTS, type TaskStart } from './run-choices.js';
export { goalReached } from './goat.js';
export { ate, type AteOptions, type AteResult, rpe, type RpeOptions, type RpeResult } from './metrics.js';
export {
  evalFolder,
  HouseRangeSchema,
  providerErrorsOfRun,
  runInWorker,
  runParallel,
  type SequenceOutcome,
  sequenceOutcome,
  type WorkerHooks,
  writeEvalMetrics,
} from './parallel.js';
export { RunTimer, SPLIT_PARTS, type SplitPart, type TimeSplit } from './time-split.js';
export {
  failureClassOf,
  metricsOf,
  providerErrorLine,
  providerErrorTasks,
  taskRow,
  type RunMetrics,
  RunMetricsSchema,
  type TaskRow,
  TaskRowSchema,
  type TaskUsage,
  UsageSchema,
  TaskUsageSchema,
  usagePath,
} from './run-metrics.js';
export { type RunOptions, runSequence } from './run-sequence.js';
export { deploy, type DeployOptions, type DeploySummary, runDirName } from './deploy.js';
export { type DeploymentMetrics, DeploymentMetricsSchema, type DeployRunRow } from './deploy-metrics.js';
export {
  estimatedTumPath,
  FLOOR_MAP_RE,
  floorMapPath,
  replayIndexPath,
  ReplayIndexSchema,
  type ReplayIndex,
  replayMapPath,
  type ReplayStep,
  replayViewsPath,
  taskMapPath,
  trueTumPath,
} from './replay-files.js';
export { runStartProblems } from './run-start.js';
export { loadTumImages, runSlamOnImages } from './run-slam.js';
export { errorStats, type ErrorStats, median } from './stats.js';
export { formatTumTrajectory, parseTumTrajectory, readTumTrajectory, type TumPose, writeTumTrajectory } from './tum-trajectory.js';
export { writeRunOutputs } from './vln-report.js';
export { type AgentSource, runVln } from './vln-run.js';
export { runVlnTours, type Tour, type TourScores, toursByHouse, type VlnTourMetrics } from './vln-tour.js';
export { type DatasetSource, type GoatBenchRun, loadDatasetEpisodes, runGoatBenchDataset, runVlnceDataset } from './dataset-run.js';
export { type RunSettings, RunSettingsSchema, runSettings, type SettingsInput } from './settings.js';
export {
  BOOTSTRAP,
  bootstrapInterval,
  byPosition,
  CI95_METHOD,
  type PairedDifference,
  pairedDifferences,
  type PositionRow,
  type ScoredTask,
  SCORES,
  scoreIntervals,
} from './uncertainty.js';
export { type LifelongToursMetrics, runLifelongTours, tourDir } from './tours-lifelong.js';
