/**
 * The navigation agent's goal detectors: with the encoder, an image goal is known by its photograph
 * only, so neither what the agent writes nor what memory recalls may use the true category or ids;
 * a goal given without a photograph falls back to the oracle's instance ids.
 */
import { describe, expect, it } from 'vitest';
import { EncoderGoals, GroundTruthGoals } from '../../src/baselines/navigation-agent/goal-detector.js';
import { handoverText } from '../../src/baselines/navigation-agent/close.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import type { ImageGoalMatcher } from '../../src/baselines/image-goal-matcher.js';
import type { NavigationOracle } from '../../src/baselines/navigation-agent/types.js';

const oracle = { navigator: { places: { names: () => ['hall'] } }, goalInstanceIds: () => [7], goalLabel: () => 'potted plant' } as unknown as NavigationOracle;

function fakeMatcher() {
  const m = {
    photos: 0,
    cleared: 0,
    async setGoalPng() {
      m.photos++;
    },
    clear() {
      m.cleared++;
    },
  };
  return m;
}

const handover = (goals: Ctx['goals']) =>
  handoverText({ goals, nav: oracle.navigator, task: { areas: 2, rejected: [] } } as unknown as Ctx, 'complete', 'The view ahead matches the goal photograph.');

describe('goal detectors', () => {
  it('ground truth names the goal as given and recalls it by its instance ids', () => {
    const g = new GroundTruthGoals(oracle);
    expect(g.wantsPhoto).toBe(false);
    expect(g.recallIds()).toEqual([7]);
    expect(handover(g)).toContain('Goal: potted plant.');
  });

  it('the encoder asks for the photograph once per task; a photographed goal is never named by its category nor recalled by ids', async () => {
    const m = fakeMatcher();
    const g = new EncoderGoals(oracle, m as unknown as ImageGoalMatcher);
    expect(g.wantsPhoto).toBe(true);
    await g.setPhoto(new Uint8Array([1]));
    expect(m.photos).toBe(1);
    expect(g.wantsPhoto).toBe(false);
    expect(g.recallIds()).toEqual([]);
    const h = handover(g);
    expect(h).toContain('Goal: the object in the goal photograph.');
    expect(h).not.toContain('potted plant');
    g.newTask();
    expect(m.cleared).toBe(1);
    expect(g.wantsPhoto).toBe(true);
    // get_goal gave no photograph (a category goal): the instance ids, as with ground truth
    await g.setPhoto(null);
    expect(g.wantsPhoto).toBe(false);
    expect(g.recallIds()).toEqual([7]);
    expect(handover(g)).toContain('Goal: potted plant.');
  });
});
