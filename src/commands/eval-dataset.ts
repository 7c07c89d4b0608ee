/**
 * The benchmark flags shared by `navharness eval` and `navharness vln`: `--dataset KIND:PATH`
 * (a GOAT-Bench, R2R-CE or RxR-CE dataset root holding `{split}/`), `--scenes DIR`, `--split S`,
 * `--limit N`, `--dtw exact|fast`; and the dataset half of `eval`. A missing scene file is refused
 * (exit 2) naming the file and where to download it.
 */
import { z } from 'zod';
import { PRESETS } from '../world/choices.js';
import { defaulted, flagsSchema, optional } from './flag-table.js';
import { UsageError } from './options.js';

export const DATASET_KINDS = ['goat-bench', 'r2r-ce', 'rxr-ce'] as const;

export const DatasetSpecSchema = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const m = /^([a-z0-9-]+):(.+)$/.exec(s);
    const kind = m?.[1] as (typeof DATASET_KINDS)[number] | undefined;
    if (!m || !kind || !DATASET_KINDS.includes(kind)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected KIND:PATH with KIND one of ${DATASET_KINDS.join(', ')} and PATH the dataset root holding {split}/, got '${s}'`,
      });
      return z.NEVER;
    }
    return { benchmark: kind, root: m[2] };
  });

/** The benchmark flags as `eval` declares them (vln takes the same values: DatasetFlagsShape). */
export const DATASET_FLAGS = {
  dataset: optional('--dataset <kind:path>', 'a benchmark split instead: goat-bench:PATH | r2r-ce:PATH | rxr-ce:PATH (PATH holds {split}/)', DatasetSpecSchema),
  scenes: optional(
    '--scenes <dir>',
    "with --dataset: the scenes folder the episodes' scene paths are relative to",
    z.string().min(1, 'give the scenes folder (holding mp3d/ or hm3d/)'),
  ),
  split: optional(
    '--split <name>',
    'with --dataset: the split, e.g. val_seen, val_unseen',
    z.string().regex(/^[\w.-]+$/, 'a split name such as val_seen, val_unseen or train'),
  ),
  limit: optional(
    '--limit <n>',
    'with --dataset: run only the first N episodes',
    z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').positive('expected at least 1'),
  ),
  preset: defaulted(
    '--preset <name>',
    "with --dataset: the body's camera and action limit, papers (the papers' setting) | goat-bench | r2r-ce | rxr-ce (the benchmark's own)",
    z.enum(PRESETS, { error: `--preset is one of ${PRESETS.join(', ')}: the papers' setting or the benchmark's own` }),
    'papers',
  ),
  dtw: defaulted(
    '--dtw <method>',
    "with an r2r-ce/rxr-ce dataset: nDTW's DTW, exact | fast (FastDTW)",
    z.enum(['exact', 'fast'], { error: "nDTW's DTW is 'exact' or 'fast' (FastDTW, VLN-CE's default)" }),
    'exact',
  ),
  allowGoalMismatch: defaulted(
    '--allow-goal-mismatch',
    "with a goat-bench dataset: run goals whose category disagrees with the scene's semantic annotations (refused by default)",
    z.boolean({ error: '--allow-goal-mismatch takes no value' }),
    false,
  ),
};

export const DatasetFlagsShape = flagsSchema(DATASET_FLAGS).shape;

type DatasetFlagValues = {
  dataset?: { benchmark: (typeof DATASET_KINDS)[number]; root: string };
  scenes?: string;
  split?: string;
  preset?: (typeof PRESETS)[number];
};

/** --scenes, --split and a benchmark --preset come with --dataset, the preset of its benchmark (zod issues on the flags they name). */
export function checkDatasetFlags(f: DatasetFlagValues, ctx: z.RefinementCtx): void {
  if (!f.dataset) {
    for (const k of ['scenes', 'split'] as const)
      if (f[k] !== undefined) ctx.addIssue({ code: 'custom', path: [k], message: `--${k} goes with --dataset KIND:PATH` });
    if (f.preset && f.preset !== 'papers')
      ctx.addIssue({ code: 'custom', path: ['preset'], message: `--preset ${f.preset} goes with --dataset ${f.preset}:PATH` });
    return;
  }
  if (f.preset && f.preset !== 'papers' && f.preset !== f.dataset.benchmark) {
    ctx.addIssue({
      code: 'custom',
      path: ['preset'],
      message: `a ${f.dataset.benchmark} run takes --preset papers or ${f.dataset.benchmark}, not ${f.preset}`,
    });
  }
  if (!f.scenes)
    ctx.addIssue({ code: 'custom', path: ['scenes'], message: "give the scenes folder the episodes' scene paths are relative to (holding mp3d/ or hm3d/)" });
  if (!f.split) ctx.addIssue({ code: 'custom', path: ['split'], message: 'give the split to run, e.g. val_seen or val_unseen' });
}

export type DatasetFlags = Required<Pick<DatasetFlagValues, 'dataset' | 'scenes' | 'split' | 'preset'>> & { limit?: number; allowGoalMismatch?: boolean };

/**
 * The split's episodes, checked before anything runs: an unreadable or invalid split is refused
 * naming --dataset, a missing scene file naming --scenes (exit 2, the file and where to get it).
 */
export async function loadDatasetOrRefuse(command: string, f: DatasetFlags) {
  const { loadDatasetEpisodes } = await import('../eval/index.js');
  const src = {
    benchmark: f.dataset.benchmark,
    root: f.dataset.root,
    split: f.split,
    scenesDir: f.scenes,
    limit: f.limit,
    allowGoalMismatch: f.allowGoalMismatch,
  };
  try {
    return { src, episodes: await loadDatasetEpisodes(src) };
  } catch (e) {
    const msg = (e as Error).message;
    const flag = /scene files? .*missing/.test(msg) ? '--scenes' : /disagree with the semantic annotations/.test(msg) ? '--allow-goal-mismatch' : '--dataset';
    throw new UsageError(`navharness ${command}: ${flag}: ${msg}`, [flag]);
  }
}
