import { describe, expect, it } from 'vitest';
import { ledgerAccuracy, predictedSuccess } from '../../src/eval/accuracy.js';
import { inputCost, outputCost } from '../../src/eval/cost.js';
import { Compactor, COMPACTED_PREFIX, contextTokens } from '../../src/harness/compaction.js';
import { EncoderPlaceMatcher } from '../../src/harness/place-matcher.js';
import { ViewEncoder } from '../../src/perception/encoder.js';
import { Session } from '../../src/harness/session.js';
import { MockModel } from '../../src/models/scripted.js';
import { text, textOf } from '../../src/models/types.js';
import type { Place } from '../../src/navigator/places.js';

describe('single-session compaction', () => {
  it('replaces the conversation by the model summary once the window is nearly full, and only then', async () => {
    const model = new MockModel(() => ({ text: 'Goal: bed. Searched hall and kitchen.' }));
    const s = new Session('single', model, 'system', []);
    s.say(text('x'.repeat(400)));
    const c = new Compactor(1000, 0.8, model);
    expect(contextTokens(s)).toBeLessThan(800);
    await c.beforeTurn(s);
    expect(c.compactions).toBe(0);
    s.say(text('y'.repeat(4000)));
    await c.beforeTurn(s);
    expect(c.compactions).toBe(1);
    expect(s.messages).toHaveLength(1);
    const m = s.messages[0];
    expect(m.role === 'user' && textOf(m.content)).toContain(COMPACTED_PREFIX);
    expect(m.role === 'user' && textOf(m.content)).toContain('Searched hall and kitchen');
    expect(model.requests[0].tools).toEqual([]);
    expect(c.usage.uncachedInput).toBeGreaterThan(0);
  });

  it('reads the context size from the last usage when it exceeds the character estimate', () => {
    const s = new Session('single', new MockModel(), 'sys', []);
    s.lastUsage = { uncachedInput: 5000, cachedInput: 3000, output: 100 };
    expect(contextTokens(s)).toBe(8100);
  });
});

describe('place matcher (view encoder)', () => {
  const place = (name: string, v: { width: number; height: number; rgb: Uint8Array }): Place => ({
    name,
    pose: { x: 0, z: 0, yaw: 0 },
    floor: 0,
    views: [{ ...v, pose: { x: 0, z: 0, yaw: 0 }, floor: 0, time: 0 }],
    seq: 0,
    moves: 0,
  });

  it('the view-encoder matcher ranks an identical view first (cosine 1)', async () => {
    const enc = await ViewEncoder.create();
    try {
      const stripes = (phase: number) => {
        const rgb = new Uint8Array(64 * 48 * 3);
        for (let y = 0; y < 48; y++) for (let x = 0; x < 64; x++) rgb.fill(((x + phase) >> 3) % 2 ? 230 : 20, (y * 64 + x) * 3, (y * 64 + x) * 3 + 3);
        return { width: 64, height: 48, rgb };
      };
      const flat = { width: 64, height: 48, rgb: new Uint8Array(64 * 48 * 3).fill(128) };
      const r = await new EncoderPlaceMatcher(enc).shortlist([stripes(0)], [place('flat wall', flat), place('striped hall', stripes(0))], 2);
      expect(r[0].place.name).toBe('striped hall');
      expect(r[0].score).toBeCloseTo(1, 4);
      expect(r[1].score).toBeLessThan(r[0].score);
    } finally {
      await enc.close();
    }
  });
});

describe('evaluation accounting', () => {
  it.each([
    { status: 'complete', claim: 'complete', p: true },
    { status: 'incomplete', claim: 'complete', p: false },
    { status: 'claimed', claim: 'complete', p: true },
    { status: 'claimed', claim: 'incomplete', p: false },
    { status: 'stop', claim: null, p: false },
    { status: 'unknown', claim: 'complete', p: null },
  ] as const)('$status ($claim) predicts $p', ({ status, claim, p }) => {
    expect(predictedSuccess(status, claim)).toBe(p);
  });

  it('accuracy is the share of statuses agreeing with success; unknown never agrees', () => {
    expect(
      ledgerAccuracy([
        { status: 'complete', claim: 'complete', success: true },
        { status: 'complete', claim: 'complete', success: false },
        { status: 'unknown', claim: 'complete', success: true },
        { status: 'stop', claim: null, success: false },
      ]),
    ).toBe(0.5);
  });

  it('C_K = Σ p_u U_k + p_c V_k (per million tokens)', () => {
    const perTask = [
      { uncachedInput: 1_000_000, cachedInput: 2_000_000, output: 10 },
      { uncachedInput: 500_000, cachedInput: 0, output: 1_000_000 },
    ];
    expect(inputCost(perTask, { uncachedInput: 2, cachedInput: 0.5, output: 8 })).toBeCloseTo(2 + 1 + 1, 10);
    expect(outputCost(perTask, { uncachedInput: 2, cachedInput: 0.5, output: 8 })).toBeCloseTo(8.00008, 10);
  });
});
