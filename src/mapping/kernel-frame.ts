/**
 * The per-frame numbers of navcore's fixed-point `integrate`, worked out once per frame in double
 * precision and shared by the kernel and its TypeScript reference, so both run the same integer
 * arithmetic on them.
 *
 * Per pixel the kernel works in 16-bit lanes (eight pixels per SIMD step): depth in 1/1024 m, height
 * in 1/256 m, horizontal position in 1/2^shift of a cell relative to the camera's cell. The ray of
 * pixel (u, v) is split into a column term and a row term per axis (`cols`, `rows`), so that
 * height = d·(colH[u] + rowH[v]) + camera height, with a rounding Q15 multiply. Quantisation moves
 * depth by < 0.5 mm, heights by < 4 mm and cell borders by < 2 mm at the default 10 cm cells: far
 * below the sensor's noise, and the same in the kernel and the reference.
 */
import type { Intrinsics } from '../geometry/intrinsics.js';
import { maxRayStretch } from '../geometry/intrinsics.js';
import type { WorldFrame } from '../geometry/frames.js';
import type { Mat4 } from '../geometry/pose.js';
import type { MapParams } from './params.js';

export const DEPTH_UNITS_PER_M = 1024;
export const HEIGHT_UNITS_PER_M = 256;
/** Q format of the height ray terms: d16 · r13 / 2^15 = metres · 256 */
const HEIGHT_RAY_Q = 13;
/** a code for "nothing marked" in the kernel's 16-bit change codes */
export const NO_CODE = 0xffff;

// Slots of the integer parameter block.
export const I = {
  gw: 0, gh: 1, ox: 2, oz: 3, endCap: 4,
  camX: 5, camZ: 6, R: 7, W: 8, shift: 9,
  bx: 10, bz: 11, bh: 12,
  minD: 13, maxD: 14, obsMin: 15, obsMax: 16, flMin: 17, flMax: 18,
} as const;
export const INT_PARAMS = 20;

export interface KernelFrame {
  ints: Int32Array;
  /** colX[w8], colZ[w8], colH[w8]: column ray terms, w8 = width rounded up to 8 (zero padded) */
  cols: Int16Array;
  /** rowX[h], rowZ[h], rowH[h] */
  rows: Int16Array;
  w8: number;
  /** camera cell, world cells */
  camCell: { x: number; z: number };
  /** half-size of the window around the camera cell that holds every point of the frame, cells */
  R: number;
}

/** World cell of the camera: ⌊(right·t, forward·t)/δ⌋. */
export function cameraCell(world: WorldFrame, pose: Mat4, cellSize: number): { x: number; z: number } {
  const along = (e: readonly number[]) => e[0] * pose[3] + e[1] * pose[7] + e[2] * pose[11];
  return { x: Math.floor(along(world.right) / cellSize), z: Math.floor(along(world.forward) / cellSize) };
}

/** The window half-size (cells) that holds every valid point of a frame with these intrinsics. */
export function windowRadius(K: Intrinsics, p: MapParams): number {
  return Math.ceil((p.maxDepth * maxRayStretch(K)) / p.cellSize) + 2;
}

/** Why these intrinsics and parameters cannot run in the 16-bit kernel, or null. */
export function kernelFrameProblem(K: Intrinsics, p: MapParams): string | null {
  const stretch = maxRayStretch(K);
  if (stretch >= 3.9) return `the field of view is too wide for the mapper (largest ray stretch ${stretch.toFixed(2)}, below 3.9: about 150° across)`;
  if (p.maxDepth * DEPTH_UNITS_PER_M >= 32767) return `maxDepth ${p.maxDepth} m is beyond the mapper's 31.9 m`;
  if (rayQ(stretch / p.cellSize) < 10) return `cells of ${p.cellSize} m are too small for this field of view in the mapper's 16-bit arithmetic`;
  const W = 2 * windowRadius(K, p) + 1;
  if (2 * W * W > NO_CODE) return `maxDepth ${p.maxDepth} m over ${p.cellSize} m cells spans ${W} cells, more than the 181 a frame's window can hold`;
  return null;
}

/** Largest Q (≤ 14) with bound · 2^Q < 2^15 − 1. */
function rayQ(bound: number): number {
  return Math.min(14, Math.floor(Math.log2(32766 / bound)));
}

