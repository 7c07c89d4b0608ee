/**
 * Reader for RGB-D sequences in the TUM RGB-D benchmark layout: `rgb.txt`, `depth.txt` (or
 * `associations.txt`), 8-bit colour PNGs and 16-bit depth PNGs scaled by a depth factor (5000 = 1 m).
 * Node only (file I/O).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { type RgbdImage, dropAlpha, pngSize, pngSizeProblem } from '../image/index.js';
import { fromQuatTranslation, type Mat4 } from '../geometry/index.js';

export interface TumFrameRef {
  rgbTime: number;
  rgbFile: string;
  depthTime: number;
  depthFile: string;
}

export interface TumPose {
  time: number;
  pose: Mat4;
}

export type { RgbdImage };

/** The data lines of a text file (no blank or '#' lines), split into fields, with their line numbers. */
function numberedLines(text: string): { line: number; f: string[] }[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, t: l.trim() }))
    .filter(({ t }) => t.length > 0 && !t.startsWith('#'))
    .map(({ line, t }) => ({ line, f: t.split(/\s+/) }));
}

function dataLines(text: string): string[][] {
  return numberedLines(text).map((l) => l.f);
}

/** A timestamp field; an error names the file, the line and what is accepted. */
function timestamp(field: string, where: string, expected: string): number {
  const t = Number(field);
  if (!Number.isFinite(t)) throw new Error(`${where}: timestamp '${field}' is not a number; expected ${expected} with timestamps in seconds`);
  return t;
}

function stampedFiles(path: string): { time: number; file: string }[] {
  return numberedLines(readFileSync(path, 'utf8')).map(({ line, f }) => {
    if (f.length < 2) throw new Error(`${path}:${line}: expected 'timestamp filename'`);
    return { time: timestamp(f[0], `${path}:${line}`, "'timestamp filename'"), file: f[1] };
  });
}

/** Nearest-timestamp unique association of colour and depth frames, |dt| ≤ maxDt (TUM's associate.py rule). */
export function associate(rgb: { time: number; file: string }[], depth: { time: number; file: string }[], maxDt = 0.02): TumFrameRef[] {
  const candidates: { dt: number; i: number; j: number }[] = [];
  for (let i = 0; i < rgb.length; i++) {
    for (let j = 0; j < depth.length; j++) {
      const dt = Math.abs(rgb[i].time - depth[j].time);
      if (dt <= maxDt) candidates.push({ dt, i, j });
    }
  }
  candidates.sort((a, b) => a.dt - b.dt);
  const usedR = new Set<number>(),
    usedD = new Set<number>();
  const out: TumFrameRef[] = [];
  for (const c of candidates) {
    if (usedR.has(c.i) || usedD.has(c.j)) continue;
    usedR.add(c.i);
    usedD.add(c.j);
    out.push({ rgbTime: rgb[c.i].time, rgbFile: rgb[c.i].file, depthTime: depth[c.j].time, depthFile: depth[c.j].file });
  }
  return out.sort((a, b) => a.rgbTime - b.rgbTime);
}

/** The frames of a TUM folder in time order: from associations.txt when present, else associated from rgb.txt and depth.txt. */
export function readTumFrames(dir: string): TumFrameRef[] {
  const assoc = join(dir, 'associations.txt');
  if (existsSync(assoc)) {
    const form = "'rgb_ts rgb_file depth_ts depth_file'";
    return numberedLines(readFileSync(assoc, 'utf8')).map(({ line, f }) => {
      if (f.length < 4) throw new Error(`${assoc}:${line}: expected ${form}`);
      return { rgbTime: timestamp(f[0], `${assoc}:${line}`, form), rgbFile: f[1], depthTime: timestamp(f[2], `${assoc}:${line}`, form), depthFile: f[3] };
    });
  }
  const rgbTxt = join(dir, 'rgb.txt'),
    depthTxt = join(dir, 'depth.txt');
  if (!existsSync(rgbTxt) || !existsSync(depthTxt)) {
    throw new Error(`${dir} is not a TUM RGB-D folder: it needs associations.txt, or rgb.txt and depth.txt`);
  }
  return associate(stampedFiles(rgbTxt), stampedFiles(depthTxt));
}

/** Reads `timestamp tx ty tz qx qy qz qw` lines. */
export function parseTumTrajectory(text: string, source = 'trajectory'): TumPose[] {
  return dataLines(text).map((f, i) => {
    const v = f.slice(0, 8).map(Number);
    if (f.length < 8 || v.some((x) => !Number.isFinite(x))) {
      throw new Error(`${source}:${i + 1}: expected 'timestamp tx ty tz qx qy qz qw' with 8 finite numbers`);
    }
    return { time: v[0], pose: fromQuatTranslation([v[4], v[5], v[6], v[7]], [v[1], v[2], v[3]]) };
  });
}

