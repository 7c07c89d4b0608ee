/**
 * IR2R-CE-style tours (issue 37): a tour's instructions run in one world, one after another, so the
 * map the earlier instructions built is there for the later ones, while each instruction is its own
 * conversation and is scored from its own start; a tour succeeds when all its instructions do.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { runVlnTours, toursByHouse } from '../../src/eval/index.js';
import { runVln } from '../../src/eval/vln-run.js';
import { smallEpisodes } from '../vln/helpers.js';

/** cells of a map picture that are not the unknown grey (COLOURS.unknown) */
function knownPixels(png: Uint8Array): number {
  const p = PNG.sync.read(Buffer.from(png));
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if (!(p.data[i] === 205 && p.data[i + 1] === 205 && p.data[i + 2] === 205)) n++;
  return n;
}

describe('VLN tours', () => {
  it('keeps the map across a tour, a fresh conversation and its own start per instruction, and scores per instruction and per tour', async () => {
    const episodes = await smallEpisodes(3, 11);
    const tours = toursByHouse(episodes);
    expect(tours).toHaveLength(1);
    expect(tours[0].episodes.map((e) => e.id)).toEqual(episodes.map((e) => e.id));
    const o = { config: 'goal' as const, agent: { kind: 'scripted' as const }, budget: 60, maxDecisions: 40 };
    const run = await runVlnTours(tours, o);
    expect(run.outcomes).toHaveLength(3);
    // each instruction from its own start (the body moved there when it stopped elsewhere)
    for (const [i, out] of run.outcomes.entries()) {
      expect(out.paths.agent[0][0]).toBeCloseTo(episodes[i].start.position[0], 1);
      expect(out.paths.agent[0][2]).toBeCloseTo(episodes[i].start.position[2], 1);
    }
    // a fresh conversation per instruction: its decisions number from 1
    for (const ep of episodes) expect(run.trace.filter((d) => d.episode === ep.id)[0]?.decision).toBe(1);
    // per tour: the means of its instructions, success only when every one succeeded
    const t = run.metrics.tours.per_tour[0];
    expect(t.episodes).toBe(3);
    expect(t.SR).toBeCloseTo(run.outcomes.reduce((s, e) => s + e.scores.sr, 0) / 3, 12);
    expect(t.nDTW).toBeCloseTo(run.outcomes.reduce((s, e) => s + e.scores.ndtw, 0) / 3, 12);
    expect(t.success).toBe(run.outcomes.every((e) => e.scores.sr >= 1));
    expect(run.metrics.tours.tour_success_rate).toBe(t.success ? 1 : 0);
    expect(run.metrics.SR).toBeCloseTo(t.SR, 12);
    // memory across the tour: the last instruction's map holds what the earlier ones mapped, more than
    // the same instruction run on its own
    const alone = await runVln([episodes[2]], o);
    expect(knownPixels(run.maps.get(run.outcomes[2].map!)!)).toBeGreaterThan(knownPixels(alone.maps.get(alone.outcomes[0].map!)!));
  }, 300_000);

  it('refuses a tour that leaves its house', async () => {
    const [a] = await smallEpisodes(1, 11);
    const [b] = await smallEpisodes(1, 12);
    await expect(runVlnTours([{ id: 'mixed', episodes: [a, b] }], { config: 'goal', agent: { kind: 'scripted' }, budget: 5, maxDecisions: 5 })).rejects.toThrow(
      /another house/,
    );
  }, 300_000);
});

describe('navharness vln --tours', () => {
  it('is refused with --dataset, saying what it runs', async () => {
    const { vlnCommand } = await import('../../src/commands/vln.js');
    await expect(vlnCommand({ dataset: 'r2r-ce:/nowhere', tours: true, agent: 'scripted', config: 'goal', out: '/tmp/nh-never' })).rejects.toThrow(
      /--tours runs the --episodes file's episodes house by house/,
    );
  });
});
