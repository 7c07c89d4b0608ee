import type { Mat4, Vec3 } from './pose.js';

/**
 * A world frame's horizontal basis and vertical: `right` (e1) and `forward` (e2) span the floor,
 * `up` points against gravity; (right, forward, up) is right-handed. Map images draw +right to the
 * right and +forward upwards.
 *
 * The navigator's world is the first camera frame seen in the house (OpenCV axes): up = −y,
 * right = +x, forward = +z. Datasets like TUM have z up. Heights along `up`: see heights.ts.
 */
export interface WorldFrame {
  readonly right: Vec3;
  readonly forward: Vec3;
  readonly up: Vec3;
}

export const NAVIGATOR_FRAME: WorldFrame = { right: [1, 0, 0], forward: [0, 0, 1], up: [0, -1, 0] };
export const Z_UP_FRAME: WorldFrame = { right: [1, 0, 0], forward: [0, 1, 0], up: [0, 0, 1] };

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

export function frameProblem(f: WorldFrame): string | null {
  for (const [name, v] of [
    ['right', f.right],
    ['forward', f.forward],
    ['up', f.up],
  ] as const) {
    if (!v.every(Number.isFinite) || Math.abs(dot(v, v) - 1) > 1e-6) return `world frame '${name}' must be a finite unit vector`;
  }
  if (Math.abs(dot(f.right, f.forward)) > 1e-6 || Math.abs(dot(f.right, f.up)) > 1e-6 || Math.abs(dot(f.forward, f.up)) > 1e-6) {
    return 'world frame axes must be mutually perpendicular';
  }
  const c = cross(f.right, f.forward);
  if (dot(c, f.up) < 0) return 'world frame must be right-handed: right × forward = up';
  return null;
}

/** Planar pose on the floor: position along (right, forward) and yaw, positive for a left turn. */
export interface PlanarPose {
  x: number;
  z: number;
  yaw: number;
}

export function planarPoint(frame: WorldFrame, p: Vec3): { x: number; z: number } {
  return { x: dot(frame.right, p), z: dot(frame.forward, p) };
}

/** Planar pose of a camera-to-world pose: yaw 0 looks along +forward; a left turn increases yaw. */
export function planarPose(frame: WorldFrame, camToWorld: Mat4): PlanarPose {
  const t: Vec3 = [camToWorld[3], camToWorld[7], camToWorld[11]];
  const look: Vec3 = [camToWorld[2], camToWorld[6], camToWorld[10]]; // camera +z in world
  const { x, z } = planarPoint(frame, t);
  const lx = dot(frame.right, look),
    lz = dot(frame.forward, look);
  return { x, z, yaw: Math.atan2(-lx, lz) };
}
