/** PNG encoding of RGBA images in Node (pngjs). The browser uses a canvas instead. */
import { PNG } from 'pngjs';
import type { RgbaImage } from './canvas.js';

export function encodePng(img: RgbaImage): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  return PNG.sync.write(png);
}
