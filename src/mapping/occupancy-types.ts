/** What an occupancy map takes and gives (occupancy-map.ts): a depth frame, a frame's integration counts, a floor's cells. */
import type { Intrinsics } from '../geometry/index.js';

/** A depth frame: float32 metres, row-major, `width`×`height`; ≤ 0, NaN, ±∞ mean "no reading". */
export interface DepthFrame {
  intrinsics: Intrinsics;
  depth: Float32Array;
}

export interface IntegrateStats {
  layer: number;
  validPixels: number;
  obstaclePoints: number;
  floorPoints: number;
  endpointCells: number;
  carvedCells: number;
  /** with column shadows: cells the frame would have freed but did not see whole (0 without) */
  shadowedCells: number;
  cameraCell: { x: number; z: number };
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

export interface GridSnapshot {
  /** world cell index of column 0 / row 0 */
  originX: number;
  originZ: number;
  width: number;
  height: number;
  /** one byte per cell: 0 unknown, 1 free, 2 obstacle; row-major, row index = z − originZ */
  cells: Uint8Array;
}
