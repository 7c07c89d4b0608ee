import { describe, expect, it } from 'vitest';
import { HistogramPlaceMatcher } from '../../src/baselines/histogram-place-matcher.js';
import type { Place } from '../../src/navigator/places.js';

describe('place matcher (colour histograms)', () => {
  const img = (r: number, g: number, b: number) => {
    const rgb = new Uint8Array(16 * 16 * 3);
    for (let i = 0; i < 256; i++) rgb.set([r, g, b], i * 3);
    return { width: 16, height: 16, rgb };
  };
  const place = (name: string, v: { width: number; height: number; rgb: Uint8Array }): Place => ({
    name,
    pose: { x: 0, z: 0, yaw: 0 },
    floor: 0,
    views: [{ ...v, pose: { x: 0, z: 0, yaw: 0 }, floor: 0, time: 0 }],
    seq: 0,
    moves: 0,
  });

  it('ranks the place whose views look like the current view first', async () => {
    const m = new HistogramPlaceMatcher();
    const r = await m.shortlist(
      [img(200, 30, 30)],
      [place('blue room', img(20, 20, 220)), place('red room', img(205, 35, 25)), place('empty', img(0, 0, 0))],
      2,
    );
    expect(r.map((x) => x.place.name)).toEqual(['red room', 'blue room']);
    expect(r[0].score).toBeCloseTo(1, 5);
    expect(r[1].score).toBe(0);
  });
});
