/**
 * paper 001 §3.2 on real frames: tracking is lost while the camera is covered (no pose, status
 * recently_lost then lost); when the view returns the tracker relocalises against the retained map
 * (same map id); a view it cannot recognise opens a fresh map with a new id, anchored at identity;
 * and the retained map is found again later.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readRgbd, readTumFrames, readTumTrajectory, poseAt } from '../../src/body/tum.js';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { Tracker, type PoseEstimate, type RgbdFrame } from '../../src/perception/index.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { join } from 'node:path';
import { mirrored } from '../helpers/mirrored-frame.js';

const N = 34;
let frames: RgbdFrame[] = [];
let gt: (Mat4 | null)[] = [];

const covered = (f: RgbdFrame, timestamp: number): RgbdFrame => ({
  ...f,
  rgb: new Uint8Array(f.rgb.length),
  depth: new Float32Array(f.depth.length),
  timestamp,
});

const dist = (a: Mat4, b: Mat4) => Math.hypot(a[3] - b[3], a[7] - b[7], a[11] - b[11]);

describe.skipIf(!TEDDY)(`lost → relocalised → new map on TUM fr3/teddy (${TEDDY ? 'real frames' : skipReason('tum_fr3_teddy_100')})`, () => {
  beforeAll(() => {
    const refs = readTumFrames(TEDDY!).slice(0, N);
    frames = refs.map((r) => ({ ...readRgbd(TEDDY!, r, 5000), timestamp: r.rgbTime }));
    const truth = readTumTrajectory(join(TEDDY!, 'groundtruth.txt'));
    gt = refs.map((r) => poseAt(truth, r.rgbTime, 0.02));
  });

  it('follows paper 001 §3.2 through covering, recovery, an unknown view and a return', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS, lostTimeoutS: 0.5 });
    try {
      const out: PoseEstimate[] = [];
      for (let i = 0; i < 24; i++) out.push(t.track(frames[i]));
      expect(out.filter((r) => r.status === 'ok').length).toBe(24);
      expect(out.every((r) => r.mapId === 1)).toBe(true);
      const before = out[23].pose!;

      // the camera is covered: no pose while recently lost, then lost after the timeout
      let clock = frames[23].timestamp;
      const coveredOut: PoseEstimate[] = [];
      for (let i = 0; i < 8; i++) coveredOut.push(t.track(covered(frames[23], (clock += 0.1))));
      expect(coveredOut.every((r) => r.pose === null)).toBe(true);
      expect(coveredOut[0].status).toBe('recently_lost');
      expect(coveredOut.at(-1)!.status).toBe('lost');

      // the view returns: relocalised in the retained map, pose consistent with the true motion
      const back = t.track({ ...frames[24], timestamp: (clock += 0.1) });
      expect(back.status).toBe('ok');
      expect(back.mapId).toBe(1);
      expect(t.counts().relocalisations).toBe(1);
      const trueStep = multiply(invert(gt[23]!), gt[24]!);
      const estStep = multiply(invert(before), back.pose!);
      expect(dist(trueStep, estStep)).toBeLessThan(0.03);
      for (let i = 25; i < 28; i++) expect(t.track({ ...frames[i], timestamp: (clock += 0.1) }).status).toBe('ok');

      // covered again, then a view the map cannot explain (the scene mirrored): a fresh map
      for (let i = 0; i < 8; i++) t.track(covered(frames[27], (clock += 0.1)));
      expect(t.status()).toBe('lost');
      const fresh = t.track(mirrored(frames[28], (clock += 0.1)));
      expect(fresh.status).toBe('ok');
      expect(fresh.mapId).toBe(2);
      for (let i = 0; i < 16; i++) expect(fresh.pose![i]).toBeCloseTo(i % 5 === 0 ? 1 : 0, 9);
      expect(t.counts().maps).toBe(2);
      for (let i = 29; i < 31; i++) expect(t.track(mirrored(frames[i], (clock += 0.1))).mapId).toBe(2);

      // back to the real view: lost in the new map, then found again in the retained first map
      const ret: PoseEstimate[] = [];
      for (let i = 31; i < N; i++) ret.push(t.track({ ...frames[i], timestamp: (clock += 0.3) }));
      const found = ret.find((r) => r.status === 'ok');
      expect(found?.mapId).toBe(1);
      expect(ret.every((r) => r.status === 'ok' || r.pose === null)).toBe(true);
    } finally {
      t.dispose();
    }
  });
});
