/**
 * `navharness dataset inspect`: on the real R2R-CE val_seen folder it prints 778 episodes with `_gt`
 * for all (skipping, saying why, without the data); refusals exit 2 naming the flag or argument.
 */
import { describe, expect, it } from 'vitest';
import { GOAT_VAL_UNSEEN, R2R_VAL_SEEN, skipReason } from '../../bench/support/shared-data.js';
import { runMain } from '../helpers/run-program.js';

const cli = runMain;

describe('navharness dataset inspect', () => {
  it.skipIf(!R2R_VAL_SEEN)(
    `R2R-CE val_seen: 778 episodes, _gt for all (${R2R_VAL_SEEN ? 'real file' : skipReason('benchmarks/r2r_vlnce_v1-3_preprocessed/val_seen')})`,
    async () => {
      const r = await cli('dataset', 'inspect', R2R_VAL_SEEN!, '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out) as {
        benchmark: string;
        episodes: number;
        gt: { episodes_with_gt: number; episodes_without_gt: number };
        scene_files: string[];
        missing: string[];
      };
      expect(j.benchmark).toBe('r2r-ce');
      expect(j.episodes).toBe(778);
      expect(j.gt.episodes_with_gt).toBe(778);
      expect(j.gt.episodes_without_gt).toBe(0);
      expect(j.scene_files.every((f) => /^mp3d\/(\w+)\/\1\.glb$/.test(f))).toBe(true);
      const text = await cli('dataset', 'inspect', R2R_VAL_SEEN!);
      expect(text.out).toContain('r2r-ce val_seen: 778 episodes in');
      expect(text.out).toContain('_gt for 778 of 778');
    },
  );

  it.skipIf(!GOAT_VAL_UNSEEN)(
    `GOAT-Bench: subtasks by kind and the missing scene file named (${GOAT_VAL_UNSEEN ? 'real file' : skipReason('benchmarks/goat_bench_hm3d_v1/val_unseen')})`,
    async () => {
      const r = await cli('dataset', 'inspect', GOAT_VAL_UNSEEN!, '--scenes', '/nonexistent-scenes', '--json');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.out) as { subtasks: Record<string, number>; missing: string[] };
      expect(j.subtasks.total).toBe(78);
      expect(j.missing).toContain('scene file /nonexistent-scenes/hm3d/val/00877-4ok3usBNeis/4ok3usBNeis.basis.glb');
    },
  );

  it('refuses a bad --benchmark and a missing path with exit 2, naming them', async () => {
    const a = await cli('dataset', 'inspect', '/tmp', '--benchmark', 'habitat');
    expect(a.code).toBe(2);
    expect(a.err).toContain('--benchmark: expected one of goat-bench, r2r-ce, rxr-ce, ir2r-ce');
    const b = await cli('dataset', 'inspect', '/nonexistent-split');
    expect(b.code).toBe(2);
    expect(b.err).toContain("<path>: '/nonexistent-split' does not exist");
    const c = await cli('dataset', 'inspect', '/tmp', '--benchmark', 'ir2r-ce');
    expect(c.code).toBe(2);
    expect(c.err).toContain('--tours');
  });
});
