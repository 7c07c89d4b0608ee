/**
 * `navharness/sim`: the embedded household simulator: procedural houses, the RGB-D and instance
 * rasteriser (render.wasm), the Recast navmesh, GOAT and instruction episodes and their metrics.
 * Browser-safe; on Node, `navharness/sim` resolves to sim-node.ts, which adds houses from glTF files.
 */
export * from '../sim/index.js';
// poses of a simulated camera (the simulator's y-up world) and their conversion to the navigator's
export { type Mat4, simCameraPose, simPoseToNavigator, type Vec3, yawOfDirection } from '../geometry/index.js';
// what a body returns for each sub-motion, and the frame types of the images
export type { BodyFrame, ExecuteOptions, SubMotion, SubMotionResult } from '../body/index.js';
export type { RgbdImage, RgbImage } from '../image/index.js';
