/**
 * Turns the body's frames into canvas pixels. These loops only prepare pictures for display (one
 * 320×240 frame per sub-motion); the numeric work of the demo stays in render.wasm and navcore.wasm.
 */

/** Depth colour stops from near to far (a warm-to-dark ramp: near is bright). */
export const DEPTH_STOPS: readonly (readonly [number, number, number])[] = [
  [252, 253, 191],
  [253, 158, 84],
  [222, 73, 104],
  [140, 41, 129],
  [40, 17, 75],
];
/** Depths at and beyond this many metres get the far colour (the mapper reads up to 4.5 m). */
export const DEPTH_FAR_M = 5;
const NO_READING = [24, 24, 28] as const;

function depthTable(): Uint8ClampedArray {
  const lut = new Uint8ClampedArray(256 * 3);
  const last = DEPTH_STOPS.length - 1;
  for (let i = 0; i < 256; i++) {
    const t = (i / 255) * last;
    const k = Math.min(last - 1, Math.floor(t));
    const f = t - k;
    for (let c = 0; c < 3; c++) lut[i * 3 + c] = DEPTH_STOPS[k][c] * (1 - f) + DEPTH_STOPS[k + 1][c] * f;
  }
  return lut;
}
const LUT = depthTable();

/** CSS gradient with the same stops, for the legend. */
export function depthGradientCss(): string {
  const stops = DEPTH_STOPS.map((c, i) => `rgb(${c.join(' ')}) ${((i / (DEPTH_STOPS.length - 1)) * 100).toFixed(0)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

export function rgbToImageData(width: number, height: number, rgb: Uint8Array): ImageData {
  const out = new ImageData(width, height);
  const d = out.data;
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    d[i * 4] = rgb[j];
    d[i * 4 + 1] = rgb[j + 1];
    d[i * 4 + 2] = rgb[j + 2];
    d[i * 4 + 3] = 255;
  }
  return out;
}

export function depthToImageData(width: number, height: number, depth: Float32Array): ImageData {
  const out = new ImageData(width, height);
  const d = out.data;
  const scale = 255 / DEPTH_FAR_M;
  for (let i = 0; i < width * height; i++) {
    const z = depth[i];
    const o = i * 4;
    if (!(z > 0)) {
      d[o] = NO_READING[0];
      d[o + 1] = NO_READING[1];
      d[o + 2] = NO_READING[2];
    } else {
      const k = Math.min(255, Math.round(z * scale)) * 3;
      d[o] = LUT[k];
      d[o + 1] = LUT[k + 1];
      d[o + 2] = LUT[k + 2];
    }
    d[o + 3] = 255;
  }
  return out;
}
