/**
 * Rigid (SE(3)) least-squares alignment of point sets, the scale-free Umeyama problem, solved with
 * Horn's unit-quaternion method: the rotation is the eigenvector of the largest eigenvalue of a
 * symmetric 4×4 matrix, which is always a proper rotation.
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
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const mkp = m[k][p], mkq = m[k][q];
          m[k][p] = c * mkp - s * mkq;
          m[k][q] = s * mkp + c * mkq;
        }
        for (let k = 0; k < n; k++) {
          const mpk = m[p][k], mqk = m[q][k];
          m[p][k] = c * mpk - s * mqk;
          m[q][k] = s * mpk + c * mqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: m.map((r, i) => r[i]), vectors: v };
}

/** The rigid transform T minimising Σ |ref_i − T·est_i|². Needs ≥ 3 pairs. */
export function alignRigid(ref: readonly Vec3[], est: readonly Vec3[]): Mat4 {
  const n = ref.length;
  if (n !== est.length) throw new Error(`alignment needs equally many points, got ${n} and ${est.length}`);
  if (n < 3) throw new Error(`alignment needs at least 3 point pairs, got ${n}`);
  const mr: number[] = [0, 0, 0], me: number[] = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) { mr[k] += ref[i][k] / n; me[k] += est[i][k] / n; }
  // S[a][b] = Σ est_a · ref_b (centred)
  const S = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let i = 0; i < n; i++) {
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) S[a][b] += (est[i][a] - me[a]) * (ref[i][b] - mr[b]);
  }
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
  const w = vectors[0][best], x = vectors[1][best], y = vectors[2][best], z = vectors[3][best];
  const T = fromQuatTranslation([x, y, z, w], [0, 0, 0]);
  // t = mean(ref) − R·mean(est)
  T[3] = mr[0] - (T[0] * me[0] + T[1] * me[1] + T[2] * me[2]);
  T[7] = mr[1] - (T[4] * me[0] + T[5] * me[1] + T[6] * me[2]);
  T[11] = mr[2] - (T[8] * me[0] + T[9] * me[1] + T[10] * me[2]);
  return T;
}
