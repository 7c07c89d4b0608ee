/**
 * `navharness`: the lifelong harness and what it is built from: the orchestrator and session, the
 * agent-facing tools, the model providers, the run workspace and journal, worlds opened from a house
 * spec, and the sequence runners and scores of `navharness run` / `eval`. Importing it loads the
 * model SDKs; the navigation core alone is `navharness/core`, the simulator `navharness/sim`.
 */
export * from '../harness/index.js';
export * from '../tools/index.js';
export * from '../models/index.js';
export { ViewEncoder } from '../perception/index.js';
export { Journal, type Role, Workspace } from '../memory/index.js';
export { type EpisodeWorld, HouseSpecSchema, houseSpecText, HouseSpecTextSchema, openEpisodeWorld, POSE_SOURCES, renderHouseView, World } from '../world/index.js';
export { ate, type FailureClass, failureSummary, metricsOf, type Prices, PricesSchema, rpe, runParallel, type RunMetrics, runSequence, runStartProblems, runVln } from '../eval/index.js';
