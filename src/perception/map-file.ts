/**
 * The header of a saved tracker map (layout in native/src/io/map_file.h): read here before the
 * bytes go to the tracker, so that a file of another version or one saved under other settings is
 * refused with a message that says what the file holds and what this build accepts. The body is
 * checked by the tracker itself (checksum, counts, indices, numbers).
 */
import { z } from '../geometry/index.js';

export const MAP_FILE_VERSION = 1;
/** The largest map id a file may hold (native/src/data/map_database.h: ids stay within a C int). */
export const MAX_MAP_ID = 0x7fffffff;
const MAGIC = 'NAVTMAP\0';
const HEADER_BYTES = 88;

export const MapFileHeaderSchema = z.object({
  magic: z.literal(MAGIC, { message: "does not start with 'NAVTMAP' (not a tracker map file)" }),
  version: z.literal(MAP_FILE_VERSION, { message: `is of another format version; this build reads version ${MAP_FILE_VERSION}` }),
  width: z.int().check(z.minimum(64), z.maximum(8192)),
  height: z.int().check(z.minimum(64), z.maximum(8192)),
  fx: z.number().check(z.positive()),
  fy: z.number().check(z.positive()),
  cx: z.number(),
  cy: z.number(),
  depthBaseline: z.number().check(z.positive()),
  numLevels: z.int().check(z.minimum(1), z.maximum(12)),
  levelMotion: z.pipe(
    z.union([z.literal(0), z.literal(1)]),
    z.transform((v) => v === 1),
  ),
  scaleFactor: z.number().check(z.minimum(1.05), z.maximum(2)),
  // the tracker hands map ids out as a C int: a larger id would read back as an error code
  mapId: z.int().check(z.positive(), z.maximum(MAX_MAP_ID)),
});
export type MapFileHeader = z.output<typeof MapFileHeaderSchema>;

/** Decodes and checks the header; throws an Error naming the first field that does not hold. */
export function readMapFileHeader(bytes: Uint8Array): MapFileHeader {
  if (bytes.length < HEADER_BYTES + 8)
    throw new Error(`map file is ${bytes.length} bytes, shorter than the ${HEADER_BYTES + 8} of an empty map's header and checksum`);
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const raw = {
    magic: String.fromCharCode(...bytes.subarray(0, 8)),
    version: v.getUint32(8, true),
    width: v.getInt32(16, true),
    height: v.getInt32(20, true),
    fx: v.getFloat64(24, true),
    fy: v.getFloat64(32, true),
    cx: v.getFloat64(40, true),
    cy: v.getFloat64(48, true),
    depthBaseline: v.getFloat64(56, true),
    numLevels: v.getInt32(64, true),
    levelMotion: v.getInt32(68, true),
    scaleFactor: v.getFloat64(72, true),
    mapId: v.getUint32(80, true),
  };
  const parsed = MapFileHeaderSchema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    const field = String(i.path[0]);
    const got = field === 'magic' ? JSON.stringify(raw.magic.replace(/\0/g, '')) : String(raw[field as keyof typeof raw]);
    throw new Error(`map file header: ${field} ${i.message} (the file has ${got})`);
  }
  return parsed.data;
}

/** One line saying what a header describes, for messages. */
export function describeMapHeader(h: MapFileHeader): string {
  return `${h.width}×${h.height}, fx ${h.fx.toFixed(3)} fy ${h.fy.toFixed(3)} cx ${h.cx.toFixed(3)} cy ${h.cy.toFixed(3)}, depth baseline ${h.depthBaseline} m, ${h.numLevels} pyramid levels × ${h.scaleFactor}, level motion ${h.levelMotion ? 'on' : 'off'}`;
}

/** A keyframe of a saved map: the tracker's frame number it was made from, its camera centre and pose. */
export interface MapKeyframe {
  id: number;
  frame: number;
  /** the timestamp of that frame, s */
  timestamp: number;
  centre: [number, number, number];
  /** camera-to-world, row-major (the convention of Tracker.pose()) */
  pose: Float64Array;
}

const LANDMARK_BYTES = 124;
const KEYPOINT_BYTES = 60;
/** Offsets inside a landmark record (map_file.h). */
export const LANDMARK_FIELDS = { pos: 8, normal: 64, refSlot: 112 } as const;
/** Offsets inside a keyframe record (map_file.h); its keypoints follow `fixedPart`. */
export const KEYFRAME_FIELDS = { id: 0, frame: 8, timestamp: 16, rotation: 24, translation: 96, keypoints: 121, fixedPart: 125 } as const;

/** Where a map file's records start: the landmarks (a count of fixed-size records) and each keyframe. */
export interface MapRecords {
  landmarks: { start: number; count: number; bytes: number };
  keyframes: number[];
}

