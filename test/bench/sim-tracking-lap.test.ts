/**
 * Issue 35: the tracker bench's simulator lap is driven by ground truth, so two tracker builds are
 * compared on the same frames. A tracker that sees only depth nearer than half a metre loses most
 * frames; when the agent steered by the tracked pose, that changed where the body went.
 */
import { describe, expect, it } from 'vitest';
import { simTracking } from '../../bench/support/sim-tracking.js';

const SEED = 7;
const ACTIONS = 12;

describe('the tracker bench lap (simulator, house 7)', () => {
  it('is the same frames whatever the tracker makes of them', async () => {
    const good = await simTracking(SEED, ACTIONS);
    const blind = await simTracking(SEED, ACTIONS, { maxDepth: 0.5 });
    expect(good.frames).toBeGreaterThan(ACTIONS);
    // the two trackers really differ: the near-sighted one loses what the navigator's settings track
    expect(good.statuses.ok).toBeGreaterThan(blind.statuses.ok);
    expect(blind.lap).toEqual(good.lap);
    expect(blind.pathM).toBe(good.pathM);
  }, 240_000);
});
