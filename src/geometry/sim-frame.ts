/**
 * The one place that converts between the simulator's frame and the navigator's convention.
 *
 * Sim frame: right-handed, y up, metres (glTF/Recast). A body stands at a floor point with heading
 * `yaw` about +y: yaw 0 looks along −z, a left turn increases yaw; forward = (−sin yaw, 0, −cos yaw).
 * The camera carries OpenCV axes (x right, y down, z forward) at `height` above the floor point.
 *
 * Navigator convention for ground-truth poses: camera-to-world 4×4 with OpenCV camera axes in a world
 * whose up is −y (NAVIGATOR_FRAME): the sim world turned half a turn about x, S = diag(1, −1, −1).
 */
import type { Mat4, Vec3 } from './pose.js';

/** Camera-to-sim-world pose (OpenCV camera axes) of a body at floor point p with heading yaw. */
export function simCameraPose(p: Vec3, yaw: number, height: number, pitch = 0): Mat4 {
  const s = Math.sin(yaw),
    c = Math.cos(yaw);
  const sp = Math.sin(pitch),
    cp = Math.cos(pitch);
  const fwd: Vec3 = [-s * cp, sp, -c * cp]; // pitch > 0 tilts the view up
  const right: Vec3 = [c, 0, -s];
  // down = fwd × right keeps (right, down, fwd) right-handed
  const down: Vec3 = [fwd[1] * right[2] - fwd[2] * right[1], fwd[2] * right[0] - fwd[0] * right[2], fwd[0] * right[1] - fwd[1] * right[0]];
  const m = new Float64Array(16);
  for (let i = 0; i < 3; i++) {
    m[i * 4] = right[i];
    m[i * 4 + 1] = down[i];
    m[i * 4 + 2] = fwd[i];
  }
  m[3] = p[0];
  m[7] = p[1] + height;
  m[11] = p[2];
  m[15] = 1;
  return m;
}

/** Sim-world camera pose → navigator-convention camera-to-world pose (left-multiplied by S). */
export function simPoseToNavigator(simCamToWorld: Mat4): Mat4 {
  const m = new Float64Array(simCamToWorld);
  for (let j = 0; j < 4; j++) {
    m[4 + j] = -m[4 + j];
    m[8 + j] = -m[8 + j];
  }
  return m;
}

/** A sim-world point in the navigator convention's world (S · p), the frame simPoseToNavigator's poses live in. */
export function simPointToNavigator(p: Vec3): Vec3 {
  return [p[0], -p[1], -p[2]];
}

/** Heading of the sim forward direction (dx, dz): the yaw for which forward points along it. */
export function yawOfDirection(dx: number, dz: number): number {
  return Math.atan2(-dx, -dz);
}
