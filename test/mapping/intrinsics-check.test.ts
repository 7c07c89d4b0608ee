import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntrinsicsSchema } from '../../src/geometry/index.js';
import { intrinsicsChecker } from '../../src/mapping/intrinsics-check.js';

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
});
