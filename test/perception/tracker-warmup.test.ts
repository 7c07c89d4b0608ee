/**
 * The tracker's code warmed once per process (perception/tracker-warmup.ts): the throwaway tracker
 * leaves nothing behind (a pose source created after it tracks house 7's first frames exactly as a
 * tracker that never saw the warm-up), and options the tracker refuses are reported by the tracker the
 * caller creates, not swallowed or cached by the warm-up.
 */
import { describe, expect, it } from 'vitest';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { SlamPoseSource, Tracker } from '../../src/perception/index.js';
import { warmTrackerCode } from '../../src/perception/tracker-warmup.js';
import { navigatorTrackerOptions } from '../../src/world/pose-sources.js';
import { loopTour } from '../../bench/support/loop-tour.js';

describe('tracker warm-up', () => {
  it('refused options reach the caller; the warmed tracker tracks as a cold one', async () => {
    const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 7 }));
    const opts = navigatorTrackerOptions(body);
    const bad = { ...opts, baSlice: 1.5 };
    await expect(warmTrackerCode(bad)).resolves.toBeUndefined();
    await expect(SlamPoseSource.create(bad)).rejects.toThrow(/baSlice/);
    const warmed = await SlamPoseSource.create(opts);
    const cold = await Tracker.create(opts);
    try {
      let frames = 0,
        keyframes = 0;
      for await (const s of loopTour(body, 5, 1, 40)) {
        const a = warmed.estimate(s.frame);
        const b = cold.track(s.frame);
        frames++;
        if (a.keyframe) keyframes++;
        expect(a.status).toBe(b.status);
        expect(a.pose).toEqual(b.pose);
      }
      expect(frames).toBe(40);
      expect(keyframes).toBeGreaterThan(1);
    } finally {
      warmed.dispose();
      cold.dispose();
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  }, 300_000);
});
