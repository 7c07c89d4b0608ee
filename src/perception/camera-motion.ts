/** The commanded camera motion a frame may come with (Tracker.track's odometry), validated before it reaches the wasm. */
import { type Mat4, z } from '../geometry/index.js';

/** how far R·Rᵀ may be from the identity (Frobenius norm) for a rotation */
const RIGID_TOL = 1e-6;

/**
 * A commanded camera motion (track()'s `motion`): the current camera's pose in the previous camera's
 * frame, row-major 4×4, OpenCV axes; a forward step of d metres is a translation (0, 0, d), a left
 * turn in place by θ a rotation of −θ about the camera's y axis (which points down).
 */
export const CameraMotionSchema = z
  .custom<Mat4 | number[]>((v) => (v instanceof Float64Array || Array.isArray(v)) && v.length === 16, {
    message: 'must be 16 numbers (a row-major 4×4 matrix)',
  })
  .check(
    z.refine((m) => Array.from(m).every((x) => typeof x === 'number' && Number.isFinite(x)), { message: 'must hold finite numbers only' }),
    z.refine((m) => m[12] === 0 && m[13] === 0 && m[14] === 0 && m[15] === 1, { message: 'must have the last row 0 0 0 1' }),
    z.refine(
      (m) => {
        // R·Rᵀ = I and det R = +1: a rotation, not a reflection or a scaled matrix
        let off = 0;
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++) {
            const d = m[i * 4] * m[j * 4] + m[i * 4 + 1] * m[j * 4 + 1] + m[i * 4 + 2] * m[j * 4 + 2] - (i === j ? 1 : 0);
            off += d * d;
          }
        const det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8]) + m[2] * (m[4] * m[9] - m[5] * m[8]);
        return Math.sqrt(off) <= RIGID_TOL && det > 0;
      },
      { message: 'must be a rigid motion (its 3×3 block a rotation)' },
    ),
  );
export type CameraMotion = z.input<typeof CameraMotionSchema>;
