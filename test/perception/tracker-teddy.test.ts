/** The tracker on real frames: TUM fr3/teddy (a fast-rotating hand-held camera around a teddy bear). */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readTumTrajectory } from '../../src/body/tum.js';
import { ate, rpe } from '../../src/eval/metrics.js';
import { runSlamOnTum } from '../../src/eval/run-slam.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';

describe.skipIf(!TEDDY)(`tracking TUM fr3/teddy (${TEDDY ? 'real frames' : skipReason('tum_fr3_teddy_100')})`, () => {
  it('tracks the first 60 frames in one map with centimetre-level ATE', async () => {
    const r = await runSlamOnTum(TEDDY!, { intrinsics: FR3_INTRINSICS, depthFactor: 5000, maxFrames: 60 });
    expect(r.tracked / r.frames).toBeGreaterThanOrEqual(0.95);
    expect(new Set(r.mapIds).size).toBe(1);
    const gt = readTumTrajectory(join(TEDDY!, 'groundtruth.txt'));
    const a = ate(gt, r.trajectory);
    expect(a.pairs).toBeGreaterThanOrEqual(50);
    // the camera travels ~0.3 m in these frames; a broken tracker is off by decimetres
    expect(a.rmse_m).toBeLessThan(0.04);
    expect(rpe(gt, r.trajectory).trans_rmse_m).toBeLessThan(0.02);
    for (const p of r.trajectory) expect(Array.from(p.pose).every(Number.isFinite)).toBe(true);
  });
});
