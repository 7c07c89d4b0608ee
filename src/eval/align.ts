/**
 * Least-squares alignment of point sets (Umeyama 1991), rigid (SE(3)) or with scale (Sim(3)), solved
 * with Horn's unit-quaternion method: the rotation is the eigenvector of the largest eigenvalue of a
 * symmetric 4×4 matrix, which is always a proper rotation. With scale, s = Σ ref'·R·est' / Σ |est'|²
 * over the centred points, which is Umeyama's tr(DS)/σ² for the same rotation.
 */
import { fromQuatTranslation, type Mat4, type Vec3 } from '../geometry/index.js';

/** Eigen-decomposition of a symmetric n×n matrix by cyclic Jacobi rotations. */
export function symmetricEigen(a: number[][]): { values: number[]; vectors: number[][] } {
  const n = a.length;
  const m = a.map((r) => [...r]);
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += m[p][q] * m[p][q];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(m[p][q]) < 1e-300) continue;
        const theta = (m[q][q] - m[p][p]) / (2 * m[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = m[k][p],
            mkq = m[k][q];
          m[k][p] = c * mkp - s * mkq;
          m[k][q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p][k],
            mqk = m[q][k];
          m[p][k] = c * mpk - s * mqk;
          m[q][k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p],
            vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: m.map((r, i) => r[i]), vectors: v };
}

export type Alignment = 'se3' | 'sim3';

export interface AlignmentResult {
  /** maps estimate points onto the reference: p ↦ s·R·p + t (the scale is folded into the 3×3 block) */
  transform: Mat4;
  /** 1 for a rigid alignment */
  scale: number;
}

/** The rigid transform T minimising Σ |ref_i − T·est_i|². Needs ≥ 3 pairs. */
export function alignRigid(ref: readonly Vec3[], est: readonly Vec3[]): Mat4 {
  return alignPoints(ref, est, 'se3').transform;
}

/** The SE(3) or Sim(3) transform minimising Σ |ref_i − T·est_i|². Needs ≥ 3 pairs. */
export function alignPoints(ref: readonly Vec3[], est: readonly Vec3[], kind: Alignment): AlignmentResult {
  const n = ref.length;
  if (n !== est.length) throw new Error(`alignment needs equally many points, got ${n} and ${est.length}`);
  if (n < 3) throw new Error(`alignment needs at least 3 point pairs, got ${n}`);
  const mr: number[] = [0, 0, 0],
    me: number[] = [0, 0, 0];
  for (let i = 0; i < n; i++)
    for (let k = 0; k < 3; k++) {
      mr[k] += ref[i][k] / n;
      me[k] += est[i][k] / n;
    }
  // S[a][b] = Σ est_a · ref_b (centred)
  const S = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) S[a][b] += (est[i][a] - me[a]) * (ref[i][b] - mr[b]);
  }
  const T = hornRotation(S);
  let scale = 1;
  if (kind === 'sim3') {
    let num = 0,
      den = 0;
    for (let i = 0; i < n; i++) {
      const e = [est[i][0] - me[0], est[i][1] - me[1], est[i][2] - me[2]];
      for (let r = 0; r < 3; r++) num += (ref[i][r] - mr[r]) * (T[r * 4] * e[0] + T[r * 4 + 1] * e[1] + T[r * 4 + 2] * e[2]);
      den += e[0] * e[0] + e[1] * e[1] + e[2] * e[2];
    }
    if (!(den > 0) || !(num > 0)) throw new Error('Sim(3) alignment needs estimate points that are not all in one place and a positive scale');
    scale = num / den;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) T[r * 4 + c] *= scale;
  }
  // t = mean(ref) − s·R·mean(est)
  T[3] = mr[0] - (T[0] * me[0] + T[1] * me[1] + T[2] * me[2]);
  T[7] = mr[1] - (T[4] * me[0] + T[5] * me[1] + T[6] * me[2]);
  T[11] = mr[2] - (T[8] * me[0] + T[9] * me[1] + T[10] * me[2]);
  return { transform: T, scale };
}

/** The rotation (as a pose with zero translation) maximising Σ ref'·R·est' for the cross-covariance S. */
function hornRotation(S: number[][]): Mat4 {
  const [[xx, xy, xz], [yx, yy, yz], [zx, zy, zz]] = S;
  const N = [
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ];
  const { values, vectors } = symmetricEigen(N);
  let best = 0;
  for (let i = 1; i < 4; i++) if (values[i] > values[best]) best = i;
  const w = vectors[0][best],
    x = vectors[1][best],
    y = vectors[2][best],
    z = vectors[3][best];
  return fromQuatTranslation([x, y, z, w], [0, 0, 0]);
}
