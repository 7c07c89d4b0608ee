/**
 * `navharness/core` on Node: the browser-safe core (core.ts) plus what needs Node's file system and
 * zlib: PNG encoding of map pictures and TUM RGB-D sequences (frames, trajectories, depth PNGs).
 */
export * from './core.js';
export { encodePng } from '../image/node.js';
export { checkFrameSize, parseTumTrajectory, poseAt, readRgbd, readTumFrames, readTumTrajectory, TUM_FR3_INTRINSICS } from '../body/node.js';
