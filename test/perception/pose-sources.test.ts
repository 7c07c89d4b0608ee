import { describe, expect, it } from 'vitest';
import { fromQuatTranslation, invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { GroundTruthPoseSource, SlamPoseSource, type RgbdFrame } from '../../src/perception/index.js';
import { blackFrame, SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

describe('GroundTruthPoseSource (ablation)', () => {
  it('re-expresses true poses relative to the first frame and reports lost without a pose', () => {
    const truth: (Mat4 | null)[] = [fromQuatTranslation([0, 0.1, 0, 0.995], [1, 2, 3]), fromQuatTranslation([0, 0.2, 0, 0.98], [1.5, 2, 3.2]), null];
    let i = 0;
    const src = new GroundTruthPoseSource(() => truth[i]);
    const frame: RgbdFrame = blackFrame(0);
    const first = src.estimate(frame);
    expect(first.status).toBe('ok');
    for (let k = 0; k < 16; k++) expect(first.pose![k]).toBeCloseTo(k % 5 === 0 ? 1 : 0, 12);
    i = 1;
    const second = src.estimate(frame);
    const expected = multiply(invert(truth[0]!), truth[1]!);
    for (let k = 0; k < 16; k++) expect(second.pose![k]).toBeCloseTo(expected[k], 12);
    i = 2;
    expect(src.estimate(frame)).toEqual({ status: 'lost', pose: null, mapId: 1 });
  });
});

describe('SlamPoseSource', () => {
  it('gives the tracker pose and map id, and starts over after reset', async () => {
    const src = await SlamPoseSource.create({ intrinsics: SYN_K });
    try {
      expect(src.estimate(blackFrame(0)).status).toBe('initialising');
      const r = src.estimate(texturedWall(0.1));
      expect(r.status).toBe('ok');
      expect(r.mapId).toBe(1);
      src.reset();
      expect(src.tracker.counts().maps).toBe(0);
      // map ids are never reused, so a consumer can tell maps apart across a reset
      expect(src.estimate(texturedWall(0.2)).mapId).toBe(2);
    } finally {
      src.dispose();
    }
  });
});
