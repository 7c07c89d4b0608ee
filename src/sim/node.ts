/**
 * The Node-only part of src/sim/: houses from files (glTF/GLB through @gltf-transform and node:fs).
 * Kept out of index.ts so that the browser demo, which generates its houses, never loads them.
 */
export { loadHouse } from './load-house.js';
