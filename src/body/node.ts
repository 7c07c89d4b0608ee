/**
 * The Node-only part of src/body/: recorded RGB-D sequences (TUM folders) read from the file system.
 * Kept out of index.ts so that the browser demo, which imports the body layer, never loads node:fs.
 */
export { checkFrameSize, parseTumTrajectory, poseAt, readRgbd, readTumFrames, readTumTrajectory, TUM_FR3_INTRINSICS } from './tum.js';
export { openTumRecording, type TumRecordingOptions, TumRecordingOptionsSchema } from './tum-replay.js';
