/** PNGs that declare a size they do not hold: a valid 1×1 PNG whose IHDR says width × height (CRC resealed). */
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';

export function pngDeclaring(width: number, height: number, options: { colorType?: 0 | 2 | 6; bitDepth?: 8 | 16 } = {}): Buffer {
  const png = new PNG({ width: 1, height: 1, colorType: options.colorType ?? 6, bitDepth: options.bitDepth ?? 8, inputHasAlpha: true });
  const bytes = PNG.sync.write(png, { colorType: options.colorType ?? 6, bitDepth: options.bitDepth ?? 8 });
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  // the IHDR chunk's CRC covers its type and data (bytes 12..28)
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}
