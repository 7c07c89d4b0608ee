/**
 * Episode datasets as the entry points see them: generated for procedural houses, or read from a
 * JSON file and validated. The data and generators are the simulator's; this is where the layers
 * above reach them.
 */
export {
  describeIssues,
  generateDataset,
  parseEpisodeJson,
  type DatasetOptions,
  type EpisodeDataset,
  type GoatEpisode,
  type GoatGoal,
  type InstructionEpisode,
} from '../sim/index.js';
