import { PNG } from 'pngjs';

/** A small real PNG whose pixels encode `seed`, so two images are distinguishable in a request. */
export function tinyPng(seed: number): Uint8Array {
  const png = new PNG({ width: 2, height: 2 });
  for (let i = 0; i < png.data.length; i++) png.data[i] = (seed * 37 + i * 11) & 0xff;
  return new Uint8Array(PNG.sync.write(png));
}

export const b64 = (png: Uint8Array): string => Buffer.from(png).toString('base64');
