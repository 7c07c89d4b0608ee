/** Small synthetic RGB-D frames for tracker tests that need no shared data. */
import type { RgbdFrame } from '../../src/perception/index.js';

export const SYN_K = { width: 320, height: 240, fx: 260, fy: 260, cx: 159.5, cy: 119.5 };

/** A fronto-parallel wall of random grey blocks (fixed seed) at `depth` metres. */
export function texturedWall(timestamp: number, depth = 2, seed = 7): RgbdFrame {
  const { width, height } = SYN_K;
  const rgb = new Uint8Array(width * height * 3);
  const d = new Float32Array(width * height).fill(depth);
  let s = seed >>> 0;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const block = 8;
  const vals: number[] = [];
  for (let i = 0; i < Math.ceil(width / block) * Math.ceil(height / block); i++) vals.push(Math.floor(rnd() * 256));
  const bw = Math.ceil(width / block);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = vals[Math.floor(y / block) * bw + Math.floor(x / block)];
      rgb.set([v, v, v], (y * width + x) * 3);
    }
  }
  return { width, height, rgb, depth: d, timestamp };
}

export function blackFrame(timestamp: number, width = SYN_K.width, height = SYN_K.height, depth = 0): RgbdFrame {
  return { width, height, rgb: new Uint8Array(width * height * 3), depth: new Float32Array(width * height).fill(depth), timestamp };
}
