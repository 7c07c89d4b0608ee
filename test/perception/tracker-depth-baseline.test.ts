/**
 * The virtual stereo baseline sets how much depth residuals weigh against image residuals. A frame
 * whose image is unchanged but whose depth says the wall moved 4 cm away pits the two against each
 * other: a short baseline (noisy depth) lets the image win, a long one (exact depth) lets depth win.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Tracker } from '../../src/perception/index.js';
import { SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

const trackers: Tracker[] = [];
afterEach(() => {
  while (trackers.length) trackers.pop()!.dispose();
});

/** Camera z (camera-to-world) after a frame whose depth alone says the camera backed off by 4 cm. */
async function zAfterDepthOnlyMove(depthBaseline?: number): Promise<number> {
  const t = await Tracker.create({ intrinsics: SYN_K, ...(depthBaseline ? { depthBaseline } : {}) });
  trackers.push(t);
  expect(t.track(texturedWall(0, 2)).status).toBe('ok');
  const r = t.track(texturedWall(0.1, 2.04));
  expect(r.status).toBe('ok');
  return r.pose![11];
}

describe('tracker depth baseline', () => {
  it('weights depth residuals more with a longer baseline', async () => {
    const short = await zAfterDepthOnlyMove();
    const long = await zAfterDepthOnlyMove(1.0);
    // backing off moves the camera along −z: the long baseline follows depth a good part of the 4 cm,
    // the published 8 cm hardly at all
    expect(long).toBeLessThan(-0.01);
    expect(Math.abs(short)).toBeLessThan(Math.abs(long) / 10);
  });

  it('rejects a baseline out of range with the option named', async () => {
    await expect(Tracker.create({ intrinsics: SYN_K, depthBaseline: 0 })).rejects.toThrow(/depthBaseline/);
    await expect(Tracker.create({ intrinsics: SYN_K, depthBaseline: 50 })).rejects.toThrow(/depthBaseline/);
  });
});
