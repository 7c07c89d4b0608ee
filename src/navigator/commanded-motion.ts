/**
 * The camera motion a commanded sub-motion predicts: the odometry the navigator hands the pose source
 * with each frame (PoseSource.estimate's `motion`; the tracker's motion prior). The body's camera sits
 * level on its turning axis (paper 001 §3.2), so a forward step moves the camera along its own z axis and a
 * turn in place only turns it about its y axis (which points down: a left turn is −θ about y).
 */
import type { Mat4 } from '../geometry/index.js';
import { SUB_MOTION_DEGREES, SUB_MOTION_METRES, type SubMotion } from '../body/index.js';

/** What the body was told to do before the frame: a sub-motion, or nothing (observe). */
export type CommandedMotion = SubMotion | 'still';

/**
 * The current camera's pose in the previous camera's frame (row-major 4×4, OpenCV axes) after
 * `motion`; undefined when the command says nothing reliable: a forward the body reported blocked
 * moved an unknown amount, possibly sliding along the wall.
 */
export function commandedCameraMotion(motion: CommandedMotion, blocked = false): Mat4 | undefined {
  if (motion === 'forward' && blocked) return undefined;
  const th = motion === 'left' ? (SUB_MOTION_DEGREES * Math.PI) / 180 : motion === 'right' ? (-SUB_MOTION_DEGREES * Math.PI) / 180 : 0;
  const c = Math.cos(th),
    s = Math.sin(th);
  const d = motion === 'forward' ? SUB_MOTION_METRES : 0;
  return new Float64Array([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, d, 0, 0, 0, 1]);
}
