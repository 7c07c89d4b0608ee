import { describe, expect, it } from 'vitest';
import type { BodyFrame } from '../../src/body/body.js';
import { GroundTruthJudge, sightGoal } from '../../src/baselines/ground-truth-judge.js';
import type { JudgeEvidence } from '../../src/harness/judge.js';

function frame(id: number, depth: number, pixels: number, w = 20, h = 10): BodyFrame {
  const ids = new Uint32Array(w * h);
  const d = new Float32Array(w * h).fill(3);
  for (let i = 0; i < pixels; i++) {
    ids[i] = id;
    d[i] = depth;
  }
  return { width: w, height: h, rgb: new Uint8Array(w * h * 3), depth: d, ids, timestamp: 0 };
}

const evidence = (views: BodyFrame[]): JudgeEvidence => ({
  goal: { kind: 'object', text: 'bed' },
  stopViews: views,
  stopPngs: [],
  earlier: [],
  mapPng: null,
  record: { taskPosition: 1, tasksInRun: 1, stepsUsed: 0, stepBudget: 10, frameCount: 0, markerNames: ['hall'] },
});

describe('ground-truth-perception judge (offline baseline)', () => {
  it('counts goal pixels and close-range goal pixels per view', () => {
    expect(sightGoal([frame(5, 1.0, 60), frame(5, 2.5, 60), frame(9, 1.0, 60)], new Set([5]), 1.6)).toEqual([
      { pixels: 60, closePixels: 60 },
      { pixels: 60, closePixels: 0 },
      { pixels: 0, closePixels: 0 },
    ]);
  });

  it.each([
    { views: [frame(7, 3, 0), frame(5, 1.2, 80)], verdict: 'complete' },
    { views: [frame(5, 3.0, 80)], verdict: 'incomplete' },
    { views: [frame(9, 1.0, 200)], verdict: 'incomplete' },
    { views: [frame(5, 1.0, 10)], verdict: 'incomplete' },
  ])('decides $verdict', async ({ views, verdict }) => {
    const r = await new GroundTruthJudge(() => [5], { minPixels: 50, closeRange: 1.6 }).check(evidence(views));
    expect(r.verdict.verdict).toBe(verdict);
    expect(r.source).toBe('ground-truth-perception');
  });

  it('says unknown when the views carry no instance ids', async () => {
    const f = frame(5, 1, 80);
    delete f.ids;
    expect((await new GroundTruthJudge(() => [5]).check(evidence([f]))).verdict.verdict).toBe('unknown');
  });
});
