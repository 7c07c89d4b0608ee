/**
 * A navigator memory is saved corrected (issue 34): the pose source's mapping spread over frames (the
 * tracker's keyframe adjustment, a loop closure under way) is settled before the snapshot, and a
 * closure that settling commits is followed like one a frame reports (its floors re-integrated) before
 * the layers are saved. The pose source is the ground truth with a settle() played by the test.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

/** Ground truth whose settle() commits a closure when one is pending. */
class SettlingTruth extends GroundTruthPoseSource {
  pending = false;
  settles = 0;
  settle(): boolean {
    this.settles++;
    const closed = this.pending;
    this.pending = false;
    return closed;
  }
}

describe('navigator memory after settling the pose source', () => {
  it('settles before the snapshot and follows a closure that settling commits', async () => {
    const { body } = await simWorld(7);
    const src = new SettlingTruth(() => body.groundTruthPose());
    const nav = await Navigator.create({ body, poseSource: src });
    try {
      await nav.act(['forward', 'left']);
      expect(nav.memory()).not.toBeNull();
      expect(src.settles).toBe(1);
      expect(nav.loopRebuild.stats.closures).toBe(0);
      src.pending = true;
      await nav.act(['forward']);
      const m = nav.memory();
      expect(src.settles).toBe(2);
      expect(nav.loopRebuild.stats.closures).toBe(1);
      // the re-integration the closure started is finished before the layers are taken
      expect(nav.loopRebuild.pending).toBe(false);
      expect(m?.layers.length).toBeGreaterThan(0);
    } finally {
      src.dispose();
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  });
});
