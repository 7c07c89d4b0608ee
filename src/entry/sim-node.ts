/**
 * `navharness/sim` on Node: the simulator (sim.ts) plus houses loaded from .glb/.gltf files, and
 * Habitat scenes in and out (stages, .navmesh files, HM3D semantics; the `sim export` dataset).
 */
export * from './sim.js';
// a rendered frame as PNG bytes: RGB, 16-bit depth (millimetres by default), instance ids
export { depthPng, encodePng, idsPng, rgbPng } from '../image/node.js';
export {
  exportHabitatHouse,
  GOAT_AGENT,
  type HabitatExportOptions,
  type HabitatNavMeshSettings,
  type HabitatScene,
  type HabitatSceneOptions,
  loadHabitatScene,
  loadHouse,
  parseHabitatNavMesh,
  parseSemanticTxt,
  sceneIdsBySemanticId,
  writeHabitatNavMesh,
} from '../sim/node.js';
