/**
 * The Node-only part of src/sim/: houses from glTF files (@gltf-transform and node:fs) and Habitat
 * scenes in and out (stage GLBs with Basis/KTX2 textures through the transcoder, `.navmesh` files,
 * HM3D annotations, the `sim export` dataset). Kept out of index.ts so that the browser demo, which
 * generates its houses, never loads them.
 */
export { loadHouse } from './load-house.js';
export type { DecodedTexture, TextureDecoder } from './texture.js';
export { basisTextureDecoders } from './habitat/basis.js';
export { DATASET_NAME, exportHabitatHouse, type HabitatExportOptions, navMeshSettings } from './habitat/export.js';
export { goatObjectId, instructionVocab, r2rGroundTruth, VLNCE_ACTIONS } from './habitat/episodes-out.js';
export { stageFrameMatrix, worldToZUp, yawQuaternion } from './habitat/frame.js';
export {
  GOAT_AGENT,
  HABITAT_DEFAULT_AGENT,
  type HabitatScene,
  type HabitatSceneOptions,
  loadHabitatScene,
  type NavMeshSource,
  type StageConfig,
  StageConfigSchema,
  type StageDefaults,
  type StagePlacement,
} from './habitat/load-scene.js';
export { type HabitatNavMeshFile, type HabitatNavMeshSettings, parseHabitatNavMesh, writeHabitatNavMesh } from './habitat/navmesh-file.js';
export { parseSemanticTxt, sceneIdsBySemanticId, type SemanticInstance } from './habitat/semantic.js';
export { emptyGltfReport, type GltfReport, loadGltfScene } from './gltf.js';
export {
  decodersFor,
  habitatNavMeshPathOf,
  type HabitatStage,
  navMeshFileAgent,
  NODE_SCENE_READER,
  openHabitatNavMesh,
  readHabitatStage,
  readHabitatStageConfig,
} from './habitat/load-scene.js';
export { type DatasetScene, resolveDatasetScene } from './habitat/scene-dataset.js';
export { type NavMeshGeometry, navMeshGeometry } from './habitat/navmesh-file.js';
export { type BuildConfig, type RecastValues, recastOfBuildConfig, recastOfHabitatSettings } from './habitat/navmesh-settings.js';
