import type { Mat4, WorldFrame } from '../geometry/index.js';
import { P_CAMERA, P_ROTATION } from './mapper-abi.js';

/**
 * The 12 pose numbers navcore's classifier takes (its params slots P_ROTATION to P_CAMERA + 2):
 * rows 0–2 are the map basis (right/δ, forward/δ, up) times the camera rotation, then the camera
 * position in world cells along right and forward and its height above the floor plane
 * (heightOf − floorUp, geometry/heights.ts). Folding δ and the floor into the pose here (in double
 * precision, once per frame) saves the kernel a multiply per axis and a subtraction per pixel.
 */
export function kernelPose(frame: WorldFrame, pose: Mat4, cellSize: number, floorUp: number): number[] {
  const basis = [frame.right, frame.forward, frame.up];
  const scale = [1 / cellSize, 1 / cellSize, 1];
  const out = new Array<number>(12);
  for (let i = 0; i < 3; i++) {
    const [e0, e1, e2] = basis[i];
    for (let j = 0; j < 3; j++) out[P_ROTATION + i * 3 + j] = (e0 * pose[j] + e1 * pose[4 + j] + e2 * pose[8 + j]) * scale[i];
    out[P_CAMERA + i] = (e0 * pose[3] + e1 * pose[7] + e2 * pose[11]) * scale[i];
  }
  out[P_CAMERA + 2] -= floorUp;
  return out;
}

/**
 * The inverse of the 3×3 map of `kernelPose` (its first nine numbers): (right, forward in cells; up
 * in metres) → camera coordinates in metres, row-major, for navcore's column-shadow test (params
 * P_INVERSE). In double precision, by the adjugate.
 */
export function kernelInverse(kp: readonly number[]): number[] {
  const [a, b, c, d, e, f, g, h, i] = kp.slice(P_ROTATION, P_ROTATION + 9);
  const A = e * i - f * h,
    B = f * g - d * i,
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  return [A, c * h - b * i, b * f - c * e, B, a * i - c * g, c * d - a * f, C, b * g - a * h, a * e - b * d].map((x) => x / det);
}
