/**
 * GOAT-Bench goal ids against HM3D annotations: the agreement rule (same, synonym, mismatch), the
 * real TEEsavR23oF val_seen file with its semantic text (skipped, saying so, without the data), and
 * `eval --dataset` refusing a split whose goal ids name objects of another category unless told
 * `--allow-goal-mismatch`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedPath, skipReason } from '../../bench/support/shared-data.js';
import { loadDatasetEpisodes } from '../../src/eval/index.js';
import { categoryAgreement } from '../../src/world/node.js';
import { runMain } from '../helpers/run-program.js';

const VAL_SEEN = sharedPath('benchmarks', 'goat_bench_hm3d_v1', 'val_seen');
const SEMANTIC = sharedPath('benchmarks', 'hm3d_semantic');
const tmp = mkdtempSync(join(tmpdir(), 'nh-goal-categories-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('categoryAgreement', () => {
  it('tells the same category, a near-match and another category apart', () => {
    expect(categoryAgreement('pillow', 'Pillow')).toBe('same');
    expect(categoryAgreement('nightstand', 'night table')).toBe('synonym');
    expect(categoryAgreement('tv', 'led tv')).toBe('synonym');
    expect(categoryAgreement('bathtub', 'bath')).toBe('synonym');
    expect(categoryAgreement('cabinet', 'kitchen lower cabinet')).toBe('synonym');
    expect(categoryAgreement('tv', 'tv/monitor')).toBe('same');
    expect(categoryAgreement('refrigerator', 'kitchen lower cabinet')).toBe('mismatch');
    expect(categoryAgreement('sofa', 'towel')).toBe('mismatch');
  });
});

describe.skipIf(!VAL_SEEN || !SEMANTIC)(
  `TEEsavR23oF val_seen with its semantic text${VAL_SEEN && SEMANTIC ? '' : ` — skipped: ${skipReason('benchmarks/goat_bench_hm3d_v1/val_seen and benchmarks/hm3d_semantic')}`}`,
  () => {
    it('dataset inspect reports the goal ids checked, the synonyms and the mismatches', async () => {
      const r = await runMain('dataset', 'inspect', VAL_SEEN!, '--semantic', SEMANTIC!, '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out) as {
        semantic: {
          scenes_checked: number;
          goal_ids_checked: number;
          goal_ids_same: number;
          goal_ids_synonym: number;
          goal_ids_mismatched: number;
          examples: Array<{ object_id: string; annotation: string; agreement: string }>;
        };
      };
      expect(j.semantic.scenes_checked).toBe(1);
      expect(j.semantic.goal_ids_checked).toBe(j.semantic.goal_ids_same + j.semantic.goal_ids_synonym + j.semantic.goal_ids_mismatched);
      expect(j.semantic.goal_ids_checked).toBeGreaterThan(20);
      expect(j.semantic.goal_ids_synonym).toBeGreaterThan(0);
      expect(j.semantic.examples).toContainEqual(expect.objectContaining({ object_id: 'led tv_254', annotation: 'led tv', agreement: 'synonym' }));
    });

    it('eval --dataset refuses goal ids of another category before anything runs, and binds them with --allow-goal-mismatch', async () => {
      // a scenes folder holding the scene and a semantic text whose instance 254 is a towel
      const sceneDir = join(tmp, 'scenes/hm3d/val/00800-TEEsavR23oF');
      mkdirSync(sceneDir, { recursive: true });
      writeFileSync(join(sceneDir, 'TEEsavR23oF.basis.glb'), 'not opened: the goal check comes first');
      const text = readFileSync(join(SEMANTIC!, 'TEEsavR23oF.semantic.txt'), 'utf8').replace(/^254,([0-9A-Fa-f]{6}),"[^"]*"/m, '254,$1,"towel"');
      writeFileSync(join(sceneDir, 'TEEsavR23oF.semantic.txt'), text);
      const src = { benchmark: 'goat-bench' as const, root: join(VAL_SEEN!, '..'), split: 'val_seen', scenesDir: join(tmp, 'scenes') };
      await expect(loadDatasetEpisodes(src)).rejects.toThrow(
        /1 GOAT goal id\(s\) disagree with the semantic annotations of their scene:\n {2}led tv_254 \(tv\) is 'towel' in hm3d\/val\/00800-TEEsavR23oF\/TEEsavR23oF\.basis\.glb\nrun them anyway with --allow-goal-mismatch/,
      );
      expect((await loadDatasetEpisodes({ ...src, allowGoalMismatch: true })).length).toBe(10);
      const out = join(tmp, 'runs');
      const r = await runMain(
        'eval',
        '--dataset',
        `goat-bench:${join(VAL_SEEN!, '..')}`,
        '--scenes',
        join(tmp, 'scenes'),
        '--split',
        'val_seen',
        '--agent',
        'scripted',
        '--out',
        out,
      );
      expect(r.code).toBe(2);
      expect(r.err).toContain("led tv_254 (tv) is 'towel'");
      expect(r.err).toContain('--allow-goal-mismatch');
    }, 120_000);
  },
);
