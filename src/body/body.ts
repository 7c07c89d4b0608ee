/**
 * The body the navigator drives: one sub-motion at a time (paper 001 §3.2: a coarse action is 5 sub-motions
 * of 0.05 m or 3°), each returning one RGB-D frame at a synthetic 10 Hz, whether the motion collided,
 * and whether the environment has terminated the task.
 */
import type { Intrinsics } from '../geometry/index.js';
import type { RgbdFrame } from '../image/index.js';

export type SubMotion = 'forward' | 'left' | 'right';

export const SUB_MOTION_METRES = 0.05;
export const SUB_MOTION_DEGREES = 3;
export const FRAME_PERIOD_S = 0.1;

/** A body's view: an RGB-D frame stamped with the synthetic 10 Hz clock. */
export type BodyFrame = RgbdFrame;

export interface SubMotionResult {
  frame: BodyFrame;
  /**
   * the frame's buffers are views that the body's next motion or observation overwrites (only when
   * the caller asked for a transient frame); copy it with `ownFrame` to keep it
   */
  transient?: boolean;
  /** the body moved less than requested (it slid along or stopped at an obstacle) */
  collided: boolean;
  /** the environment ended the task; further motions do nothing */
  terminated: boolean;
}

export interface ExecuteOptions {
  transient?: boolean;
}

/** An owned copy of a frame (buffers detached from whatever produced them). */
export function ownFrame(f: BodyFrame): BodyFrame {
  const o: BodyFrame = { ...f, rgb: f.rgb.slice(), depth: f.depth.slice() };
  if (f.ids) o.ids = f.ids.slice();
  return o;
}

export interface Body {
  readonly intrinsics: Intrinsics;
  /** camera height above the floor, metres */
  readonly cameraHeight: number;
  /**
   * `transient: true` allows the body to return its frame without copying it out of the sensor's
   * buffers (the caller uses it before the next motion or copies it); a body may ignore it.
   */
  execute(motion: SubMotion, opts?: ExecuteOptions): Promise<SubMotionResult>;
  /** the current view without moving (does not advance the clock) */
  observe(): Promise<BodyFrame>;
}
