import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fromQuatTranslation, multiply, type Mat4 } from '../../src/geometry/pose.js';
import {
  alignPoints,
  alignRigid,
  associateByTime,
  ate,
  errorStats,
  formatTumTrajectory,
  parseTumTrajectory,
  readTumTrajectory,
  rpe,
  type TumPose,
} from '../../src/eval/index.js';
import { EVO_REF, skipReason } from '../../bench/support/shared-data.js';

function helix(n: number): TumPose[] {
  const out: TumPose[] = [];
  for (let i = 0; i < n; i++) {
    const a = i * 0.1;
    const h = Math.sin(a / 2),
      c = Math.cos(a / 2);
    out.push({ time: 100 + i * 0.033, pose: fromQuatTranslation([0, h, 0, c], [Math.cos(a), 0.05 * i, Math.sin(a)]) });
  }
  return out;
}

describe('trajectory evaluation', () => {
  it('recovers a known rigid transform between point sets', () => {
    const T = fromQuatTranslation([0.2, -0.4, 0.1, 0.89], [1.5, -2, 0.25]);
    const est: [number, number, number][] = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 2, 0],
      [0, 0, 3],
      [1, 1, 1],
    ];
    const ref = est.map((p) => [0, 1, 2].map((r) => T[r * 4] * p[0] + T[r * 4 + 1] * p[1] + T[r * 4 + 2] * p[2] + T[r * 4 + 3]) as [number, number, number]);
    const A = alignRigid(ref, est);
    for (let i = 0; i < 12; i++) expect(A[i]).toBeCloseTo(T[i], 9);
  });

  it('recovers a known Sim(3) transform (rotation, translation and scale) between point sets', () => {
    const R = fromQuatTranslation([0.1, 0.3, -0.2, 0.93], [0.7, -1.2, 2.5]);
    const s = 2.75;
    const est: [number, number, number][] = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 2, 0],
      [0, 0, 3],
      [1, 1, 1],
      [-2, 0.5, 1],
    ];
    const ref = est.map(
      (p) => [0, 1, 2].map((r) => s * (R[r * 4] * p[0] + R[r * 4 + 1] * p[1] + R[r * 4 + 2] * p[2]) + R[r * 4 + 3]) as [number, number, number],
    );
    const A = alignPoints(ref, est, 'sim3');
    expect(A.scale).toBeCloseTo(s, 9);
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(A.transform[i]).toBeCloseTo(s * R[i], 9);
    for (const i of [3, 7, 11]) expect(A.transform[i]).toBeCloseTo(R[i], 9);
    // a rigid alignment cannot absorb the scale
    expect(alignPoints(ref, est, 'se3').scale).toBe(1);
  });

  it('ATE with --align sim3 is zero for a scaled, moved copy; SE(3) is not', () => {
    const gt = helix(40);
    const M = fromQuatTranslation([0, 0.38268343, 0, 0.92387953], [1, 2, 3]);
    const scaled = gt.map((p) => {
      const q = multiply(M, p.pose);
      return { time: p.time, pose: Float64Array.from(q, (v, k) => (k === 3 || k === 7 || k === 11 ? v * 0.4 : v)) as Mat4 };
    });
    const sim = ate(gt, scaled, { align: 'sim3' });
    expect(sim.rmse_m).toBeLessThan(1e-9);
    expect(sim.scale).toBeCloseTo(2.5, 9);
    expect(ate(gt, scaled, { align: 'se3' }).rmse_m).toBeGreaterThan(0.1);
    // RPE with the alignment's scale applied to the estimate is zero too
    expect(rpe(gt, scaled, 3, { scale: sim.scale }).trans_rmse_m).toBeLessThan(1e-9);
  });

  it("evo's statistics match a hand computation", () => {
    const st = errorStats([1, 2, 4, 5]);
    expect(st.mean).toBe(3);
    expect(st.median).toBe(3);
    expect(st.min).toBe(1);
    expect(st.max).toBe(5);
    expect(st.rmse).toBeCloseTo(Math.sqrt((1 + 4 + 16 + 25) / 4), 12);
    // population std: deviations −2, −1, 1, 2
    expect(st.std).toBeCloseTo(Math.sqrt(10 / 4), 12);
    expect(errorStats([2, 9, 4]).median).toBe(4);
    expect(() => errorStats([])).toThrow(/at least one/);
  });

  it('ATE statistics over a known per-pose offset, and RPE over a chosen delta', () => {
    const gt = helix(30);
    // estimate: the reference with every 3rd position moved 3 cm along the helix's axis (y)
    const est = gt.map((p, i) => {
      const q = new Float64Array(p.pose) as Mat4;
      if (i % 3 === 0) q[7] += 0.03;
      return { time: p.time, pose: q };
    });
    const a = ate(gt, est, { align: 'se3' });
    expect(a.series.length).toBe(30);
    expect(a.stats.max).toBeGreaterThan(a.stats.median);
    expect(a.stats.min).toBeLessThanOrEqual(a.stats.median);
    const r1 = rpe(gt, est, 1),
      r5 = rpe(gt, est, 5);
    expect(r1.pairs).toBe(29);
    expect(r5.pairs).toBe(25);
    expect(r5.delta).toBe(5);
    // pairs (i, i+3) both shifted or both unshifted: zero translation error for every pair
    expect(rpe(gt, est, 3).trans.max).toBeLessThan(1e-9);
    expect(r1.trans.max).toBeCloseTo(0.03, 6);
    expect(() => rpe(gt, est, 0)).toThrow(/positive integer/);
  });

  it('gives zero ATE and RPE for a rigidly moved copy, and a positive one for a perturbed copy', () => {
    const gt = helix(60);
    const M = fromQuatTranslation([0, 0, 0.38268343, 0.92387953], [3, 1, -2]);
    const moved = gt.map((p) => ({ time: p.time + 0.004, pose: multiply(M, p.pose) }));
    const a = ate(gt, moved);
    expect(a.pairs).toBe(60);
    expect(a.rmse_m).toBeLessThan(1e-9);
    expect(rpe(gt, moved).trans_rmse_m).toBeLessThan(1e-9);
    const noisy = gt.map((p, i) => {
      const q = new Float64Array(p.pose) as Mat4;
      q[3] += i % 2 ? 0.01 : -0.01;
      return { time: p.time, pose: q };
    });
    expect(ate(gt, noisy).rmse_m).toBeGreaterThan(0.009);
    expect(ate(gt, noisy).rmse_m).toBeLessThan(0.0101);
  });

  it('associates each pose of the shorter trajectory with the nearest within max dt', () => {
    const ref = helix(10);
    const est = [ref[2], ref[5]].map((p) => ({ time: p.time + 0.009, pose: p.pose }));
    est.push({ time: ref[7].time + 0.02, pose: ref[7].pose }); // too far from every reference stamp
    const a = associateByTime(ref, est, 0.01);
    expect(a.ref.map((p) => p.time)).toEqual([ref[2].time, ref[5].time]);
  });

  it('writes TUM lines that read back to the same poses', () => {
    const poses = helix(5);
    const back = parseTumTrajectory(formatTumTrajectory(poses));
    expect(back.length).toBe(5);
    for (let i = 0; i < 5; i++) {
      expect(back[i].time).toBeCloseTo(poses[i].time, 6);
      for (let k = 0; k < 12; k++) expect(back[i].pose[k]).toBeCloseTo(poses[i].pose[k], 5);
    }
  });

  it('rejects a malformed trajectory line with its line number', () => {
    expect(() => parseTumTrajectory('1 2 3 4 5 6 7 8\n1 2 3 x 5 6 7 8', 'est.txt')).toThrow(/est.txt:2/);
  });
});

describe.skipIf(!EVO_REF)(`ATE against evo's reference numbers (${EVO_REF ? 'fr1/xyz' : skipReason('trajectories/evo_tum_reference')})`, () => {
  it('reproduces 0.01347 m over 785 pairs for fr1/xyz ground truth vs RGBDSLAM', () => {
    const gt = readTumTrajectory(join(EVO_REF!, 'freiburg1_xyz-groundtruth.txt'));
    const est = readTumTrajectory(join(EVO_REF!, 'freiburg1_xyz-rgbdslam.txt'));
    const a = ate(gt, est, 0.01);
    expect(a.pairs).toBe(785);
    expect(Math.abs(a.rmse_m - 0.01347)).toBeLessThan(1e-4);
  });
});
