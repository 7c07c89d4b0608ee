/**
 * Saving and loading the tracker's map on real frames (TUM fr3/teddy): the file round-trips byte for
 * byte, a tracker that loads it relocalises in the saved map's frame after two agreeing frames (or
 * as many as relocAgreeFrames asks), a pose that sees through the map's surfaces in the depth image
 * is refused, and files of another version, saved under other settings, truncated or corrupt are
 * refused with a message while the tracker stays usable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readRgbd, readTumFrames } from '../../src/body/tum.js';
import { readMapKeyframes, Tracker, type RgbdFrame } from '../../src/perception/index.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { mirrored } from '../helpers/mirrored-frame.js';
import { resealMap } from '../helpers/map-file-forge.js';

const N = 40;
let frames: RgbdFrame[] = [];
let saved: Uint8Array;
let poses: (Float64Array | null)[] = [];

const dist = (a: Float64Array, b: Float64Array) => Math.hypot(a[3] - b[3], a[7] - b[7], a[11] - b[11]);

describe.skipIf(!TEDDY)(`tracker map files (${TEDDY ? 'TUM fr3/teddy' : skipReason('tum_fr3_teddy_100')})`, () => {
  beforeAll(async () => {
    const refs = readTumFrames(TEDDY!).slice(0, N);
    frames = refs.map((r) => ({ ...readRgbd(TEDDY!, r, 5000), timestamp: r.rgbTime }));
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      poses = frames.map((f) => t.track(f).pose);
      saved = t.saveMap();
    } finally {
      t.dispose();
    }
  });

  it('has nothing to save before a map exists', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      expect(() => t.saveMap()).toThrow(/no map with a keyframe/);
    } finally {
      t.dispose();
    }
  });

  it('reads the keyframe poses without a map file, as the saved map holds them', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      expect(t.keyframePoses()).toEqual([]);
      t.loadMap(saved);
      const read = t.keyframePoses(),
        inFile = readMapKeyframes(saved);
      expect(read.map((k) => [k.id, k.timestamp])).toEqual(inFile.map((k) => [k.id, k.timestamp]));
      for (const [i, k] of read.entries()) for (let j = 0; j < 16; j++) expect(k.pose[j]).toBeCloseTo(inFile[i].pose[j], 9);
    } finally {
      t.dispose();
    }
  });

  it('round-trips: a loaded map saves to the same bytes', async () => {
    expect(poses.every((p) => p !== null)).toBe(true);
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      t.loadMap(saved);
      expect(t.status()).toBe('lost');
      expect(t.counts().keyframes).toBeGreaterThanOrEqual(2);
      expect(t.counts().landmarks).toBeGreaterThan(500);
      expect(t.mapId()).toBe(1);
      const again = t.saveMap();
      expect(again.length).toBe(saved.length);
      expect(Buffer.from(again).equals(Buffer.from(saved))).toBe(true);
    } finally {
      t.dispose();
    }
  });

  it('relocalises in the loaded map after two agreeing frames and keeps its frame', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      t.loadMap(saved);
      const first = t.track(frames[25]);
      // one frame is not enough to accept a place in a loaded map
      expect(first.status).toBe('lost');
      expect(first.pose).toBeNull();
      const second = t.track(frames[26]);
      expect(second.status).toBe('ok');
      expect(second.mapId).toBe(1);
      expect(dist(second.pose!, poses[26]!)).toBeLessThan(0.03);
      for (let i = 27; i < 34; i++) {
        const r = t.track(frames[i]);
        expect(r.status).toBe('ok');
        expect(dist(r.pose!, poses[i]!)).toBeLessThan(0.03);
      }
      expect(t.counts().maps).toBe(1);
      expect(t.counts().relocalisations).toBe(1);
    } finally {
      t.dispose();
    }
  });

  it('waits for as many agreeing frames as relocAgreeFrames asks', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS, relocAgreeFrames: 3 });
    try {
      t.loadMap(saved);
      expect(t.track(frames[25]).status).toBe('lost');
      expect(t.track(frames[26]).status).toBe('lost');
      const third = t.track(frames[27]);
      expect(third.status).toBe('ok');
      expect(dist(third.pose!, poses[27]!)).toBeLessThan(0.03);
      const s = t.relocStats();
      expect(s.found).toBe(3);
      expect(s.unconfirmed).toBe(2);
    } finally {
      t.dispose();
    }
  });

  it('refuses a pose that sees through the map in the depth image (free-space check)', async () => {
    // The left half of the view pushed 1.5 m back: the rest still gives the right pose, but there
    // the camera now "sees" past surfaces the map holds, which a look-alike place would also do
    const pushed = (f: RgbdFrame): RgbdFrame => {
      const depth = f.depth.slice();
      const w = FR3_INTRINSICS.width;
      for (let i = 0; i < depth.length; i++) if (i % w < w / 2 && depth[i] > 0) depth[i] += 1.5;
      return { ...f, depth };
    };
    const run = async (relocMaxSeenThrough?: number) => {
      const t = await Tracker.create({ intrinsics: FR3_INTRINSICS, relocMaxSeenThrough });
      try {
        t.loadMap(saved);
        const out = frames.slice(25, 31).map((f) => t.track(pushed(f)));
        return { ok: out.filter((r) => r.status === 'ok').length, stats: t.relocStats() };
      } finally {
        t.dispose();
      }
    };
    const checked = await run();
    expect(checked.ok).toBe(0);
    expect(checked.stats.seenThrough).toBeGreaterThan(0);
    expect(checked.stats.lastSeenThroughPermille).toBeGreaterThan(100);
    // the same frames with the check off relocalise: only the check refused them
    const unchecked = await run(1);
    expect(unchecked.ok).toBeGreaterThan(0);
    expect(unchecked.stats.seenThrough).toBe(0);
  });

  it('refuses relocalisation settings out of range, naming them', async () => {
    await expect(Tracker.create({ intrinsics: FR3_INTRINSICS, relocCandidates: 0 })).rejects.toThrow(/relocCandidates/);
    await expect(Tracker.create({ intrinsics: FR3_INTRINSICS, relocCandidates: 101 })).rejects.toThrow(/relocCandidates/);
    await expect(Tracker.create({ intrinsics: FR3_INTRINSICS, relocMaxSeenThrough: 1.5 })).rejects.toThrow(/relocMaxSeenThrough/);
    await expect(Tracker.create({ intrinsics: FR3_INTRINSICS, relocAgreeFrames: 0 })).rejects.toThrow(/relocAgreeFrames/);
  });

  it('does not relocalise a view the map cannot explain, and opens a new map only after the patience', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS, relocPatienceFrames: 6 });
    try {
      t.loadMap(saved);
      const out = frames.slice(10, 30).map((f) => t.track(mirrored(f)));
      expect(out.some((r) => r.status === 'ok' && r.mapId === 1)).toBe(false);
      expect(out.slice(0, 6).every((r) => r.status === 'lost' && r.pose === null)).toBe(true);
      // after 6 frames the tracker gives the loaded map up for now and opens map 2
      expect(out[6].status).toBe('ok');
      expect(out[6].mapId).toBe(2);
    } finally {
      t.dispose();
    }
  });

  it('refuses truncated, corrupt, other-version and other-settings files with a message', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      expect(() => t.loadMap(saved.slice(0, saved.length - 100))).toThrow(/truncated or corrupt/);
      const flipped = saved.slice();
      flipped[Math.floor(flipped.length / 2)] ^= 0x10;
      expect(() => t.loadMap(flipped)).toThrow(/truncated or corrupt/);
      const v2 = saved.slice();
      v2[8] = 2;
      expect(() => t.loadMap(v2)).toThrow(/version .*reads version 1 \(the file has 2\)/);
      expect(() =>
        t.loadMap(new TextEncoder().encode('P3 not a map at all, just some text that is long enough to hold a header of eighty-eight bytes and a checksum')),
      ).toThrow(/not a tracker map file/);
      expect(() => t.loadMap(new Uint8Array(10))).toThrow(/shorter than/);
      // a consistent checksum over an impossible count: the tracker's own checks refuse it
      const lying = saved.slice();
      new DataView(lying.buffer).setUint32(88, 0x7fffffff, true);
      resealMap(lying);
      expect(() => t.loadMap(lying)).toThrow(/truncated or corrupt/);
      // a refused file leaves the tracker as it was: it still tracks from scratch
      expect(t.track(frames[0]).status).toBe('ok');
    } finally {
      t.dispose();
    }
    const other = await Tracker.create({ intrinsics: { ...FR3_INTRINSICS, fx: FR3_INTRINSICS.fx * 1.1 } });
    try {
      expect(() => other.loadMap(saved)).toThrow(/other settings: 640×480, fx 535\.400[\s\S]*this tracker: 640×480, fx 588\.940/);
    } finally {
      other.dispose();
    }
  });
});
