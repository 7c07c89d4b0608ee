export type { PoseSource, PoseEstimate, RgbdFrame, TrackingStatus } from './pose-source.js';
export { Tracker, TrackerError, TrackerOptionsSchema, type TrackerOptions, type TrackerCounts } from './tracker.js';
export { SlamPoseSource } from './slam-pose-source.js';
export { GroundTruthPoseSource, type TruePoseFn } from './ground-truth-pose-source.js';
export * from './encoder.js';
