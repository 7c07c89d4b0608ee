import { describe, expect, it } from 'vitest';
import type { BodyFrame } from '../../src/body/body.js';
import { goalPixels, instancePixels, pixelOf } from '../../src/baselines/ground-truth-perception.js';
import { sightGoal } from '../../src/baselines/ground-truth-judge.js';
import { Rng } from '../../src/sim/random.js';

/** A frame of a few instances with depths that include unknown (0, negative, NaN) and far values. */
function randomFrame(rng: Rng, w = 24, h = 16): BodyFrame {
  const ids = new Uint32Array(w * h),
    depth = new Float32Array(w * h);
  const depths = [0, -1, NaN, 0.5, 1.6, 2, 4.99, 5, 7.5, 8, 12];
  for (let i = 0; i < w * h; i++) {
    ids[i] = [0, 1, 2, 3, 5][Math.floor(rng.next() * 5)];
    depth[i] = rng.next() < 0.5 ? depths[Math.floor(rng.next() * depths.length)] : rng.next() * 9;
  }
  return { width: w, height: h, rgb: new Uint8Array(w * h * 3), depth, ids, timestamp: 0 };
}

describe('ground-truth perception (one scan of the instance-id image)', () => {
  it('finds the nearest goal pixel and counts them as the scripted agent did', () => {
    const rng = new Rng(3);
    for (let k = 0; k < 50; k++) {
      const f = randomFrame(rng);
      const ids = new Set([2, 5]);
      // the agent's former scan
      let n = 0,
        best = Infinity,
        bu = 0,
        bv = 0;
      for (let i = 0; i < f.ids!.length; i++) {
        if (!ids.has(f.ids![i])) continue;
        const d = f.depth[i];
        if (!(d > 0 && d < 5)) continue;
        n++;
        if (d < best) [best, bu, bv] = [d, i % f.width, Math.floor(i / f.width)];
      }
      const s = goalPixels(f, ids, (d) => d > 0 && d < 5);
      expect(s?.pixels ?? 0).toBe(n);
      if (s) expect([s.depth, pixelOf(f, s.index).u, pixelOf(f, s.index).v]).toEqual([best, bu, bv]);
    }
  });

  it('groups pixels by instance as the VLN perception did (order of first sight, nearest first in scan order)', () => {
    const rng = new Rng(4);
    for (let k = 0; k < 50; k++) {
      const f = randomFrame(rng);
      const old = new Map<number, { n: number; d: number; i: number }>();
      for (let i = 0; i < f.ids!.length; i++) {
        const id = f.ids![i],
          d = f.depth[i];
        if (!id || !(d > 0 && d < 8)) continue;
        const b = old.get(id);
        if (!b) old.set(id, { n: 1, d, i });
        else {
          b.n++;
          if (d < b.d) [b.d, b.i] = [d, i];
        }
      }
      const got = [...instancePixels(f, (d) => d > 0 && d < 8)].map(([id, s]) => [id, s.pixels, s.depth, s.index]);
      expect(got).toEqual([...old].map(([id, b]) => [id, b.n, b.d, b.i]));
    }
  });

  it("counts the judge's goal pixels at any depth and within close range", () => {
    const rng = new Rng(5);
    const views = Array.from({ length: 20 }, () => randomFrame(rng));
    const ids = new Set([1, 3]);
    const expected = views.map((v) => {
      let pixels = 0,
        closePixels = 0;
      for (let i = 0; i < v.ids!.length; i++) {
        if (!ids.has(v.ids![i])) continue;
        pixels++;
        if (v.depth[i] > 0 && v.depth[i] <= 1.6) closePixels++;
      }
      return { pixels, closePixels };
    });
    expect(sightGoal(views, ids, 1.6)).toEqual(expected);
  });

  it('sees nothing in a view without an instance-id image', () => {
    const f = randomFrame(new Rng(6));
    delete f.ids;
    expect(instancePixels(f, () => true).size).toBe(0);
    expect(goalPixels(f, new Set([1]), () => true)).toBeNull();
  });
});
