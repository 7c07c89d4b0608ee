import { describe, expect, it } from 'vitest';
import { selectS12, uniformIndices } from '../../src/harness/frame-selector.js';

describe('S12 frame selector', () => {
  it('puts the four stop views first and fills the remaining eight uniformly, in temporal order', () => {
    const others = Array.from({ length: 80 }, (_, i) => i);
    const s = selectS12(['s1', 's2', 's3', 's4'], others);
    expect(s.stop).toEqual(['s1', 's2', 's3', 's4']);
    expect(s.earlier).toEqual([5, 15, 25, 35, 45, 55, 65, 75]);
  });

  it('uses every earlier frame when there are fewer than the free slots', () => {
    expect(selectS12(['a', 'b', 'c', 'd'], [1, 2, 3]).earlier).toEqual([1, 2, 3]);
  });

  it('never repeats a frame and stays ascending', () => {
    for (const n of [9, 13, 50, 97]) {
      const idx = uniformIndices(n, 8);
      expect(new Set(idx).size).toBe(8);
      expect([...idx].sort((a, b) => a - b)).toEqual(idx);
      expect(idx.every((i) => i >= 0 && i < n)).toBe(true);
    }
  });
});
