/** The public surface of src/perception/: what the layers above it use. */
export { ViewEncoder } from './encoder.js';
export { GroundTruthPoseSource } from './ground-truth-pose-source.js';
export type { KeyframePose, KeyframeStamp, MapAdjustment, PoseEstimate, PoseSource, RgbdFrame, TrackingStatus } from './pose-source.js';
export { SlamPoseSource } from './slam-pose-source.js';
export { type CameraMotion } from './camera-motion.js';
export {
  Tracker,
  TrackerError,
  type TrackerOptions,
  type LoopSearchStats,
  type RelocStats,
  type OptimizeMapOptions,
  type OptimizeMapResult,
} from './tracker.js';
export type { StageTimes } from './tracker-abi.js';
export { MAP_FILE_VERSION, MAX_MAP_ID, mapFileProblem, type MapFileHeader, type MapKeyframe, readMapFileHeader, readMapKeyframes } from './map-file.js';
export { moveMapWorld } from './map-world.js';
