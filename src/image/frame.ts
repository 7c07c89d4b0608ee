/**
 * The image types every layer shares. One RGB-D frame type: what a body returns, the tracker takes
 * and a recorded sequence replays; the others are its parts.
 */

/** An RGB image, 3 bytes per pixel, row-major. */
export interface RgbImage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** An RGB image with a registered depth image of the same size. */
export interface RgbdImage extends RgbImage {
  /** metres along the optical axis, 0 (or non-finite) where the sensor gave nothing */
  depth: Float32Array;
}

/** An RGB-D frame of a sequence. */
export interface RgbdFrame extends RgbdImage {
  /** seconds (a body's synthetic 10 Hz clock, or the recording's time stamps) */
  timestamp: number;
  /** instance ids where the source knows them (simulator), else absent */
  ids?: Uint32Array;
}

/** The RGB bytes of `pixels` RGBA pixels (pngjs decodes every colour type to RGBA). */
export function dropAlpha(rgba: ArrayLike<number>, pixels: number): Uint8Array {
  const rgb = new Uint8Array(pixels * 3);
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = rgba[i * 4];
    rgb[i * 3 + 1] = rgba[i * 4 + 1];
    rgb[i * 3 + 2] = rgba[i * 4 + 2];
  }
  return rgb;
}
