/**
 * Depth frames for benchmarks: the real TUM fr3/teddy frames with ground-truth poses when the shared
 * data is present, else synthetic frames of a furnished room (reported as such).
 */
import { join } from 'node:path';
import { poseAt, readRgbd, readTumFrames, readTumTrajectory } from '../src/body/tum.js';
import { scaled, type Intrinsics } from '../src/geometry/intrinsics.js';
import { NAVIGATOR_FRAME, Z_UP_FRAME, type WorldFrame } from '../src/geometry/frames.js';
import type { Mat4 } from '../src/geometry/pose.js';
import { FR3_INTRINSICS, TEDDY } from './support/shared-data.js';
import { castDepth, cameraPose, FURNITURE, ROOM } from './support/synthetic.js';

export interface FrameSet {
  source: 'tum_fr3_teddy' | 'synthetic';
  frame: WorldFrame;
  floorUp: number;
  intrinsics: Intrinsics;
  frames: { depth: Float32Array; pose: Mat4 }[];
}

/** Halves a depth image by taking every other pixel (no averaging: depth edges stay sharp). */
export function halve(depth: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array((w >> 1) * (h >> 1));
  for (let y = 0; y < h >> 1; y++) for (let x = 0; x < w >> 1; x++) out[y * (w >> 1) + x] = depth[2 * y * w + 2 * x];
  return out;
}

export function loadFrames(count: number): FrameSet {
  if (TEDDY) {
    const refs = readTumFrames(TEDDY);
    const gt = readTumTrajectory(join(TEDDY, 'groundtruth.txt'));
    const frames: FrameSet['frames'] = [];
    for (const r of refs) {
      const pose = poseAt(gt, r.rgbTime, 0.02);
      if (!pose) continue;
      frames.push({ depth: readRgbd(TEDDY, r, 5000).depth, pose });
      if (frames.length >= count) break;
    }
    return { source: 'tum_fr3_teddy', frame: Z_UP_FRAME, floorUp: 0, intrinsics: FR3_INTRINSICS, frames };
  }
  const K = { ...FR3_INTRINSICS };
  const frames = Array.from({ length: count }, (_, i) => {
    const pose = cameraPose([0, 0, 0.5], (i * 2 * Math.PI) / count);
    return { depth: castDepth(K, pose, ROOM, FURNITURE), pose };
  });
  return { source: 'synthetic', frame: NAVIGATOR_FRAME, floorUp: -0.88, intrinsics: K, frames };
}

export function halveSet(set: FrameSet): FrameSet {
  const K = set.intrinsics;
  return {
    ...set,
    intrinsics: scaled(K, 0.5),
    frames: set.frames.map((f) => ({ pose: f.pose, depth: halve(f.depth, K.width, K.height) })),
  };
}
