/**
 * Habitat's world frame → the project's world frame, the one conversion every benchmark loader
 * applies as it reads a file (nothing past the loaders sees a habitat quaternion).
 *
 * Habitat's world (habitat-lab `Episode`, habitat-sim coordinate-frame tutorial): metres,
 * right-handed, +y up, an agent looks along its local −z, rotations are quaternions stored
 * [x, y, z, w]. The project's sim frame (src/geometry/sim-frame.ts) is the same: +y up, yaw about +y,
 * yaw 0 looks along −z, forward = (−sin yaw, 0, −cos yaw). Positions therefore carry over unchanged;
 * a rotation becomes the heading (and, for goal cameras, the pitch) of the direction it turns −z into.
 * The +Z-up GLB stages are rotated into this frame by the scene loader, not here.
 */
import { yawOfDirection, type Vec3 } from '../../geometry/index.js';

/** A habitat quaternion, [x, y, z, w]. */
export type HabitatQuaternion = readonly [number, number, number, number];

/** `v` rotated by the unit quaternion `q` ([x, y, z, w]; normalised here, files carry rounding). */
export function rotateByQuaternion(q: HabitatQuaternion, v: Vec3): Vec3 {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(n > 0)) throw new Error(`a rotation quaternion must not be zero, got [${q.join(', ')}]`);
  const x = q[0] / n,
    y = q[1] / n,
    z = q[2] / n,
    w = q[3] / n;
  // v' = v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
  const tx = 2 * (y * v[2] - z * v[1]),
    ty = 2 * (z * v[0] - x * v[2]),
    tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** Heading (yaw about +y, radians, 0 along −z) and pitch (radians, > 0 looks up) of a habitat rotation. */
export function habitatHeading(q: HabitatQuaternion): { yaw: number; pitch: number } {
  const f = rotateByQuaternion(q, [0, 0, -1]);
  const horizontal = Math.hypot(f[0], f[2]);
  return { yaw: horizontal > 1e-9 ? yawOfDirection(f[0], f[2]) : 0, pitch: Math.atan2(f[1], horizontal) };
}

/** A habitat position in the project's frame (the same axes; a copy, so the file's arrays are not shared). */
export function habitatPosition(p: readonly number[]): Vec3 {
  return [p[0], p[1], p[2]];
}

/** The habitat quaternion of a level heading: the inverse of `habitatHeading` for pitch 0 (writers and tests). */
export function quaternionOfYaw(yaw: number): HabitatQuaternion {
  return [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
}
