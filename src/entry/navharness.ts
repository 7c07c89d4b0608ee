/**
 * `navharness`: the lifelong harness and what it is built from: the orchestrator and session, the
 * agent-facing tools, the model providers, the run workspace and journal, worlds opened from a house
 * spec, and the sequence runners and scores of `navharness run` / `eval`. Importing it loads the
 * model SDKs when a model backend sends its first request (they are optional dependencies); the
 * navigation core alone is `navharness/core`, the simulator `navharness/sim`.
 *
 * The robot API of docs/body.md: a `Body` (the simulated `SimBody`, a recorded `ReplayBody`, or your
 * robot's adapter) and a pose source drive a `Navigator`.
 */
export {
  type Body,
  type BodyFrame,
  type ExecuteOptions,
  type Recording,
  ReplayBody,
  SimBody,
  SUB_MOTION_DEGREES,
  SUB_MOTION_METRES,
  type SubMotion,
  type SubMotionResult,
} from '../body/index.js';
export { openTumRecording, type TumRecordingOptions, TumRecordingOptionsSchema } from '../body/node.js';
export {
  COARSE_ACTIONS,
  type CoarseAction,
  FORWARD_M,
  Navigator,
  type NavigatorMemory,
  type SavedPoseMap,
  SUB_MOTIONS_PER_ACTION,
  TURN_DEG,
} from '../navigator/index.js';
export { GroundTruthPoseSource } from '../perception/index.js';
export * from '../harness/index.js';
export * from '../tools/index.js';
export * from '../models/index.js';
export { ViewEncoder } from '../perception/index.js';
export { Journal, type Role, Workspace } from '../memory/index.js';
export {
  type EpisodeWorld,
  HouseSpecSchema,
  houseSpecText,
  HouseSpecTextSchema,
  openEpisodeWorld,
  openProceduralBody,
  POSE_SOURCES,
  type ProceduralBody,
  renderHouseView,
  World,
} from '../world/index.js';
export {
  ate,
  type FailureClass,
  failureSummary,
  metricsOf,
  type Prices,
  PricesSchema,
  rpe,
  runParallel,
  type RunMetrics,
  runSequence,
  runStartProblems,
  runVln,
} from '../eval/index.js';
