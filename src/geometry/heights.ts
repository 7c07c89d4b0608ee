import type { PlanarPose, WorldFrame } from './frames.js';
import type { Mat4, Vec3 } from './pose.js';

/**
 * Heights: the project's one convention. A point's height is its coordinate along the frame's `up`
 * (`heightOf`), measured from the plane through the world origin. A floor layer is named by the
 * height of its floor plane (`floorUp`); a camera riding `cameraHeight` above its floor stands at
 * height floorUp + cameraHeight (`floorUnder` inverts that). The mapper's bands (MapParams) are
 * heights above the layer's floor plane, heightOf(p) − floorUp. In NAVIGATOR_FRAME up = −y, so a
 * height is −y: the navigator's world is the first camera frame, whose y points down.
 */

/** Height of a world point above the plane through the origin, along `up`. */
export function heightOf(frame: WorldFrame, p: Vec3): number {
  return frame.up[0] * p[0] + frame.up[1] * p[1] + frame.up[2] * p[2];
}

/** Height of the floor under a camera at `camToWorld` that rides `cameraHeight` above it. */
export function floorUnder(frame: WorldFrame, camToWorld: Mat4, cameraHeight: number): number {
  return heightOf(frame, [camToWorld[3], camToWorld[7], camToWorld[11]]) - cameraHeight;
}

/**
 * Σ aᵢ·bᵢ over the terms whose basis component bᵢ is non-zero (0 when none is). Skipping the zero
 * components keeps an axis-aligned frame's entries exactly the plain coordinates, zeros' signs too,
 * which keeps the mapper's results bit-for-bit those of the per-axis formulas it replaced.
 */
function combine(...ab: number[]): number {
  let sum: number | null = null;
  for (let k = 0; k < ab.length; k += 2) {
    if (ab[k + 1] === 0) continue;
    const t = ab[k] * ab[k + 1];
    sum = sum === null ? t : sum + t;
  }
  return sum ?? 0;
}

/**
 * A level camera at planar pose (x, z, yaw) and height `height`: camera x along
 * cos ψ·right + sin ψ·forward, camera y along −up, camera z along −sin ψ·right + cos ψ·forward.
 */
export function levelPose(frame: WorldFrame, at: PlanarPose, height: number): Mat4 {
  const c = Math.cos(at.yaw),
    s = Math.sin(at.yaw);
  const { right: r, forward: f, up: u } = frame;
  const m = new Float64Array(16);
  for (let i = 0; i < 3; i++) {
    m[i * 4] = combine(c, r[i], s, f[i]);
    m[i * 4 + 1] = combine(-1, u[i]);
    m[i * 4 + 2] = combine(c, f[i], -s, r[i]);
    m[i * 4 + 3] = combine(at.x, r[i], at.z, f[i], height, u[i]);
  }
  m[15] = 1;
  return m;
}

/** Height of a camera-to-world pose's position, with `levelPose`'s treatment of zero components. */
export function cameraHeightOf(frame: WorldFrame, camToWorld: Mat4): number {
  const u = frame.up;
  return combine(camToWorld[3], u[0], camToWorld[7], u[1], camToWorld[11], u[2]);
}

/** A copy of camera-to-world `pose` moved `dh` along the frame's up (its orientation unchanged). */
export function raisePose(frame: WorldFrame, pose: Mat4, dh: number): Mat4 {
  const m = Float64Array.from(pose);
  m[3] += frame.up[0] * dh;
  m[7] += frame.up[1] * dh;
  m[11] += frame.up[2] * dh;
  return m;
}
