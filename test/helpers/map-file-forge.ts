/** Editing saved tracker maps (native/src/io/map_file.h) in tests: forged files that pass the checksum. */
import { KEYFRAME_FIELDS, mapRecords } from '../../src/perception/map-file.js';
import { fnv1a64 } from '../../src/perception/map-world.js';

/** Writes the checksum of everything before the last 8 bytes into them (the format's, see map-world.ts). */
export function resealMap(bytes: Uint8Array): void {
  const [hi, lo] = fnv1a64(bytes.subarray(0, bytes.length - 8));
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  v.setUint32(bytes.length - 8, lo, true);
  v.setUint32(bytes.length - 4, hi, true);
}

/** Byte offset of each keyframe's world-to-camera translation (3 f64), in file order. */
export function keyframeTranslationOffsets(bytes: Uint8Array): number[] {
  return mapRecords(bytes).keyframes.map((o) => o + KEYFRAME_FIELDS.translation);
}
