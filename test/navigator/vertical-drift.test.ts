import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { cameraHeightOf } from '../../src/geometry/heights.js';
import { multiply, type Mat4 } from '../../src/geometry/pose.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

/** Ground truth whose height sinks by `dh` from frame `at` on (SLAM's short read of a stair riser). */
function sinking(gt: PoseSource, at: number, dh: number): PoseSource {
  let n = 0;
  // NAVIGATOR_FRAME: up is −y, so sinking is +y
  const down: Mat4 = new Float64Array([1, 0, 0, 0, 0, 1, 0, dh, 0, 0, 1, 0, 0, 0, 0, 1]);
  return {
    name: 'ground truth that sinks',
    estimate(f: RgbdFrame): PoseEstimate {
      const e = gt.estimate(f);
      return n++ >= at && e.pose ? { ...e, pose: multiply(down, e.pose) } : e;
    },
    reset: () => gt.reset(),
    dispose: () => gt.dispose(),
  };
}

describe('Navigator with a pose whose height drifts', () => {
  it('corrects the height to the floor once the body has travelled over 1 m on it, and maps that floor', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: sinking(gt, 3, 0.6) });
    const start = body.groundTruthPose();
    await nav.act(['left']);
    expect(cameraHeightOf(NAVIGATOR_FRAME, nav.poseMatrix()!)).toBeCloseTo(-0.6, 6);
    // walk until the body has moved over 1.2 m (turning where the way is blocked)
    for (let i = 0; i < 40 && Math.hypot(body.groundTruthPose()[3] - start[3], body.groundTruthPose()[11] - start[11]) < 1.2; i++) {
      const r = await nav.act(['forward']);
      if (r.collisions.length) await nav.act(['left', 'left', 'left', 'left', 'left', 'left']);
    }
    expect(nav.state.verticalCorrections).toBe(1);
    expect(cameraHeightOf(NAVIGATOR_FRAME, nav.poseMatrix()!)).toBeCloseTo(0, 6);
    expect(nav.state.floor).toBe(0);
    expect(nav.map.floors()).toHaveLength(1);
    // later poses stay corrected
    await nav.act(['left', 'right']);
    expect(cameraHeightOf(NAVIGATOR_FRAME, nav.poseMatrix()!)).toBeCloseTo(0, 6);
    expect(nav.state.verticalCorrections).toBe(1);
  });
});
