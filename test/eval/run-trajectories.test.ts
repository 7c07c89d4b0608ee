/**
 * A run keeps each task's estimated and true camera trajectory as TUM files in eval/ (issue 20): with
 * the ground-truth pose source the two agree pose for pose (so each estimate is paired with its own
 * frame), and the files feed `ate` directly.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import {
  ate,
  estimatedTumPath,
  parseTumTrajectory,
  replayIndexPath,
  ReplayIndexSchema,
  replayMapPath,
  replayViewsPath,
  runSequence,
  trueTumPath,
} from '../../src/eval/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function oneTask(poseSource: 'ground-truth' | 'slam') {
  const out = join(mkdtempSync(join(tmpdir(), 'tum-run-')), 'run');
  dirs.push(out);
  await runSequence({ house: 'seed:3', sequence: 0, agent: 'scripted', out, maxGoals: 1, harness: { poseSource, stepBudget: 12, turnBudget: 6 } });
  const est = parseTumTrajectory(readFileSync(join(out, estimatedTumPath('task-001')), 'utf8'));
  const gt = parseTumTrajectory(readFileSync(join(out, trueTumPath('task-001')), 'utf8'));
  return { est, gt, out };
}

describe('TUM trajectory files of a run', () => {
  it('with ground-truth poses, the estimated file equals the true one (zero ATE), one pose per clock tick', async () => {
    const { est, gt } = await oneTask('ground-truth');
    expect(gt.length).toBeGreaterThan(20);
    expect(est.length).toBe(gt.length);
    for (let i = 1; i < gt.length; i++) expect(gt[i].time).toBeGreaterThan(gt[i - 1].time);
    const a = ate(gt, est, { maxDt: 0.001 });
    expect(a.pairs).toBe(gt.length);
    expect(a.rmse_m).toBeLessThan(1e-4);
  }, 300_000);

  it('keeps a replay of the actions: the half-size views (one JPEG), the maps (PNG), and how far the trajectories had grown', async () => {
    const { gt, est, out } = await oneTask('slam');
    const index = ReplayIndexSchema.parse(JSON.parse(readFileSync(join(out, replayIndexPath('task-001')), 'utf8')));
    expect(index.steps.length).toBeGreaterThan(2);
    for (let i = 0; i < index.steps.length; i++) {
      const s = index.steps[i];
      if (i > 0) expect(s.step).toBeGreaterThan(index.steps[i - 1].step);
      if (i > 0) {
        // an action is five sub-motions: five more true poses than the step before
        expect(s.true_poses).toBeGreaterThan(index.steps[i - 1].true_poses);
        expect(s.time).toBeGreaterThan(index.steps[i - 1].time);
      }
      expect(s.estimated_poses).toBeLessThanOrEqual(s.true_poses);
      const map = PNG.sync.read(readFileSync(join(out, replayMapPath('task-001', s.step))));
      expect(map.width).toBeGreaterThan(10);
    }
    // the kept views, stacked: 160×120 each
    expect([index.view_width, index.view_height]).toEqual([160, 120]);
    const views = jpeg.decode(readFileSync(join(out, replayViewsPath('task-001'))), { useTArray: true });
    expect([views.width, views.height]).toEqual([160, 120 * index.steps.length]);
    const last = index.steps[index.steps.length - 1];
    expect(last.true_poses).toBe(gt.length);
    expect(last.estimated_poses).toBe(est.length);
  }, 300_000);

  it('with SLAM poses, the estimate is in its own world frame and aligns to the truth within centimetres', async () => {
    const { est, gt } = await oneTask('slam');
    expect(est.length).toBeGreaterThan(10);
    const a = ate(gt, est, { maxDt: 0.001 });
    // the raw positions differ (another world frame) ...
    const raw = Math.max(
      ...a.series.map((s, i) => Math.hypot(est[i].pose[3] - gt[i].pose[3], est[i].pose[7] - gt[i].pose[7], est[i].pose[11] - gt[i].pose[11])),
    );
    expect(raw).toBeGreaterThan(a.rmse_m);
    // ... and the aligned error is small
    expect(a.rmse_m).toBeLessThan(0.1);
  }, 300_000);
});
