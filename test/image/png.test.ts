import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { createImage, fillRect } from '../../src/image/canvas.js';
import { depthPng, encodePng, idsPng, rgbPng } from '../../src/image/png.js';
import { dropAlpha } from '../../src/image/frame.js';

describe('image PNGs', () => {
  it('encode an RGB frame and decode back to the same bytes', () => {
    const rgb = Uint8Array.from({ length: 4 * 3 * 3 }, (_, i) => (i * 37) & 255);
    const back = PNG.sync.read(rgbPng({ width: 4, height: 3, rgb }));
    expect([back.width, back.height]).toEqual([4, 3]);
    expect(dropAlpha(back.data, 12)).toEqual(rgb);
  });

  it('encode depth as 16-bit samples of depth × scale, clamped, 0 where there is none', () => {
    const depth = Float32Array.from([0, 1.2345, 70, 2]);
    const back = PNG.sync.read(depthPng({ width: 2, height: 2, depth }), { skipRescale: true } as never) as unknown as { data: Uint16Array };
    const stride = back.data.length / 4;
    expect([0, 1, 2, 3].map((i) => back.data[i * stride])).toEqual([0, 1235, 65535, 2000]);
  });

  it('colour instance ids apart and leave id 0 black', () => {
    const back = PNG.sync.read(idsPng({ width: 3, height: 1, ids: Uint32Array.from([0, 5, 6]) }));
    const rgb = dropAlpha(back.data, 3);
    expect(Array.from(rgb.subarray(0, 3))).toEqual([0, 0, 0]);
    expect(Array.from(rgb.subarray(3, 6))).not.toEqual(Array.from(rgb.subarray(6, 9)));
  });

  it('encode an RGBA canvas', () => {
    const img = createImage(5, 4);
    fillRect(img, 1, 1, 2, 2, [255, 0, 0, 255]);
    const back = PNG.sync.read(encodePng(img));
    expect(Buffer.from(back.data)).toEqual(Buffer.from(img.data));
  });
});
