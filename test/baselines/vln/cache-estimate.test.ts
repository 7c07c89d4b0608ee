import { describe, expect, it } from 'vitest';
import { PrefixCacheEstimate } from '../../../src/baselines/vln/cache-estimate.js';
import { estimateUsage, text, type ModelRequest } from '../../../src/models/index.js';

const req = (body: string, img?: Uint8Array): ModelRequest => ({
  system: 'S'.repeat(6000),
  tools: [],
  messages: [{ role: 'user', content: img ? [text(body), { type: 'image', png: img }] : [text(body)] }],
});

describe('simulated prefix cache', () => {
  it('serves the repeated prefix of the same agent from cache, in 128-token steps from 1024 tokens', () => {
    const c = new PrefixCacheEstimate();
    const a = req('hello', new Uint8Array([1]));
    const first = c.apply('x', a, estimateUsage(a, ''));
    expect(first.cachedInput).toBe(0);
    const b = req('hello world', new Uint8Array([1]));
    const u = estimateUsage(b, '');
    const second = c.apply('x', b, u);
    // 6000 system chars + "[]" tools + "hello" = 1501 tokens of shared prefix → 1408 cached
    expect(second.cachedInput).toBe(1408);
    expect(second.uncachedInput + second.cachedInput).toBe(u.uncachedInput);
    // another agent has its own cache; a short prefix is not cached
    expect(c.apply('y', b, u).cachedInput).toBe(0);
    const short: ModelRequest = { system: 'short', tools: [], messages: [] };
    c.apply('z', short, estimateUsage(short, ''));
    expect(c.apply('z', short, estimateUsage(short, '')).cachedInput).toBe(0);
  });
});
