/**
 * `navharness/core`: the navigation core for embedding (a robot, an edge device, a web page) without
 * the harness: geometry, the occupancy map and floor mapper on navcore.wasm, the planner and frontier
 * search, map pictures, and the RGB-D tracker on tracker.wasm. WebAssembly and TypeScript only: no
 * onnxruntime, no model SDKs, no simulator, and nothing that needs a Node built-in at import time,
 * so the same module loads in a browser. On Node, `navharness/core` resolves to core-node.ts, which
 * adds PNG encoding and TUM RGB-D sequences read from disk.
 */
export { frameProblem, NAVIGATOR_FRAME, planarPoint, planarPose, type PlanarPose, type WorldFrame, Z_UP_FRAME } from '../geometry/index.js';
export { cameraHeightOf, floorUnder, levelPose } from '../geometry/index.js';
export { fromHfov, type Intrinsics, IntrinsicsSchema, maxRayStretch } from '../geometry/index.js';
export { fromQuatTranslation, identity, invert, type Mat4, multiply, poseProblem, toQuat, transformPoint, type Vec3, wrapAngle } from '../geometry/index.js';
export { Navcore, type NavcoreOptions, type WasmSource } from '../wasm/index.js';
export { Cell, FloorMapper, type FloorTrackerOptions, FrontierFinder, type GridSnapshot, LEGEND, type MapParams, OccupancyMap } from '../mapping/index.js';
export { type KeyframeView, type Reintegrated, reintegrateKeyframes } from '../mapping/index.js';
export { type PlanarPoint, Planner, type PlanOptions, type PlanResult, type RenderedMap, renderMap } from '../mapping/index.js';
export {
  type PoseEstimate,
  type PoseSource,
  type RgbdFrame,
  SlamPoseSource,
  Tracker,
  TrackerError,
  type TrackerOptions,
  type TrackingStatus,
} from '../perception/index.js';
export type { RgbaImage, RgbdImage, RgbImage } from '../image/index.js';
export type { TumFrameRef, TumPose } from '../body/index.js';
