/**
 * Honest token labels: a VLN run of the offline mock model reports its counts as estimates, never as
 * "provider-reported" (only a provider's own counts are).
 */
import { describe, expect, it } from 'vitest';
import { runVln } from '../../src/eval/vln-run.js';
import { MockModel } from '../../src/models/index.js';
import { smallEpisodes } from '../vln/helpers.js';

describe('VLN token labels', () => {
  it('the mock model is an offline agent: its counts are estimates', async () => {
    const episodes = await smallEpisodes(1, 11);
    const run = await runVln(episodes, { config: 'native', agent: { kind: 'model', model: new MockModel() }, budget: 5, maxDecisions: 2 });
    expect(run.metrics.token_counts).toMatch(/^estimated/);
  }, 120_000);
});
