/**
 * The part of src/sim/ that reads scenes from bytes, free of Node modules: what the scene opener
 * (src/world/scene-opener.ts) needs, for the command line (with node.ts's reader) and for the
 * browser demo, which loads it lazily when the user opens a scene (it brings @gltf-transform).
 */
export { emptyGltfReport, type GltfReport, gltfJson, loadGltfScene } from './gltf-read.js';
export {
  type HabitatSceneOptions,
  type HabitatStage,
  navMeshPathWith,
  readStageWith,
  type SceneReader,
  type StageConfig,
  type StageDefaults,
  type StagePlacement,
} from './habitat/stage-read.js';
export type { DatasetScene } from './habitat/stage-read.js';
export type { SemanticInstance } from './habitat/semantic.js';
export { posixDirname, posixResolve, type SceneFiles } from './scene-files.js';
export type { DecodedTexture, TextureDecoder } from './texture.js';
