/**
 * A run's end adjusts the tracker's map as a whole before its memory is saved (issue 34 item 1): the
 * saved map should not carry the drift the tracker's local adjustments left in it. `memory(true)` runs
 * the pose source's whole-map adjustment, follows it as a closure (the kept keyframes take the adjusted
 * poses) and re-integrates the floors from them before the snapshot. A map loaded from a house memory is
 * not adjusted: the memory's grids were drawn at its keyframes' poses.
 */
import { describe, expect, it } from 'vitest';
import type { CoarseAction } from '../../src/navigator/actions.js';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import type { KeyframePose } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { generateHouse } from '../../src/sim/index.js';

const WALK: CoarseAction[] = [
  'forward',
  'forward',
  'forward',
  'left',
  'left',
  'left',
  'forward',
  'forward',
  'left',
  'left',
  'left',
  'forward',
  'forward',
  'forward',
];

/** the largest move (m) of a keyframe between two readings of the same map */
function largestMove(a: KeyframePose[], b: KeyframePose[]): number {
  const before = new Map(a.map((k) => [k.id, k.pose]));
  let most = 0;
  for (const k of b) {
    const p = before.get(k.id);
    if (p) most = Math.max(most, Math.hypot(k.pose[3] - p[3], k.pose[7] - p[7], k.pose[11] - p[11]));
  }
  return most;
}

describe("a run's end adjusts the tracker's map before its memory is saved", () => {
  it('memory(true) adjusts its own map and re-integrates the floors; a loaded map is left as saved', async () => {
    const scene = generateHouse(7);
    const body = await SimBody.create(scene, {});
    const src = await SlamPoseSource.create(simTrackerOptions(body));
    const nav = await Navigator.create({ body, poseSource: src });
    await nav.act(WALK);
    const plain = nav.memory()!;
    expect(nav.adjustment ?? null).toBeNull();
    const { closures, floorsRebuilt } = nav.loopRebuild.stats;
    const kfBefore = src.keyframePoses();
    const adjusted = nav.memory(true)!;
    const a = nav.adjustment!;
    expect(a).not.toBeNull();
    expect(a.keyframes).toBeGreaterThanOrEqual(2);
    expect(a.costAfter).toBeLessThanOrEqual(a.costBefore);
    const kfAfter = src.keyframePoses();
    expect(largestMove(kfBefore, kfAfter)).toBeGreaterThan(0);
    // followed as a closure: the kept keyframes stand where the adjustment put them, and the floor was
    // re-integrated from them (finished) before the snapshot was taken
    expect(nav.loopRebuild.stats.closures).toBe(closures + 1);
    expect(nav.loopRebuild.stats.floorsRebuilt).toBeGreaterThan(floorsRebuilt);
    expect(nav.loopRebuild.pending).toBe(false);
    const changed = adjusted.layers[0].grid.cells.some((c, i) => c !== plain.layers[0].grid.cells[i]);
    expect(changed).toBe(true);

    // a later run from this memory: its map is the saved one, which is not adjusted again
    const saved = nav.savedPoseMap()!;
    src.dispose();
    const body2 = await SimBody.create(scene, {});
    const src2 = await SlamPoseSource.create(simTrackerOptions(body2));
    try {
      const nav2 = await Navigator.create({ body: body2, poseSource: src2, memory: adjusted, poseMap: saved });
      await nav2.act(['forward', 'left']);
      const loaded = src2.keyframePoses();
      nav2.memory(true);
      expect(nav2.adjustment).toBeNull();
      expect(largestMove(loaded, src2.keyframePoses())).toBe(0);
    } finally {
      src2.dispose();
    }
  }, 120_000);
});
