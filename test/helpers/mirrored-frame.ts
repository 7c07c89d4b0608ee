/** An RGB-D frame flipped left to right: the same texture and depth seen as a place never visited. */
import type { RgbdFrame } from '../../src/perception/index.js';

export function mirrored(f: RgbdFrame, timestamp = f.timestamp): RgbdFrame {
  const { width: w, height: h } = f;
  const rgb = new Uint8Array(f.rgb.length),
    depth = new Float32Array(f.depth.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = y * w + x,
        d = y * w + (w - 1 - x);
      depth[d] = f.depth[s];
      for (let c = 0; c < 3; c++) rgb[d * 3 + c] = f.rgb[s * 3 + c];
    }
  }
  return { ...f, rgb, depth, timestamp };
}
