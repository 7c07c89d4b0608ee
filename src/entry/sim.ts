/**
 * `navharness/sim`: the embedded household simulator: procedural houses, the RGB-D and instance
 * rasteriser (render.wasm), the Recast navmesh, GOAT and instruction episodes and their metrics.
 * Browser-safe; on Node, `navharness/sim` resolves to sim-node.ts, which adds houses from glTF files.
 */
export * from '../sim/index.js';
