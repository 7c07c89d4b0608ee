/**
 * A closure in a map taken back from a house memory (navigator/loop-rebuild.ts): the map holds the
 * keyframes of earlier runs, made on clocks that started at 0 as this run's did, so an earlier run's
 * keyframe can share a kept keyframe's timestamp. The kept keyframe must take its own corrected pose,
 * not the earlier run's (which stands elsewhere in the house), or the rebuild maps its depth there.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LoopRebuild, keyframeAt } from '../../src/navigator/loop-rebuild.js';
import { FloorMapper } from '../../src/mapping/index.js';
import { Navcore } from '../../src/wasm/navcore.js';
import { fromQuatTranslation, identity, type Mat4 } from '../../src/geometry/index.js';
import type { KeyframePose } from '../../src/perception/index.js';

const INTRINSICS = { width: 64, height: 48, fx: 50, fy: 50, cx: 32, cy: 24 };
const T = 12.3;

const at = (x: number, z: number): Mat4 => fromQuatTranslation([0, 0, 0, 1], [x, 0, z]);

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

describe('a closure in a map with earlier runs’ keyframes', () => {
  // an earlier run's keyframe at the same time, 6 m away; this run's, moved 0.1 m by the closure
  const earlier: KeyframePose = { id: 4, timestamp: T, pose: at(6, -2) };
  const own: KeyframePose = { id: 90, timestamp: T, pose: at(1.1, 2) };

  it('the kept keyframe takes the pose of its own keyframe, not of an earlier run’s made at the same time', () => {
    const rb = new LoopRebuild(new FloorMapper(core, { cameraHeight: 0.88 }), INTRINSICS);
    rb.keep(new Float32Array(64 * 48).fill(2), T, 0, 0, at(1, 2), at(1, 2));
    rb.closed(0, [own, earlier, { id: 91, timestamp: T + 0.1, pose: at(3, 3) }], () => identity());
    const [k] = rb.poses();
    expect([k.pose[3], k.pose[11]]).toEqual([1.1, 2]);
  });

  it('among keyframes of one time: the one nearest the tracked pose; without one, the newest', () => {
    const sorted = [earlier, own];
    expect(keyframeAt(sorted, T, at(1, 2))?.id).toBe(90);
    expect(keyframeAt(sorted, T, at(6, -2.2))?.id).toBe(4);
    expect(keyframeAt(sorted, T, null)?.id).toBe(90);
    expect(keyframeAt(sorted, T + 0.05, null)).toBeUndefined();
    expect(keyframeAt([], T, null)).toBeUndefined();
  });
});
