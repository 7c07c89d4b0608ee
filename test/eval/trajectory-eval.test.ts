import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fromQuatTranslation, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { alignRigid, associateByTime, ate, formatTumTrajectory, parseTumTrajectory, readTumTrajectory, rpe, type TumPose } from '../../src/eval/index.js';
import { EVO_REF, skipReason } from '../../bench/support/shared-data.js';

function helix(n: number): TumPose[] {
  const out: TumPose[] = [];
  for (let i = 0; i < n; i++) {
    const a = i * 0.1;
    const h = Math.sin(a / 2), c = Math.cos(a / 2);
    out.push({ time: 100 + i * 0.033, pose: fromQuatTranslation([0, h, 0, c], [Math.cos(a), 0.05 * i, Math.sin(a)]) });
  }
  return out;
}

describe('trajectory evaluation', () => {
  it('recovers a known rigid transform between point sets', () => {
    const T = fromQuatTranslation([0.2, -0.4, 0.1, 0.89], [1.5, -2, 0.25]);
    const est: [number, number, number][] = [[0, 0, 0], [1, 0, 0], [0, 2, 0], [0, 0, 3], [1, 1, 1]];
    const ref = est.map((p) => [0, 1, 2].map((r) => T[r * 4] * p[0] + T[r * 4 + 1] * p[1] + T[r * 4 + 2] * p[2] + T[r * 4 + 3]) as [number, number, number]);
    const A = alignRigid(ref, est);
    for (let i = 0; i < 12; i++) expect(A[i]).toBeCloseTo(T[i], 9);
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
