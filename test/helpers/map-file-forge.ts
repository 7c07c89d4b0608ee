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

/** A whole map file holding no landmark, keyframe or edge (640×480 settings), sealed: what a loader accepts. */
export function emptyMapFile(mapId = 1): Uint8Array {
  const bytes = new Uint8Array(88 + 12 + 8);
  const v = new DataView(bytes.buffer);
  bytes.set([...'NAVTMAP'].map((c) => c.charCodeAt(0)));
  v.setUint32(8, 1, true);
  v.setInt32(16, 640, true);
  v.setInt32(20, 480, true);
  [525, 525, 319.5, 239.5, 0.08].forEach((x, i) => v.setFloat64(24 + i * 8, x, true));
  v.setInt32(64, 8, true);
  v.setInt32(68, 0, true);
  v.setFloat64(72, 1.2, true);
  v.setUint32(80, mapId, true);
  resealMap(bytes);
  return bytes;
}
