/**
 * The size a PNG declares in its IHDR chunk, read without decoding: checked against a limit before
 * a decoder allocates width × height × 4 bytes (a 16000² PNG of 1 MB would decode to 1 GB).
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from the IHDR chunk, or null when the bytes do not start like a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  if (String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]) !== 'IHDR') return null;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/**
 * Why a PNG may not be decoded, or null: not a PNG, or more pixels than `maxPixels` (or a side over
 * `maxSide`). `what` names the image in the message.
 */
export function pngSizeProblem(bytes: Uint8Array, what: string, maxPixels: number, maxSide = 16384): string | null {
  const size = pngSize(bytes);
  if (!size) return `${what} is not a PNG (no PNG signature and IHDR chunk)`;
  const { width, height } = size;
  if (width === 0 || height === 0 || width > maxSide || height > maxSide || width * height > maxPixels) {
    return `${what} declares ${width}×${height} pixels; at most ${maxPixels.toLocaleString('en')} pixels and ${maxSide} per side are decoded`;
  }
  return null;
}
