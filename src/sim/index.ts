/** The public surface of src/sim/: what the layers above it use. */
export { generateDataset, type DatasetOptions } from './episodes/dataset.js';
export { generateGoatEpisodes, type GoatOptions } from './episodes/goat.js';
export {
  describeIssues,
  type EpisodeDataset,
  type GoatEpisode,
  type GoatGoal,
  type HouseRef,
  HouseRefSchema,
  HouseSeedSchema,
  type InstructionEpisode,
  MAX_HOUSE_SEED,
  parseEpisodeJson,
  type Pose2,
} from './episodes/schema.js';
export { generateHouse } from './house/generate.js';
export { distanceToFootprint, type Footprint, goalSuccess, shortestToGoal } from './metrics/goat.js';
export { spl } from './metrics/spl.js';
export type { DistanceOracle } from './metrics/types.js';
export { scoreVlnEpisode, type VlnScores } from './metrics/vln.js';
export type { DtwMethod } from './metrics/ndtw.js';
export { type AgentShape, DEFAULT_AGENT, dist2d, initRecast, type NavPoint, recastConfig, SceneNavMesh } from './navmesh.js';
export { clearNavMeshCache, type NavMeshLayout } from './navmesh-build.js';
export { Rng } from './random.js';
export { type CameraConfig, cameraConfig } from './render/camera.js';
export { copyFrame, type Frame, type NoiseConfig, Renderer } from './render/renderer.js';
export { floorAt, objectById, type Scene, type SceneObject, type StartPose, TRI_FLOATS } from './scene.js';
