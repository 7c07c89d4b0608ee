/**
 * Issue 38: ids that run past their range. A map file may hold any map id up to MAX_MAP_ID (the
 * tracker hands ids out as a C int), and the tracker numbers later maps on from a loaded one. A map
 * loaded with the largest id used to make the next map 2³¹, which reads back as an error code and
 * is written into a file no loader accepts; the ids must wrap to one no open map holds. Keyframe and
 * landmark ids count on from a loaded file's too: ids a double cannot hold (they reach JavaScript as
 * doubles) are refused at load, before they can wrap.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readRgbd, readTumFrames } from '../../src/body/tum.js';
import { MAX_MAP_ID, readMapFileHeader, readMapKeyframes, Tracker, type RgbdFrame } from '../../src/perception/index.js';
import { KEYFRAME_FIELDS, mapRecords } from '../../src/perception/map-file.js';
import { FR3_INTRINSICS, TEDDY, skipReason } from '../../bench/support/shared-data.js';
import { resealMap } from '../helpers/map-file-forge.js';
import { mirrored } from '../helpers/mirrored-frame.js';

let frames: RgbdFrame[] = [];
let saved: Uint8Array;

function withMapId(bytes: Uint8Array, id: number): Uint8Array {
  const out = bytes.slice();
  new DataView(out.buffer).setUint32(80, id, true);
  resealMap(out);
  return out;
}

describe.skipIf(!TEDDY)(`tracker map ids at the end of their range (${TEDDY ? 'TUM fr3/teddy' : skipReason('tum_fr3_teddy_100')})`, () => {
  beforeAll(async () => {
    frames = readTumFrames(TEDDY!)
      .slice(0, 20)
      .map((r) => ({ ...readRgbd(TEDDY!, r, 5000), timestamp: r.rgbTime }));
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      for (const f of frames) t.track(f);
      saved = t.saveMap();
    } finally {
      t.dispose();
    }
  });

  it('a map opened after one loaded with the largest id gets an id in range, and its file loads again', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    const again = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      t.loadMap(withMapId(saved, MAX_MAP_ID));
      expect(t.mapId()).toBe(MAX_MAP_ID);
      t.reset();
      const est = frames.slice(0, 10).map((f) => t.track(f));
      expect(est.every((e) => e.status === 'ok')).toBe(true);
      const id = t.mapId();
      expect(id).toBeGreaterThanOrEqual(1);
      expect(id).toBeLessThanOrEqual(MAX_MAP_ID);
      const file = t.saveMap();
      expect(readMapFileHeader(file).mapId).toBe(id);
      again.loadMap(file);
      expect(again.mapId()).toBe(id);
    } finally {
      t.dispose();
      again.dispose();
    }
  });

  it('the wrapped id is not the loaded map’s, which stays open beside the new one', async () => {
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS, relocPatienceFrames: 3 });
    try {
      t.loadMap(withMapId(saved, MAX_MAP_ID));
      // a view the loaded map cannot explain: after the patience the tracker opens a map of its own
      const out = frames.slice(5, 15).map((f) => t.track(mirrored(f)));
      const opened = out.find((e) => e.status === 'ok');
      expect(opened).toBeDefined();
      expect(opened!.mapId).toBe(1);
      expect(readMapFileHeader(t.saveMap()).mapId).toBe(1);
    } finally {
      t.dispose();
    }
  });

  it('refuses a map whose keyframe ids leave no room to count on (they would wrap past 2⁶⁴)', async () => {
    const forged = saved.slice();
    const last = mapRecords(forged).keyframes.at(-1)!;
    new DataView(forged.buffer).setBigUint64(last + KEYFRAME_FIELDS.id, 2n ** 64n - 1n, true);
    resealMap(forged);
    const t = await Tracker.create({ intrinsics: FR3_INTRINSICS });
    try {
      expect(() => t.loadMap(forged)).toThrow(/truncated or corrupt/);
      // an id a double still holds exactly loads, and keyframes made on from it save and load again
      const edge = saved.slice();
      new DataView(edge.buffer).setBigUint64(last + KEYFRAME_FIELDS.id, 2n ** 52n, true);
      resealMap(edge);
      t.loadMap(edge);
      t.reset();
      for (const f of frames.slice(0, 10)) t.track(f);
      const made = t.saveMap();
      expect(readMapKeyframes(made)[0].id).toBeGreaterThan(2 ** 52);
      const again = await Tracker.create({ intrinsics: FR3_INTRINSICS });
      try {
        again.loadMap(made);
      } finally {
        again.dispose();
      }
    } finally {
      t.dispose();
    }
  });
});
