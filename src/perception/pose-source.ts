/**
 * What the navigator asks of localisation (paper 001 §3.2): a colour+depth frame in, a pose and a status out.
 * The harness depends only on this interface.
 */
import type { Mat4 } from '../geometry/index.js';
import type { RgbdFrame } from '../image/index.js';

/**
 * paper 001 §3.2 names ok | lost | initialising; the tracker also reports 'recently_lost' (the first
 * seconds after a failure, while it relocalises in the same map). Both lost states carry no pose and
 * must not write the map: use `hasPose`.
 */
export type TrackingStatus = 'initialising' | 'ok' | 'recently_lost' | 'lost';

export const hasPose = (s: TrackingStatus): boolean => s === 'ok';

export type { RgbdFrame };

/** A keyframe of an exported map, as far as moving the map needs it. */
export interface KeyframeStamp {
  id: number;
  /** the timestamp of the frame it was made from, s */
  timestamp: number;
}

export interface PoseEstimate {
  status: TrackingStatus;
  /** camera-to-world in the current map's world frame; null unless status is 'ok' */
  pose: Mat4 | null;
  /** which map the pose is in; a new id means a fresh map (re-anchor, paper 001 §3.2). 0 before any map. */
  mapId: number;
  /**
   * Set on the frame where the source moved late from a map of its own into a loaded one (the body
   * reached a place the loaded map knows): the map it left and this same frame's pose there, so that
   * the two worlds can be tied by one frame's two poses.
   */
  handover?: { mapId: number; pose: Mat4 };
  /** set when this frame became a keyframe of the current map (its depth is worth keeping) */
  keyframe?: true;
  /** set on the frame whose tracking closed a loop: the current map's keyframe poses were corrected */
  loopClosed?: true;
  /**
   * with `loopClosed`: the timestamp of the frame whose keyframe the closure matched (the place met
   * again), when the source can name that frame (a map made of its own frames only)
   */
  loopMatchedAt?: number;
}

/** A keyframe of the current map with its (possibly corrected) camera-to-world pose in that map. */
export interface KeyframePose extends KeyframeStamp {
  pose: Mat4;
}

export interface PoseSource {
  readonly name: string;
  /**
   * `motion`: what the body was commanded to do since the previous frame, as the camera's motion (the
   * current camera's pose in the previous camera's frame, 4×4 row-major); a source may use it as
   * odometry (the tracker does) or ignore it. Absent when unknown (a recording, a relocation).
   */
  estimate(frame: RgbdFrame, motion?: Mat4): PoseEstimate;
  /** forget every map (a new house) */
  reset(): void;
  /**
   * The current map as bytes that `importMap` of the same kind of source takes back (a house memory
   * keeps it across runs); null while there is no map. Absent: the source cannot keep a map.
   */
  exportMap?(): Uint8Array | null;
  /**
   * Runs the mapping the source spreads over frames (a keyframe's adjustment, a loop search, a closure
   * under way) to its end, between frames, so that `exportMap` and `keyframePoses` give the adjusted,
   * corrected map; true when a loop closed (the next estimate reports it too). Absent: nothing is spread.
   */
  settle?(): boolean;
  /**
   * A whole-map adjustment of the current map between frames (its pending mapping settled first), so
   * that the map a house memory keeps does not carry the drift the local adjustments left in it; a
   * summary when it ran, null when it did not (no map, or a map holding a house memory's keyframes:
   * the memory's grids are drawn at their poses and would no longer agree). Absent: nothing to adjust.
   */
  adjustMap?(): MapAdjustment | null;
  /** Replaces every map by an exported one; the next frames localise in it (the body may be anywhere). */
  importMap?(bytes: Uint8Array): void;
  /**
   * Leaves the imported map after the caller refuted a relocalisation in it (a look-alike place): the
   * map is taken back as it was imported, and the next frames open a map of their own unless they
   * relocalise in it again; `forget`: the imported map is dropped for good. False: nothing was imported.
   */
  leaveImportedMap?(forget?: boolean): boolean;
  /**
   * The current map's keyframes with their poses as they stand now (after a loop closure corrected
   * them); empty while there is no map. Absent: the source's maps have none.
   */
  keyframePoses?(): KeyframePose[];
  /** The keyframes of an exported map. Absent: the source's maps have none. */
  mapKeyframes?(bytes: Uint8Array): KeyframeStamp[];
  /** An exported map with each keyframe k moved into another world (its pose P becomes worldOf(k)·P). */
  moveMap?(bytes: Uint8Array, worldOf: (k: KeyframeStamp) => Mat4): Uint8Array;
  dispose(): void;
}

/** What a whole-map adjustment did (PoseSource.adjustMap). */
export interface MapAdjustment {
  /** wall time, ms */
  ms: number;
  /** the adjustment's cost over every observation, before and after */
  costBefore: number;
  costAfter: number;
  keyframes: number;
}
