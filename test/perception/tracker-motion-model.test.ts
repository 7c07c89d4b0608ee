/**
 * Tracker settings for a wheeled base (the simulator's body): level motion keeps every pose turning
 * about the first frame's vertical only; the keyframe gap bounds the frames between keyframes; the
 * options are validated with their names in the message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Tracker } from '../../src/perception/index.js';
import { runSlamOnTum } from '../../src/eval/run-slam.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

const trackers: Tracker[] = [];
afterEach(() => {
  while (trackers.length) trackers.pop()!.dispose();
});

/** Degrees between the camera's y axis (camera-to-world column 1) and the first frame's. */
const tiltDeg = (pose: Float64Array) => (Math.acos(Math.min(1, Math.abs(pose[5]))) * 180) / Math.PI;

describe('tracker options for a wheeled base', () => {
  it('rejects out-of-range values with the option named', async () => {
    await expect(Tracker.create({ intrinsics: SYN_K, proximityKeyframes: -1 })).rejects.toThrow(/proximityKeyframes/);
    await expect(Tracker.create({ intrinsics: SYN_K, proximityKeyframes: 51 })).rejects.toThrow(/proximityKeyframes/);
    await expect(Tracker.create({ intrinsics: SYN_K, keyframeGap: 0 })).rejects.toThrow(/keyframeGap/);
    await expect(Tracker.create({ intrinsics: SYN_K, keyframeGap: 2.5 })).rejects.toThrow(/keyframeGap/);
    // a number where a yes/no is expected
    await expect(Tracker.create({ intrinsics: SYN_K, levelMotion: 1 as unknown as boolean })).rejects.toThrow(/levelMotion/);
  });

  it('inserts a keyframe at least every keyframeGap frames', async () => {
    const keyframesAfter = async (keyframeGap?: number) => {
      const t = await Tracker.create({ intrinsics: SYN_K, ...(keyframeGap ? { keyframeGap } : {}) });
      trackers.push(t);
      // a still camera: the match ratio never asks for a keyframe, only the gap does
      for (let i = 0; i < 13; i++) expect(t.track(texturedWall(i * 0.1)).status).toBe('ok');
      return t.counts().keyframes;
    };
    expect(await keyframesAfter()).toBe(1);
    expect(await keyframesAfter(4)).toBe(4);
  });
});

describe.skipIf(!TEDDY)(`level motion on a hand-held sequence (${TEDDY ? 'TUM fr3/teddy' : skipReason('tum_fr3_teddy_100')})`, () => {
  it('keeps every pose level when set, and leaves the tilt free by default', async () => {
    const free = await runSlamOnTum(TEDDY!, { intrinsics: FR3_INTRINSICS, depthFactor: 5000, maxFrames: 40 });
    const level = await runSlamOnTum(TEDDY!, { intrinsics: FR3_INTRINSICS, depthFactor: 5000, maxFrames: 40, tracker: { levelMotion: true } });
    expect(free.tracked).toBeGreaterThanOrEqual(35);
    expect(level.tracked).toBeGreaterThanOrEqual(35);
    // the hand-held camera tilts by degrees within 40 frames
    expect(Math.max(...free.trajectory.map((p) => tiltDeg(p.pose)))).toBeGreaterThan(1);
    for (const p of level.trajectory) {
      expect(tiltDeg(p.pose)).toBeLessThan(1e-6);
      // the y axis stays the first frame's, and the camera still moves in all three directions
      expect(Math.abs(p.pose[1]) + Math.abs(p.pose[9])).toBeLessThan(1e-6);
    }
    expect(Math.max(...level.trajectory.map((p) => Math.abs(p.pose[7])))).toBeGreaterThan(0.005);
  });
});
