/**
 * Habitat's stage frames. A stage file says which of its axes are up and front; habitat-sim rotates
 * the mesh so that up becomes world +Y and front world −Z (ResourceManager `rotationFrameToWorld`).
 * Every `.glb` stage of HM3D and MP3D is up +Z, front +Y, so world = (x, z, −y): −90° about X.
 * Episodes, view points and navmeshes are in that rotated, y-up world frame, which is also the
 * simulator's frame, so only meshes are converted.
 */
import type { Vec3 } from '../../geometry/index.js';

export const HABITAT_MESH_UP: Vec3 = [0, 0, 1];
export const HABITAT_MESH_FRONT: Vec3 = [0, 1, 0];

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/**
 * The rotation from a stage's file frame into the y-up world, as a column-major 4×4 matrix (glTF
 * order). Rows are the file's right, up and back axes. Throws when up and front are not unit length
 * and perpendicular, naming both.
 */
export function stageFrameMatrix(up: Vec3, front: Vec3): number[] {
  const lu = Math.hypot(...up),
    lf = Math.hypot(...front);
  if (Math.abs(lu - 1) > 1e-4 || Math.abs(lf - 1) > 1e-4 || Math.abs(dot(up, front)) > 1e-4) {
    throw new Error(`stage frame: up [${up.join(', ')}] and front [${front.join(', ')}] must be perpendicular unit vectors`);
  }
  const back: Vec3 = [-front[0], -front[1], -front[2]];
  const right = cross(up, back);
  // column-major: element (row r, column c) at c * 4 + r
  return [right[0], up[0], back[0], 0, right[1], up[1], back[1], 0, right[2], up[2], back[2], 0, 0, 0, 0, 1];
}

/** A point of the y-up world in the coordinates of a +Z-up, +Y-front stage file: (x, −z, y). */
export function worldToZUp(p: Vec3): Vec3 {
  return [p[0], -p[2], p[1]];
}

/** Habitat's yaw-only rotation [x, y, z, w] for a heading about +Y (the simulator's yaw). */
export function yawQuaternion(yaw: number): [number, number, number, number] {
  return [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)];
}
