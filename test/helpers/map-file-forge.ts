/** Editing saved tracker maps (native/src/io/map_file.h) in tests: forged files that pass the checksum. */

/**
 * The file's checksum: FNV-1a, 64 bit, from the offset basis native/src/io/byte_stream.h uses,
 * 1469598103934665603 (the published basis is 14695981039346656037: the tracker's lacks the last
 * digit; harmless, as writer and reader agree, but a forged file must use the tracker's).
 */
export function fnv1a64(b: Uint8Array): bigint {
  let h = 1469598103934665603n;
  for (const x of b) h = ((h ^ BigInt(x)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h;
}

/** Writes the checksum of everything before the last 8 bytes into them. */
export function resealMap(bytes: Uint8Array): void {
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setBigUint64(bytes.length - 8, fnv1a64(bytes.subarray(0, bytes.length - 8)), true);
}

const HEADER_BYTES = 88;
const LANDMARK_BYTES = 124;
const KEYPOINT_BYTES = 60;

/** Byte offset of each keyframe's world-to-camera translation (3 f64), in file order. */
export function keyframeTranslationOffsets(bytes: Uint8Array): number[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = HEADER_BYTES;
  o += 4 + v.getUint32(o, true) * LANDMARK_BYTES;
  const n = v.getUint32(o, true);
  o += 4;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    out.push(o + 96);
    o += 125 + v.getUint32(o + 121, true) * KEYPOINT_BYTES;
  }
  return out;
}
