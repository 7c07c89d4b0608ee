/** Benchmark episode datasets (Node only: the loaders read files; reached through src/world/node.ts). */
export { habitatHeading, habitatPosition, quaternionOfYaw, rotateByQuaternion, type HabitatQuaternion } from './habitat-frame.js';
export { readJsonFile } from './read-json.js';
export { GOAT_MAX_DESCRIPTION_WORDS, goatBenchFiles, loadGoatBenchFile, loadGoatBenchSplit } from './goat-bench.js';
export { loadR2rSplit, loadRxrSplit, RXR_ROLES, type RxrRole } from './vlnce.js';
export { loadIr2rTours } from './ir2r.js';
export { type BenchmarkSplit, openBenchmarkPath, openBenchmarkSplit } from './open.js';
export { type DatasetInspection, inspectSplit } from './inspect.js';
export * from './types.js';
export { type AppliedPreset, applyPreset, BENCHMARK_PRESETS, type Preset, PRESETS, projectSetting, type SensorActionSetting, settingsOf } from './presets.js';
export {
  benchmarkAgent,
  defaultSceneResolver,
  MissingSceneError,
  missingSceneFiles,
  navmeshPolicy,
  type OpenedScene,
  sceneDownloadHint,
  sceneHouseRef,
  type SceneResolver,
  semanticInstanceIdOf,
} from './scenes.js';
export { goatEpisodeOf, type InstanceIdOf, instanceIdOf, instructionEpisodeOf } from './to-project.js';
export { CATEGORY_SYNONYMS, categoryAgreement, checkGoalIds, type GoalIdCheck, semanticTxtOf } from './goal-categories.js';
export { checkSplitGoalIds, type SemanticCheck } from './inspect.js';