const clamp16 = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x)));

/**
 * The kernel's inputs for one frame: `A` rows of the map basis (right, forward, up) times the camera
 * rotation, `b` the camera position along them (metres), for a layer whose floor is at `floorUp` and
 * whose grid starts at world cell (ox, oz) with size gw × gh.
 */
export function kernelFrame(
  world: WorldFrame, pose: Mat4, K: Intrinsics, p: MapParams, floorUp: number,
  grid: { ox: number; oz: number; gw: number; gh: number }, endCap: number,
  out?: { ints: Int32Array; cols: Int16Array; rows: Int16Array },
): KernelFrame {
  const basis = [world.right, world.forward, world.up];
  const A: number[] = [], b: number[] = [];
  for (const [e0, e1, e2] of basis) {
    for (let j = 0; j < 3; j++) A.push(e0 * pose[j] + e1 * pose[4 + j] + e2 * pose[8 + j]);
    b.push(e0 * pose[3] + e1 * pose[7] + e2 * pose[11]);
  }
  const stretch = maxRayStretch(K);
  const q = rayQ(stretch / p.cellSize);
  const shift = q - 5; // d16 · r_q / 2^15 = metres / δ · 2^(q − 5)
  const R = windowRadius(K, p);
  const W = 2 * R + 1;
  const cxw = b[0] / p.cellSize, czw = b[1] / p.cellSize;
  const camX = Math.floor(cxw), camZ = Math.floor(czw);
  const sx = 2 ** q / p.cellSize, sh = 2 ** HEIGHT_RAY_Q;

  // Every term is below 2^15 in magnitude by the choice of q (kernelFrameProblem), so the Int16Array
  // stores never wrap. Written straight into the caller's buffers (the kernel's scratch) when given.
  const w8 = (K.width + 7) & ~7;
  const cols = out?.cols ?? new Int16Array(3 * w8);
  cols.fill(0);
  const c0 = A[0] * sx, c1 = A[3] * sx, c2 = A[6] * sh;
  for (let u = 0; u < K.width; u++) {
    const k = (u - K.cx) / K.fx;
    cols[u] = Math.round(c0 * k);
    cols[w8 + u] = Math.round(c1 * k);
    cols[2 * w8 + u] = Math.round(c2 * k);
  }
  const H = K.height;
  const rows = out?.rows ?? new Int16Array(3 * H);
  for (let v = 0; v < H; v++) {
    const k = (v - K.cy) / K.fy;
    rows[v] = Math.round((A[1] * k + A[2]) * sx);
    rows[H + v] = Math.round((A[4] * k + A[5]) * sx);
    rows[2 * H + v] = Math.round((A[7] * k + A[8]) * sh);
  }
  const ints = out?.ints ?? new Int32Array(INT_PARAMS);
  const hu = (m: number) => Math.round(m * HEIGHT_UNITS_PER_M);
  ints[I.gw] = grid.gw;
  ints[I.gh] = grid.gh;
  ints[I.ox] = grid.ox;
  ints[I.oz] = grid.oz;
  ints[I.endCap] = endCap;
  ints[I.camX] = camX - grid.ox;
  ints[I.camZ] = camZ - grid.oz;
  ints[I.R] = R;
  ints[I.W] = W;
  ints[I.shift] = shift;
  // camera position within its cell, plus R cells: a point's window column is (x + bx) >> shift
  ints[I.bx] = Math.round((cxw - camX) * 2 ** shift) + (R << shift);
  ints[I.bz] = Math.round((czw - camZ) * 2 ** shift) + (R << shift);
  ints[I.bh] = clamp16((b[2] - floorUp) * HEIGHT_UNITS_PER_M);
  ints[I.minD] = Math.round(p.minDepth * DEPTH_UNITS_PER_M);
  ints[I.maxD] = Math.round(p.maxDepth * DEPTH_UNITS_PER_M);
  ints[I.obsMin] = hu(p.obstacleMin);
  ints[I.obsMax] = hu(p.obstacleMax);
  ints[I.flMin] = hu(p.floorMin);
  ints[I.flMax] = hu(p.floorMax);
  return { ints, cols, rows, w8, camCell: { x: camX, z: camZ }, R };
}
