/**
 * The wake-up compares the current views with every stored place's photographs (seed 000 §A.5),
 * not a shortlist, up to the image limit of one request; past it, the matcher's ranking decides
 * which places are left out, and the places shown keep their stored order.
 */
import { describe, expect, it } from 'vitest';
import { ModelWakeUp, type PlaceMatcher } from '../../src/harness/index.js';
import { placesWithinImageLimit, WAKEUP_IMAGE_LIMIT } from '../../src/harness/wakeup.js';
import { MockModel, type ModelRequest } from '../../src/models/index.js';

const view = { width: 2, height: 2, rgb: new Uint8Array(12) };
const place = (i: number, views: number) => ({
  name: `place ${i}`,
  pose: { x: 0, z: 0, yaw: 0 },
  floor: 0,
  views: Array.from({ length: views }, () => ({ ...view, pose: { x: 0, z: 0, yaw: 0 } })),
  seq: i,
  moves: 0,
});
/** ranks a place higher the larger its number */
const matcher: PlaceMatcher = {
  id: 'rank-by-number',
  shortlist: async (_v, places, k) =>
    [...places]
      .map((p) => ({ place: p, score: Number(p.name.split(' ')[1]) / 100 }))
      .sort((a, b) => b.score - a.score)
      .slice(0, k),
};

async function wake(places: ReturnType<typeof place>[]) {
  const model = new MockModel(() => ({ text: 'You are probably in the hall.' }));
  const r = await new ModelWakeUp(model, matcher).brief('room', [view, view, view, view], places as never, () => 'hall');
  const req = model.requests[0] as ModelRequest;
  const parts = req.messages[0].role === 'user' ? req.messages[0].content : [];
  const shown = parts.flatMap((p) => (p.type === 'text' && p.text.startsWith('stored place "') ? [p.text.split('"')[1]] : []));
  return { r, images: parts.filter((p) => p.type === 'image').length, shown };
}

describe('wake-up over all stored places', () => {
  it('shows every place (30 of them, more than the old shortlist of four) with all its photographs, in stored order', async () => {
    const { r, images, shown } = await wake(Array.from({ length: 30 }, (_, i) => place(i, 2)));
    expect(images).toBe(4 + 60);
    expect(new Set(shown).size).toBe(30);
    expect(shown[0]).toBe('place 0');
    expect(r.shortlist.map((s) => s.place)).toEqual(Array.from({ length: 30 }, (_, i) => `place ${i}`));
  });

  it('stays within the image limit: past it, the best-ranked places that fit are shown', async () => {
    const { images, shown } = await wake(Array.from({ length: 40 }, (_, i) => place(i, 3)));
    expect(images).toBeLessThanOrEqual(WAKEUP_IMAGE_LIMIT);
    const kept = Math.floor((WAKEUP_IMAGE_LIMIT - 4) / 3);
    expect(images).toBe(4 + 3 * kept);
    // the matcher ranks higher numbers first: places 39 down to 40 - kept
    expect(new Set(shown)).toEqual(new Set(Array.from({ length: kept }, (_, i) => `place ${39 - i}`)));
  });

  it('a place too large for the room left is skipped, a smaller one after it still fits', () => {
    const ranked = [place(1, 90), place(2, 8), place(3, 4)].map((p) => ({ place: p as never, score: 1 }));
    expect(placesWithinImageLimit(ranked, 4, 100).map((s) => (s.place as { name: string }).name)).toEqual(['place 1', 'place 3']);
  });
});
