import { describe, expect, it } from 'vitest';
import { contextText, createContext, imageParts, selectHistoricalImages, type InteractionRecord } from '../../src/vln/index.js';

const png = (n: number) => new Uint8Array([n]);
const rec = (i: number, route: InteractionRecord['route']): InteractionRecord => ({
  actionIndex: i * 3,
  goal: `G${i}`,
  execution: `Executed 3 of 3 actions: left, left, left.`,
  verification: null,
  route,
  frame: png(i),
});

describe('image-selection policy', () => {
  it('keeps retained evidence (newest first capped), every raw completion frame and the newest records, oldest first', () => {
    const ctx = createContext('Walk forward.', 100, png(99));
    ctx.memory.evidence.push(
      { actionIndex: 1, png: png(51), note: 'a' },
      { actionIndex: 2, png: png(52), note: 'b' },
      { actionIndex: 3, png: png(53), note: 'c' },
    );
    ctx.records.push(rec(2, 'advance'), rec(3, 'continue'), rec(4, 'continue'), rec(5, 'revise'), rec(6, 'continue'));
    const sel = selectHistoricalImages(ctx, { evidence: 2, recent: 2 });
    expect(sel.map((e) => e.png[0])).toEqual([52, 53, 2, 5, 6]);
    expect(selectHistoricalImages(ctx, { evidence: 0, recent: 0 }).map((e) => e.png[0])).toEqual([2]);
    // the current view is never among the historical ones and always comes last, labelled
    const parts = imageParts(ctx);
    expect(parts[parts.length - 2]).toEqual({ type: 'text', text: 'Current observation (latest RGB view):' });
    expect(parts[parts.length - 1]).toEqual({ type: 'image', png: png(99) });
    expect(imageParts(ctx, undefined, false).filter((p) => p.type === 'image').length).toBe(1);
  });

  it('the context text always holds the instruction and the active goal', () => {
    const ctx = createContext('Turn left and stop next to the red sofa.', 50, png(1));
    ctx.active = { goal: 'Turn left', question: 'Turned?', final: false, revisions: 0, interactions: 0 };
    const t = contextText(ctx);
    expect(t).toContain('Instruction: Turn left and stop next to the red sofa.');
    expect(t).toContain('Active goal: Turn left\nVerification question: Turned?');
  });
});
