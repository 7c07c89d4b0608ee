/** Benchmark preparation: halving RGB-D frames (bench prep, not part of the tracker). */
import type { RgbdImage } from '../../src/body/tum.js';

/** 2×2 box average for colour; depth takes the nearest valid sample of the block (no mixing across edges). */
export function halveRgbd(img: RgbdImage): RgbdImage {
  const w = img.width >> 1,
    h = img.height >> 1;
  const rgb = new Uint8Array(w * h * 3),
    depth = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const a = 2 * y * img.width + 2 * x,
        b = a + 1,
        c = a + img.width,
        d = c + 1;
      for (let k = 0; k < 3; k++) {
        rgb[(y * w + x) * 3 + k] = (img.rgb[a * 3 + k] + img.rgb[b * 3 + k] + img.rgb[c * 3 + k] + img.rgb[d * 3 + k] + 2) >> 2;
      }
      let z = 0;
      for (const i of [a, b, c, d])
        if (img.depth[i] > 0 && Number.isFinite(img.depth[i])) {
          z = img.depth[i];
          break;
        }
      depth[y * w + x] = z;
    }
  }
  return { width: w, height: h, rgb, depth };
}
