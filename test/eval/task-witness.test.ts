import { describe, expect, it } from 'vitest';
import { instancePixels } from '../../src/baselines/index.js';
import { shownPixels } from '../../src/eval/task-witness.js';

describe("the task witness's count of the pixels each instance shows", () => {
  it('counts as the per-pixel scan does: instances in runs and alone, no object, depth out of range or missing', () => {
    let s = 12345;
    const rand = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const n = 4000;
    const ids = new Uint32Array(n);
    const depth = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      // runs of one id, with single odd pixels between them
      ids[i] = rand() < 0.1 ? Math.floor(rand() * 5) : i > 0 && rand() < 0.9 ? ids[i - 1] : Math.floor(rand() * 5);
      depth[i] = [0, 0.5, 2, 4.99, 5, 7, Number.NaN][Math.floor(rand() * 7)];
    }
    const want = new Map([...instancePixels({ width: n, ids, depth }, (d) => d > 0 && d < 5)].map(([id, p]) => [id, p.pixels]));
    expect(want.size).toBeGreaterThan(2);
    expect(shownPixels({ ids, depth })).toEqual(want);
    expect(shownPixels({ ids: undefined, depth }).size).toBe(0);
  });
});
