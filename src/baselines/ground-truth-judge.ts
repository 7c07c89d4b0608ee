/**
 * An offline judge for runs without a model service: a GROUND-TRUTH-PERCEPTION BASELINE, not a
 * vision judge. It reads the renderer's instance ids in the four stop views (privileged information
 * no model judge has) and decides whether a goal instance is visible at close range. Its verdicts
 * therefore measure the harness's closure logic with a near-perfect checker, nothing more.
 */
import type { BodyFrame } from '../body/index.js';
import { ZERO_USAGE } from '../models/index.js';
import type { Judge, JudgeEvidence, JudgeResult } from '../harness/index.js';
import { goalPixels } from './ground-truth-perception.js';

export interface GroundTruthJudgeOptions {
  /** pixels of a goal instance needed in one view to count as seen */
  minPixels: number;
  /** a goal pixel within this depth counts as close range, metres */
  closeRange: number;
}

export const DEFAULT_GT_JUDGE: GroundTruthJudgeOptions = { minPixels: 50, closeRange: 1.6 };

export interface GoalSighting {
  pixels: number;
  closePixels: number;
}

export function sightGoal(views: readonly BodyFrame[], goalIds: ReadonlySet<number>, closeRange: number): GoalSighting[] {
  return views.map((v) => ({
    pixels: goalPixels(v, goalIds, () => true)?.pixels ?? 0,
    closePixels: goalPixels(v, goalIds, (d) => d > 0 && d <= closeRange)?.pixels ?? 0,
  }));
}

export class GroundTruthJudge implements Judge {
  readonly id = 'ground-truth-perception';

  /** `goalIds` is called at check time with the current task's goal instances (privileged). */
  constructor(
    private readonly goalIds: () => readonly number[],
    private readonly opts: GroundTruthJudgeOptions = DEFAULT_GT_JUDGE,
  ) {}

  async check(e: JudgeEvidence): Promise<JudgeResult> {
    const ids = new Set(this.goalIds());
    const seen = sightGoal(e.stopViews, ids, this.opts.closeRange);
    if (e.stopViews.every((v) => !v.ids)) {
      return {
        verdict: { verdict: 'unknown', evidence: 'the stop views carry no instance ids', searched_places: [...e.record.markerNames], confidence: 0 },
        usage: { ...ZERO_USAGE },
        source: 'ground-truth-perception',
      };
    }
    const close = seen.findIndex((s) => s.closePixels >= this.opts.minPixels);
    const far = seen.findIndex((s) => s.pixels >= this.opts.minPixels);
    const searched = [...e.record.markerNames];
    if (close >= 0) {
      return {
        verdict: {
          verdict: 'complete',
          evidence: `stop view ${close + 1} shows the goal object at close range (${seen[close].closePixels} pixels within ${this.opts.closeRange} m)`,
          searched_places: searched,
          confidence: 0.95,
        },
        usage: { ...ZERO_USAGE },
        source: 'ground-truth-perception',
      };
    }
    if (far >= 0) {
      return {
        verdict: {
          verdict: 'incomplete',
          evidence: `stop view ${far + 1} shows the goal object, but not within ${this.opts.closeRange} m`,
          searched_places: searched,
          confidence: 0.7,
        },
        usage: { ...ZERO_USAGE },
        source: 'ground-truth-perception',
      };
    }
    return {
      verdict: { verdict: 'incomplete', evidence: 'none of the four stop views shows the goal object', searched_places: searched, confidence: 0.8 },
      usage: { ...ZERO_USAGE },
      source: 'ground-truth-perception',
    };
  }
}
