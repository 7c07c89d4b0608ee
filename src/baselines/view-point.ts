/**
 * Placing what a view shows in the navigator's ESTIMATED world: a pixel and its depth, back-projected
 * with the body's intrinsics and the estimated camera pose, never the simulator's.
 */
import { NAVIGATOR_FRAME, planarPose, type Intrinsics, transformPoint, type Mat4 } from '../geometry/index.js';
import type { PlanarPoint } from '../mapping/index.js';

/** The planar point seen at pixel (u, v) and depth d (m) by a camera at `pose` (camera-to-world). */
export function planarPointAt(pose: Mat4, K: Intrinsics, u: number, v: number, d: number): PlanarPoint {
  const p = transformPoint(pose, [((u - K.cx) / K.fx) * d, ((v - K.cy) / K.fy) * d, d]);
  const q = planarPose(NAVIGATOR_FRAME, new Float64Array([1, 0, 0, p[0], 0, 1, 0, p[1], 0, 0, 1, p[2], 0, 0, 0, 1]));
  return { x: q.x, z: q.z };
}
