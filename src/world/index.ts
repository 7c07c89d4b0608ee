/** The public surface of src/world/: what the layers above it use. */
export { type AgentGoal, instructionGoal } from './agent-goal.js';
export { type EpisodeWorld, openEpisodeWorld } from './episode-world.js';
export { describeIssues, generateDataset, type InstructionEpisode, parseEpisodeJson } from './episodes.js';
export { DATASET_NAME, exportHabitatHouse, type HabitatExportOptions } from './habitat-export.js';
export { type GoatGoal, planGoatSequence, type StartPose, taskStart } from './goat-plan.js';
// the preset names only (browser-safe); the presets themselves are in node.ts with the dataset loaders
export { type Preset, PRESETS } from './datasets/presets.js';
export { type HouseRef, HouseRefSchema, HouseSeedSchema, HouseSpecSchema, houseSpecText, HouseSpecTextSchema } from './house-spec.js';
export { POSE_SOURCES } from './pose-sources.js';
export { openProceduralBody, type ProceduralBody } from './procedural-body.js';
export { renderHouseView } from './render-view.js';
export { World, type WorldOptions } from './world.js';
export {
  ACCEPTED_SCENES,
  openHouseScene,
  type OpenedHouseScene,
  openSceneNavMesh,
  SceneError,
  type SceneKind,
  type SceneNavSource,
  sceneDefaults,
  type SceneOpenOptions,
} from './open-scene.js';
export { type BuiltNavMeshInspection, inspectNavMeshFile, inspectScene, type NavMeshInspection, type SceneInspection } from './inspect-scene.js';
