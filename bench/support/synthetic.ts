/**
 * Synthetic depth frames for tests: a seeded PRNG, random rigid poses, and exact ray casting against
 * axis-aligned boxes (a room with furniture) in the navigator's frame (y down, floor at y = +floorY).
 */
import { fromRotationTranslation, type Mat4, type Vec3 } from '../../src/geometry/pose.js';
import type { Intrinsics } from '../../src/geometry/intrinsics.js';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** R = Ry(yaw)·Rx(pitch)·Rz(roll) in the camera's axes (y down); yaw > 0 turns left. */
export function cameraPose(t: Vec3, yaw: number, pitch = 0, roll = 0): Mat4 {
  const cy = Math.cos(-yaw),
    sy = Math.sin(-yaw),
    cp = Math.cos(pitch),
    sp = Math.sin(pitch),
    cr = Math.cos(roll),
    sr = Math.sin(roll);
  const Ry = [cy, 0, sy, 0, 1, 0, -sy, 0, cy];
  const Rx = [1, 0, 0, 0, cp, -sp, 0, sp, cp];
  const Rz = [cr, -sr, 0, sr, cr, 0, 0, 0, 1];
  const mul = (a: number[], b: number[]) => {
    const o = new Array(9).fill(0);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) o[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
    return o;
  };
  return fromRotationTranslation(mul(mul(Ry, Rx), Rz), t);
}

export interface Box {
  min: Vec3;
  max: Vec3;
}

/** Depth (camera z) of the nearest hit along each pixel's ray; inside-out room box plus solid boxes. */
export function castDepth(K: Intrinsics, pose: Mat4, room: Box, solids: Box[]): Float32Array {
  const out = new Float32Array(K.width * K.height);
  const o: Vec3 = [pose[3], pose[7], pose[11]];
  for (let v = 0; v < K.height; v++) {
    for (let u = 0; u < K.width; u++) {
      const dc: Vec3 = [(u - K.cx) / K.fx, (v - K.cy) / K.fy, 1]; // camera ray with z = 1
      const d: Vec3 = [
        pose[0] * dc[0] + pose[1] * dc[1] + pose[2] * dc[2],
        pose[4] * dc[0] + pose[5] * dc[1] + pose[6] * dc[2],
        pose[8] * dc[0] + pose[9] * dc[1] + pose[10] * dc[2],
      ];
      let best = Infinity;
      // room: exit distance of the inside-out box
      let exit = Infinity;
      for (let a = 0; a < 3; a++) {
        if (d[a] > 1e-12) exit = Math.min(exit, (room.max[a] - o[a]) / d[a]);
        else if (d[a] < -1e-12) exit = Math.min(exit, (room.min[a] - o[a]) / d[a]);
      }
      best = exit;
      for (const b of solids) {
        let t0 = -Infinity,
          t1 = Infinity;
        for (let a = 0; a < 3; a++) {
          if (Math.abs(d[a]) < 1e-12) {
            if (o[a] < b.min[a] || o[a] > b.max[a]) {
              t0 = Infinity;
              break;
            }
            continue;
          }
          const ta = (b.min[a] - o[a]) / d[a],
            tb = (b.max[a] - o[a]) / d[a];
          t0 = Math.max(t0, Math.min(ta, tb));
          t1 = Math.min(t1, Math.max(ta, tb));
        }
        if (t0 <= t1 && t0 > 0 && t0 < best) best = t0;
      }
      out[v * K.width + u] = best; // t along a ray with camera z = 1 is the depth
    }
  }
  return out;
}

/** A 6×5 m room (floor at y = +0.88 below a camera at y = 0) with a table, a sofa and a pillar. */
export const ROOM: Box = { min: [-3, -1.62, -1], max: [3, 0.88, 4] };
export const FURNITURE: Box[] = [
  { min: [1, 0.13, 1.5], max: [2, 0.88, 2.3] },
  { min: [-2.8, 0.38, 2.8], max: [-0.8, 0.88, 3.8] },
  { min: [-0.5, -1.62, 0.8], max: [-0.2, 0.88, 1.1] },
];
