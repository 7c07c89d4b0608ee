/**
 * The tracker's code warmed once per process before a robot's first frame. The WebAssembly engine
 * compiles a function when it is first called and optimises it once it runs often, so the first
 * frames of the first tracker in a process took 60-95 ms of CPU each (house 7, load 10), where a second
 * tracker in the same process took 3-10 ms on the same frames: the compiled code is kept per module.
 * So a throwaway tracker with the same camera and features first tracks a few synthetic frames (a
 * textured wall at a fixed depth, the camera sliding along it, a keyframe every third frame so that
 * keyframe insertion and bundle adjustment run too) and is disposed; the tracker the robot uses is
 * untouched.
 */
import type { RgbdFrame } from './pose-source.js';
import { Tracker, type TrackerOptions } from './tracker.js';

const FRAMES = 12;
const WALL_M = 2;
/** the wall's texture: square blocks of random grey, this many pixels wide */
const BLOCK_PX = 6;
const SLIDE_PX = 3;

let warmed: Promise<void> | null = null;

/** Warms the tracker's code once per process (later calls wait for the first); see the file comment. */
export function warmTrackerCode(options: TrackerOptions): Promise<void> {
  // a failure (options the tracker refuses) is left to the tracker the caller creates next to report
  warmed ??= warm(options).catch(() => {
    warmed = null;
  });
  return warmed;
}

async function warm(options: TrackerOptions): Promise<void> {
  const tracker = await Tracker.create({ ...options, keyframeGap: 3, loopClosing: false });
  try {
    const { width, height } = options.intrinsics;
    const texture = wallTexture(width + FRAMES * SLIDE_PX, height);
    for (let i = 0; i < FRAMES; i++) tracker.track(frameAt(texture, width, height, i * SLIDE_PX, i / 10));
    tracker.settle();
  } finally {
    tracker.dispose();
  }
}

/** Random grey blocks (a fixed seed: the same wall in every process). */
function wallTexture(width: number, height: number): { width: number; grey: Uint8Array } {
  const grey = new Uint8Array(width * height);
  let s = 12345;
  const cols = Math.ceil(width / BLOCK_PX);
  const blocks = new Uint8Array(cols * Math.ceil(height / BLOCK_PX));
  for (let i = 0; i < blocks.length; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    blocks[i] = (s >>> 16) & 255;
  }
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) grey[y * width + x] = blocks[Math.floor(y / BLOCK_PX) * cols + Math.floor(x / BLOCK_PX)];
  return { width, grey };
}

function frameAt(texture: { width: number; grey: Uint8Array }, width: number, height: number, shift: number, timestamp: number): RgbdFrame {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = texture.grey[y * texture.width + x + shift];
      const o = (y * width + x) * 3;
      rgb[o] = rgb[o + 1] = rgb[o + 2] = v;
    }
  return { width, height, rgb, depth: new Float32Array(width * height).fill(WALL_M), timestamp };
}