export function readTumTrajectory(path: string): TumPose[] {
  return parseTumTrajectory(readFileSync(path, 'utf8'), path);
}

/** The pose nearest in time to `t`, if within maxDt. Poses must be sorted by time. */
export function poseAt(poses: TumPose[], t: number, maxDt = 0.02): Mat4 | null {
  let lo = 0,
    hi = poses.length - 1;
  if (hi < 0) return null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (poses[mid].time < t) lo = mid + 1;
    else hi = mid;
  }
  let best = lo;
  if (lo > 0 && Math.abs(poses[lo - 1].time - t) < Math.abs(poses[lo].time - t)) best = lo - 1;
  return Math.abs(poses[best].time - t) <= maxDt ? poses[best].pose : null;
}

/** Intrinsics of the TUM freiburg3 sequences (640×480, from the dataset's documentation). */
export const TUM_FR3_INTRINSICS = { width: 640, height: 480, fx: 535.4, fy: 539.2, cx: 320.1, cy: 247.6 } as const;

/** The largest camera frame decoded: the tracker's limit per side (perception/map-file.ts), 16.8 MP in all. */
const MAX_FRAME_SIDE = 8192;
const MAX_FRAME_PIXELS = 4096 * 4096;

/** Decodes a PNG file; an error names the file and says what is wrong (missing, empty, truncated). */
/** A decoded PNG as pngjs gives it: RGBA samples (16-bit ones kept, skipRescale), with the header's bit depth and colour type. */
export interface DecodedPng {
  width: number;
  height: number;
  /** 8-bit samples in a Buffer, 16-bit ones in a Uint16Array */
  data: Uint8Array | Uint16Array;
  depth: number;
  colorType: number;
}

export function decodePng(path: string): DecodedPng {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    throw new Error(`${path}: cannot read the image (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); expected a PNG file`);
  }
  if (bytes.length === 0) throw new Error(`${path}: the file is empty (0 bytes); expected a PNG image`);
  // the size the PNG declares, before decoding (a 20000² frame would decode to gigabytes)
  const tooBig = pngSize(bytes) && pngSizeProblem(bytes, path, MAX_FRAME_PIXELS, MAX_FRAME_SIDE);
  if (tooBig) throw new Error(`${tooBig}; a camera frame this loader reads is at most ${MAX_FRAME_SIDE} pixels per side`);
  try {
    // pngjs sets the header's bit depth and colour type on the decoded image (not in its typings)
    return PNG.sync.read(bytes, { skipRescale: true }) as unknown as DecodedPng;
  } catch (e) {
    throw new Error(`${path}: not a readable PNG, it may be truncated (${bytes.length} bytes; ${(e as Error).message})`);
  }
}

const COLOUR_TYPES: Record<number, string> = { 0: 'greyscale', 2: 'RGB', 3: 'palette', 4: 'greyscale+alpha', 6: 'RGBA' };

/** Loads one colour+depth pair; depth converted to metres with `depthFactor` (raw / factor). */
export function readRgbd(dir: string, ref: TumFrameRef, depthFactor = 5000): RgbdImage {
  const c = decodePng(join(dir, ref.rgbFile));
  const d = decodePng(join(dir, ref.depthFile));
  const header = d;
  if (header.depth !== 16 || header.colorType !== 0) {
    const kind = `${header.depth}-bit ${COLOUR_TYPES[header.colorType] ?? `colour type ${header.colorType}`}`;
    throw new Error(`${join(dir, ref.depthFile)}: the depth image is an ${kind} PNG; expected a 16-bit greyscale PNG of depth units (TUM: 5000 per metre)`);
  }
  if (c.width !== d.width || c.height !== d.height) {
    throw new Error(
      `${join(dir, ref.rgbFile)} is ${c.width}×${c.height} but ${join(dir, ref.depthFile)} is ${d.width}×${d.height}; a colour image and its depth image must have one size`,
    );
  }
  const n = c.width * c.height;
  const rgb = dropAlpha(c.data, n);
  // pngjs keeps 16-bit samples (skipRescale) as RGBA-expanded 16-bit values; the grey channel is sample 0.
  const raw = d.data;
  const depth = new Float32Array(n);
  const stride = raw.length / n;
  for (let i = 0; i < n; i++) depth[i] = raw[i * stride] / depthFactor;
  return { width: c.width, height: c.height, rgb, depth };
}

/** Every frame of a sequence has the first frame's size; an error names the file that differs. */
export function checkFrameSize(
  dir: string,
  ref: TumFrameRef,
  img: { width: number; height: number },
  first: { ref: TumFrameRef; width: number; height: number },
): void {
  if (img.width === first.width && img.height === first.height) return;
  throw new Error(
    `${join(dir, ref.rgbFile)}: the frame is ${img.width}×${img.height} but the sequence's first frame (${first.ref.rgbFile}) is ${first.width}×${first.height}; every frame of a sequence must have one size`,
  );
}