/** Walks a map file's records (after readMapFileHeader accepted it); throws when the file ends inside them. */
export function mapRecords(bytes: Uint8Array): MapRecords {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (o: number, n: number, what: string) => {
    if (o + n > bytes.length - 8) throw new Error(`map file ends inside its records (${what} at offset ${o}, ${bytes.length} bytes)`);
  };
  need(HEADER_BYTES, 4, 'landmarks');
  const landmarks = { start: HEADER_BYTES + 4, count: v.getUint32(HEADER_BYTES, true), bytes: LANDMARK_BYTES };
  let o = landmarks.start + landmarks.count * LANDMARK_BYTES;
  need(o, 4, 'keyframes');
  const n = v.getUint32(o, true);
  o += 4;
  const keyframes: number[] = [];
  for (let k = 0; k < n; k++) {
    need(o, KEYFRAME_FIELDS.fixedPart, 'keyframes');
    keyframes.push(o);
    o += KEYFRAME_FIELDS.fixedPart + v.getUint32(o + KEYFRAME_FIELDS.keypoints, true) * KEYPOINT_BYTES;
  }
  return { landmarks, keyframes };
}

/**
 * The keyframes of a map file (after readMapFileHeader accepted it): for evaluation, e.g. the
 * keyframe trajectory after loop closure against ground truth. Throws when the file is too short.
 */
export function readMapKeyframes(bytes: Uint8Array): MapKeyframe[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const F = KEYFRAME_FIELDS;
  return mapRecords(bytes).keyframes.map((o) => {
    const id = Number(v.getBigUint64(o + F.id, true));
    const frame = Number(v.getBigUint64(o + F.frame, true));
    const timestamp = v.getFloat64(o + F.timestamp, true);
    const R = Array.from({ length: 9 }, (_, i) => v.getFloat64(o + F.rotation + i * 8, true));
    const t = Array.from({ length: 3 }, (_, i) => v.getFloat64(o + F.translation + i * 8, true));
    // centre = −Rᵀ·t of the world-to-camera pose
    const centre: [number, number, number] = [0, 1, 2].map((c) => -(R[c] * t[0] + R[3 + c] * t[1] + R[6 + c] * t[2])) as [number, number, number];
    // camera-to-world = [Rᵀ | centre] of the world-to-camera R, t
    const pose = new Float64Array([R[0], R[3], R[6], centre[0], R[1], R[4], R[7], centre[1], R[2], R[5], R[8], centre[2], 0, 0, 0, 1]);
    return { id, frame, timestamp, centre, pose };
  });
}

/**
 * The map file's checksum (native/src/io/byte_stream.h) as [high, low] 32-bit words, without BigInt in
 * the loop: FNV-1a 64 from the offset basis 1469598103934665603, the constant the format was written
 * with (FNV's published basis has one more digit, 14695981039346656037; files of version 1 keep this one).
 */
export function fnv1a64(bytes: Uint8Array): [number, number] {
  let hi = 0x14650fb0,
    lo = 0x739d0383;
  for (let i = 0; i < bytes.length; i++) {
    lo = (lo ^ bytes[i]) >>> 0;
    // × 0x100000001b3 = × 0x1b3 + × 2⁴⁰ (the second adds lo << 8 to the high word)
    const a = lo * 0x1b3;
    hi = (Math.imul(hi, 0x1b3) + Math.floor(a / 4294967296) + (lo << 8)) >>> 0;
    lo = a >>> 0;
  }
  return [hi, lo];
}

const COVISIBILITY_EDGE_BYTES = 12;

/**
 * Why `bytes` is not a whole map file this build can load, or null: the header, the checksum, and the
 * records walked to the checksum's offset. Checked before a map is kept (a house memory's commit)
 * and when it is read back, so that a damaged file is named at once rather than by every later load.
 */
export function mapFileProblem(bytes: Uint8Array): string | null {
  try {
    readMapFileHeader(bytes);
    const end = bytes.length - 8;
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const [hi, lo] = fnv1a64(bytes.subarray(0, end));
    if (v.getUint32(end, true) !== lo || v.getUint32(end + 4, true) !== hi) return 'map file checksum does not match its bytes (the file is damaged)';
    const { keyframes } = mapRecords(bytes);
    const last = keyframes.at(-1);
    let o =
      last === undefined
        ? HEADER_BYTES + 4 + v.getUint32(HEADER_BYTES, true) * LANDMARK_BYTES + 4
        : last + KEYFRAME_FIELDS.fixedPart + v.getUint32(last + KEYFRAME_FIELDS.keypoints, true) * KEYPOINT_BYTES;
    if (o + 4 > end) return `map file ends inside its records (covisibility at offset ${o}, ${bytes.length} bytes)`;
    o += 4 + v.getUint32(o, true) * COVISIBILITY_EDGE_BYTES;
    if (o !== end) return `map file records end at offset ${o}, but its checksum is at ${end}`;
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
