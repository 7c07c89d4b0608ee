/** The public surface of src/world/: what the layers above it use. */
export type { AgentGoal } from './agent-goal.js';
export { type EpisodeWorld, openEpisodeWorld } from './episode-world.js';
export { describeIssues, generateDataset, type InstructionEpisode, parseEpisodeJson } from './episodes.js';
export { DATASET_NAME, exportHabitatHouse, type HabitatExportOptions } from './habitat-export.js';
export { type GoatGoal, planGoatSequence, type StartPose, taskStart } from './goat-plan.js';
// the preset names only (browser-safe); the presets themselves are in node.ts with the dataset loaders
export { type Preset, PRESETS } from './datasets/presets.js';
export { type HouseRef, HouseRefSchema, HouseSeedSchema, HouseSpecSchema, houseSpecText, HouseSpecTextSchema } from './house-spec.js';
export { POSE_SOURCES } from './pose-sources.js';
export { renderHouseView } from './render-view.js';
export { World, type WorldOptions } from './world.js';
