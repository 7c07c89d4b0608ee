import { afterEach, describe, expect, it, vi } from 'vitest';
import { identity, IntrinsicsSchema, NAVIGATOR_FRAME } from '../../src/geometry/index.js';
import { intrinsicsChecker } from '../../src/mapping/intrinsics-check.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { Navcore } from '../../src/wasm/navcore.js';

const K = { width: 640, height: 480, fx: 525, fy: 525, cx: 319.5, cy: 239.5 };

describe('the intrinsics check of integrated frames', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses the same six numbers once, from whatever object holds them', () => {
    const parse = vi.spyOn(IntrinsicsSchema, 'safeParse');
    const check = intrinsicsChecker();
    expect(check(K)).toEqual(K);
    expect(check({ ...K })).toEqual(K);
    expect(check(K)).toEqual(K);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('checks intrinsics that changed, in place or in a new object, and keeps the last valid ones', () => {
    const check = intrinsicsChecker();
    const k = { ...K };
    expect(check(k)).toEqual(K);
    k.width = 0;
    expect(check(k)).toMatch(/^invalid intrinsics: .*width/s);
    k.width = 640;
    k.fx = Number.NaN;
    expect(check(k)).toMatch(/^invalid intrinsics: .*fx/s);
    expect(check({ ...K, cx: 320 })).toEqual({ ...K, cx: 320 });
    expect(check(null)).toMatch(/^invalid intrinsics/);
  });

  it('returns its own copy: a caller that changes its object later does not change what was accepted', () => {
    const check = intrinsicsChecker();
    const k = { ...K, extra: 1 };
    const got = check(k);
    k.fx = -1;
    expect(got).toEqual(K);
  });

  it("OccupancyMap.integrate parses a camera's intrinsics once, and refuses them when they turn invalid", async () => {
    const parse = vi.spyOn(IntrinsicsSchema, 'safeParse');
    const map = new OccupancyMap(await Navcore.load(), NAVIGATOR_FRAME);
    const layer = map.openFloor(-1);
    const k = { width: 8, height: 4, fx: 4, fy: 4, cx: 3.5, cy: 1.5 };
    const depth = new Float32Array(32).fill(2);
    for (let i = 0; i < 3; i++) expect(map.integrate({ intrinsics: { ...k }, depth }, identity(), layer).ok).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
    const bad = map.integrate({ intrinsics: { ...k, fy: 0 }, depth }, identity(), layer);
    expect(bad.ok ? '' : bad.error).toMatch(/^invalid intrinsics: .*fy/s);
  });
});
