import { afterEach, describe, expect, it } from 'vitest';
import { Tracker, TrackerError } from '../../src/perception/index.js';
import { blackFrame, SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

const trackers: Tracker[] = [];
async function make(extra: Record<string, number> = {}): Promise<Tracker> {
  const t = await Tracker.create({ intrinsics: SYN_K, ...extra });
  trackers.push(t);
  return t;
}
afterEach(() => {
  while (trackers.length) trackers.pop()!.dispose();
});

function expectNoPose(r: { status: string; pose: unknown }) {
  expect(r.status).not.toBe('ok');
  expect(r.pose).toBeNull();
}

describe('tracker on garbage input', () => {
  it('opens a map on a textured frame with depth, at the identity pose', async () => {
    const t = await make();
    const r = t.track(texturedWall(0));
    expect(r.status).toBe('ok');
    expect(r.mapId).toBe(1);
    for (let i = 0; i < 16; i++) expect(r.pose![i]).toBeCloseTo([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1][i], 9);
    expect(t.counts().landmarks).toBeGreaterThan(100);
  });

  it('stays initialising on all-black frames, frames without depth and NaN depth', async () => {
    const t = await make();
    expectNoPose(t.track(blackFrame(0)));
    expectNoPose(t.track(blackFrame(0.1, SYN_K.width, SYN_K.height, 2)));
    const noDepth = texturedWall(0.2);
    noDepth.depth.fill(0);
    expectNoPose(t.track(noDepth));
    const nanDepth = texturedWall(0.3);
    nanDepth.depth.fill(NaN);
    expectNoPose(t.track(nanDepth));
    const infDepth = texturedWall(0.4);
    infDepth.depth.fill(Infinity);
    expectNoPose(t.track(infDepth));
    expect(t.status()).toBe('initialising');
    expect(t.mapId()).toBe(0);
  });

  it('loses a tracked map on black frames without ever returning a NaN pose', async () => {
    const t = await make({ lostTimeoutS: 0.25 });
    expect(t.track(texturedWall(0)).status).toBe('ok');
    expect(t.track(texturedWall(0.1)).status).toBe('ok');
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = t.track(blackFrame(0.2 + i * 0.1));
      expectNoPose(r);
      statuses.push(r.status);
    }
    expect(statuses[0]).toBe('recently_lost');
    expect(statuses.at(-1)).toBe('lost');
    // half the depth NaN and the rest valid: a pose, if any, is finite
    const mixed = texturedWall(1);
    for (let i = 0; i < mixed.depth.length; i += 2) mixed.depth[i] = NaN;
    const r = t.track(mixed);
    if (r.pose) expect(Array.from(r.pose).every(Number.isFinite)).toBe(true);
  });

  it('rejects frames of the wrong size or layout with a clear error', async () => {
    const t = await make();
    expect(() => t.track(blackFrame(0, 640, 480))).toThrow(/640×480 but the tracker was configured for 320×240/);
    const short = texturedWall(0);
    expect(() => t.track({ ...short, rgb: short.rgb.subarray(0, 100) })).toThrow(TrackerError);
    expect(() => t.track({ ...short, depth: new Float32Array(5) })).toThrow(/depth must be a Float32Array/);
    expect(() => t.track({ ...short, timestamp: NaN })).toThrow(/timestamp/);
    // the tracker is still usable afterwards
    expect(t.track(texturedWall(1)).status).toBe('ok');
  });

  it('rejects invalid options with the offending field named', async () => {
    await expect(Tracker.create({ intrinsics: { ...SYN_K, fx: -1 } })).rejects.toThrow(/intrinsics.fx/);
    await expect(Tracker.create({ intrinsics: SYN_K, numLevels: 40 })).rejects.toThrow(/numLevels/);
  });
});
