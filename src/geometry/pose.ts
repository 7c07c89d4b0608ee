/**
 * Rigid poses. One convention for the whole project:
 * - camera axes as in OpenCV / ORB-SLAM: x right, y down, z forward;
 * - a pose is camera-to-world, a row-major 4×4 in a Float64Array(16): p_world = R·p_cam + t,
 *   with R in elements [0..2, 4..6, 8..10] and t in [3, 7, 11];
 * - quaternions in the TUM order (qx, qy, qz, qw), unit length.
 */
export type Vec3 = readonly [number, number, number];
export type Mat4 = Float64Array; // length 16, row-major
export type Quat = readonly [number, number, number, number]; // x, y, z, w

export function identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function fromRotationTranslation(r: ArrayLike<number>, t: Vec3): Mat4 {
  const m = identity();
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) m[i * 4 + j] = r[i * 3 + j];
    m[i * 4 + 3] = t[i];
  }
  return m;
}

export function fromQuatTranslation(q: Quat, t: Vec3): Mat4 {
  const [x, y, z, w] = q;
  const n = Math.hypot(x, y, z, w);
  const qx = x / n,
    qy = y / n,
    qz = z / n,
    qw = w / n;
  const r = [
    1 - 2 * (qy * qy + qz * qz),
    2 * (qx * qy - qz * qw),
    2 * (qx * qz + qy * qw),
    2 * (qx * qy + qz * qw),
    1 - 2 * (qx * qx + qz * qz),
    2 * (qy * qz - qx * qw),
    2 * (qx * qz - qy * qw),
    2 * (qy * qz + qx * qw),
    1 - 2 * (qx * qx + qy * qy),
  ];
  return fromRotationTranslation(r, t);
}

export function toQuat(m: Mat4): Quat {
  const r00 = m[0],
    r01 = m[1],
    r02 = m[2],
    r10 = m[4],
    r11 = m[5],
    r12 = m[6],
    r20 = m[8],
    r21 = m[9],
    r22 = m[10];
  const tr = r00 + r11 + r22;
  let x: number, y: number, z: number, w: number;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    w = 0.25 * s;
    x = (r21 - r12) / s;
    y = (r02 - r20) / s;
    z = (r10 - r01) / s;
  } else if (r00 > r11 && r00 > r22) {
    const s = Math.sqrt(1 + r00 - r11 - r22) * 2;
    w = (r21 - r12) / s;
    x = 0.25 * s;
    y = (r01 + r10) / s;
    z = (r02 + r20) / s;
  } else if (r11 > r22) {
    const s = Math.sqrt(1 + r11 - r00 - r22) * 2;
    w = (r02 - r20) / s;
    x = (r01 + r10) / s;
    y = 0.25 * s;
    z = (r12 + r21) / s;
  } else {
    const s = Math.sqrt(1 + r22 - r00 - r11) * 2;
    w = (r10 - r01) / s;
    x = (r02 + r20) / s;
    y = (r12 + r21) / s;
    z = 0.25 * s;
  }
  return w < 0 ? [-x, -y, -z, -w] : [x, y, z, w];
}

export function translation(m: Mat4): Vec3 {
  return [m[3], m[7], m[11]];
}

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(16);
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[i * 4 + k] * b[k * 4 + j];
      out[i * 4 + j] = s;
    }
  }
  return out;
}

/** Inverse of a rigid transform: [Rᵀ | −Rᵀt]. */
export function invert(m: Mat4): Mat4 {
  const out = identity();
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i * 4 + j] = m[j * 4 + i];
  for (let i = 0; i < 3; i++) out[i * 4 + 3] = -(out[i * 4] * m[3] + out[i * 4 + 1] * m[7] + out[i * 4 + 2] * m[11]);
  return out;
}

export function transformPoint(m: Mat4, p: Vec3): Vec3 {
  return [m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3], m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7], m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11]];
}

/** Why a pose is unusable, or null: finite entries, orthonormal rotation with det +1, last row 0 0 0 1. */
export function poseProblem(m: ArrayLike<number>, tolerance = 1e-3): string | null {
  if (m.length !== 16) return `a pose has 16 numbers (row-major 4×4), got ${m.length}`;
  for (let i = 0; i < 16; i++) if (!Number.isFinite(m[i])) return `pose element ${i} is ${m[i]}; every element must be finite`;
  if (Math.abs(m[12]) > tolerance || Math.abs(m[13]) > tolerance || Math.abs(m[14]) > tolerance || Math.abs(m[15] - 1) > tolerance) {
    return 'the last row of a pose must be 0 0 0 1';
  }
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      let dot = 0;
      for (let k = 0; k < 3; k++) dot += m[k * 4 + i] * m[k * 4 + j];
      if (Math.abs(dot - (i === j ? 1 : 0)) > tolerance) return 'the rotation part of the pose is not orthonormal';
    }
  }
  const det = m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8]) + m[2] * (m[4] * m[9] - m[5] * m[8]);
  if (det < 0) return 'the rotation part of the pose is a reflection (determinant −1)';
  return null;
}
