/**
 * What the navigator asks of localisation (SPEC §2): a colour+depth frame in, a pose and a status out.
 * The harness depends only on this interface.
 */
import type { Mat4 } from '../geometry/pose.js';

export type TrackingStatus = 'initialising' | 'ok' | 'recently_lost' | 'lost';

export interface RgbdFrame {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, row-major */
  rgb: Uint8Array;
  /** metres, 0 (or non-finite) where there is no measurement */
  depth: Float32Array;
  /** seconds */
  timestamp: number;
}

export interface PoseEstimate {
  status: TrackingStatus;
  /** camera-to-world in the current map's world frame; null unless status is 'ok' */
  pose: Mat4 | null;
  /** which map the pose is in; a new id means a fresh map (re-anchor, SPEC §2). 0 before any map. */
  mapId: number;
}

export interface PoseSource {
  readonly name: string;
  estimate(frame: RgbdFrame): PoseEstimate;
  /** forget every map (a new house) */
  reset(): void;
  dispose(): void;
}
