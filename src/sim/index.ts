export * from './scene.js';
export * from './random.js';
export * from './builder.js';
export * from './navmesh.js';
export { generateHouse, generateHouseDetailed, type GeneratedHouse } from './house/generate.js';
export { Renderer, copyFrame, type Frame, type NoiseConfig } from './render/renderer.js';
export * from './render/camera.js';
export * from './episodes/index.js';
export * from './metrics/index.js';
