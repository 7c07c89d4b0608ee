/**
 * Moves a saved tracker map (layout in native/src/io/map_file.h) into another world, keyframe by
 * keyframe: each keyframe's pose becomes W·P for the world change W the caller gives it, and each
 * landmark moves with its reference keyframe. The navigator uses it so that the map a house memory
 * keeps is in the navigator's world even where the navigator's poses were not the tracker's (a pose
 * the motion check replaced, a vertical correction): a later run that relocalises in any part of it
 * lands where the earlier run's grids and places are. The checksum is written anew.
 */
import type { Mat4 } from '../geometry/index.js';
import { fnv1a64, KEYFRAME_FIELDS as KF, LANDMARK_FIELDS as LM, mapRecords } from './map-file.js';
import type { KeyframeStamp } from './pose-source.js';

export { fnv1a64 };

/**
 * A copy of `bytes` whose keyframe k is moved by `worldOf(k)` (a rigid camera-to-world change, row-major
 * 4×4: the keyframe's camera-to-world pose P becomes W·P). Throws when the file ends early.
 */
export function moveMapWorld(bytes: Uint8Array, worldOf: (k: KeyframeStamp) => Mat4): Uint8Array {
  const out = bytes.slice();
  const v = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const { landmarks, keyframes } = mapRecords(out);
  const worlds = keyframes.map((o) => {
    const W = worldOf({ id: Number(v.getBigUint64(o + KF.id, true)), timestamp: v.getFloat64(o + KF.timestamp, true) });
    moveKeyframe(v, o, W);
    return W;
  });
  for (let l = 0; l < landmarks.count; l++) {
    const at = landmarks.start + l * landmarks.bytes;
    const W = worlds[v.getInt32(at + LM.refSlot, true)];
    if (!W) throw new Error(`map file: landmark ${l} names reference keyframe slot ${v.getInt32(at + LM.refSlot, true)} of ${keyframes.length}`);
    writeVec(v, at + LM.pos, rotate(W, readVec(v, at + LM.pos), true));
    writeVec(v, at + LM.normal, rotate(W, readVec(v, at + LM.normal), false));
  }
  const end = out.length - 8;
  const [hi, lo] = fnv1a64(out.subarray(0, end));
  v.setUint32(end, lo, true);
  v.setUint32(end + 4, hi, true);
  return out;
}

/** The world-to-camera R, t of a keyframe become R·Wrᵀ and t − R·Wrᵀ·Wt (its camera-to-world pose W·P). */
function moveKeyframe(v: DataView, o: number, W: Mat4): void {
  const R = Array.from({ length: 9 }, (_, i) => v.getFloat64(o + KF.rotation + i * 8, true));
  const t = readVec(v, o + KF.translation);
  const Rn = new Array<number>(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) Rn[r * 3 + c] = R[r * 3] * W[c * 4] + R[r * 3 + 1] * W[c * 4 + 1] + R[r * 3 + 2] * W[c * 4 + 2];
  const tw = [W[3], W[7], W[11]];
  for (let i = 0; i < 9; i++) v.setFloat64(o + KF.rotation + i * 8, Rn[i], true);
  writeVec(
    v,
    o + KF.translation,
    [0, 1, 2].map((r) => t[r] - (Rn[r * 3] * tw[0] + Rn[r * 3 + 1] * tw[1] + Rn[r * 3 + 2] * tw[2])),
  );
}

const readVec = (v: DataView, o: number) => [0, 1, 2].map((i) => v.getFloat64(o + i * 8, true));
const writeVec = (v: DataView, o: number, x: number[]) => x.forEach((c, i) => v.setFloat64(o + i * 8, c, true));
const rotate = (W: Mat4, p: number[], translate: boolean) =>
  [0, 1, 2].map((r) => W[r * 4] * p[0] + W[r * 4 + 1] * p[1] + W[r * 4 + 2] * p[2] + (translate ? W[r * 4 + 3] : 0));
