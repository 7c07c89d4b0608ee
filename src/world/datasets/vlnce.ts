/**
 * VLN-CE episode splits: R2R-CE (`{split}/{split}.json.gz` with `instruction_vocab`, and
 * `{split}_gt.json.gz`) and RxR-CE (`{split}/{split}_{role}.json.gz` per role guide/follower, with
 * `_gt` files; no vocabulary, instructions carry language and word timings). Loaded the way VLN-CE's
 * `VLNCEDatasetV1` / `RxRVLNCEDatasetV1` do, validated, and converted into the project's frame.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { habitatHeading, habitatPosition } from './habitat-frame.js';
import { parseBenchmarkFile, R2rFileSchema, RxrFileSchema, VlnceEpisodeSchema, VlnceGtFileSchema } from './habitat-schema.js';
import { readJsonFile } from './read-json.js';
import { normaliseScenePath, type VlnceEpisode, type VlnceSplit } from './types.js';

export const RXR_ROLES = ['guide', 'follower'] as const;
export type RxrRole = (typeof RXR_ROLES)[number];

type RawEpisode = z.infer<typeof VlnceEpisodeSchema>;
type GtFile = z.infer<typeof VlnceGtFileSchema>;

function convertEpisode(e: RawEpisode, benchmark: VlnceEpisode['benchmark'], role: RxrRole | null, gt: GtFile | null): VlnceEpisode {
  const i = e.instruction;
  // own keys only: an episode id like __proto__ or constructor must not find Object's members
  const g = gt && Object.hasOwn(gt, e.episode_id) ? gt[e.episode_id] : undefined;
  const geo = e.info?.geodesic_distance;
  return {
    benchmark,
    id: e.episode_id,
    trajectoryId: e.trajectory_id ?? null,
    tourId: e.tour_id ?? null,
    scene: normaliseScenePath(e.scene_id),
    start: { position: habitatPosition(e.start_position), yaw: habitatHeading(e.start_rotation).yaw },
    goals: (e.goals ?? []).map((x) => habitatPosition(x.position)),
    instruction: {
      text: i.instruction_text,
      tokens: i.instruction_tokens ?? null,
      language: i.language ?? null,
      role,
      instructionId: i.instruction_id ?? null,
      annotatorId: i.annotator_id ?? null,
      editDistance: i.edit_distance ?? null,
      timed: i.timed_instruction ?? null,
    },
    referencePath: e.reference_path ? e.reference_path.map(habitatPosition) : null,
    geodesicDistance: typeof geo === 'number' && Number.isFinite(geo) ? geo : null,
    gt: g ? { locations: g.locations.map(habitatPosition), actions: g.actions } : null,
  };
}

async function readGt(file: string): Promise<GtFile> {
  return parseBenchmarkFile(VlnceGtFileSchema, await readJsonFile(file), file, 'VLN-CE ground-truth (_gt)');
}

/** Which VLN-CE flavour a split folder holds, from its file names; null when neither. */
export function vlnceFlavourOf(dir: string): 'r2r-ce' | 'rxr-ce' | null {
  const split = basename(dir);
  if (existsSync(join(dir, `${split}.json.gz`)) || existsSync(join(dir, `${split}.json`))) return 'r2r-ce';
  if (RXR_ROLES.some((r) => existsSync(join(dir, `${split}_${r}.json.gz`)))) return 'rxr-ce';
  return null;
}

const firstExisting = (paths: string[]) => paths.find((p) => existsSync(p)) ?? paths[0];

/** An R2R-CE split folder (`…/val_seen`): its episodes, vocabulary and `_gt` references. */
export async function loadR2rSplit(dir: string): Promise<VlnceSplit> {
  const split = basename(dir);
  const file = firstExisting([join(dir, `${split}.json.gz`), join(dir, `${split}.json`)]);
  if (!existsSync(file)) throw new Error(`no R2R-CE episode file in '${dir}': expected ${split}.json.gz (VLN-CE R2R_VLNCE_v1-3_preprocessed/${split}/)`);
  const data = parseBenchmarkFile(R2rFileSchema, await readJsonFile(file), file, 'R2R-CE episode');
  const gtFile = join(dir, `${split}_gt.json.gz`);
  const gt = existsSync(gtFile) ? await readGt(gtFile) : null;
  return {
    benchmark: 'r2r-ce',
    split,
    files: [file],
    gtFiles: gt ? [gtFile] : [],
    gtFilesMissing: gt ? [] : [gtFile],
    vocabulary: data.instruction_vocab.word_list,
    episodes: data.episodes.map((e) => convertEpisode(e, 'r2r-ce', null, gt)),
  };
}

/** An RxR-CE split folder: the episodes of each role whose file exists (test_challenge has only guide). */
export async function loadRxrSplit(dir: string, roles: readonly RxrRole[] = RXR_ROLES): Promise<VlnceSplit> {
  const split = basename(dir);
  const out: VlnceSplit = { benchmark: 'rxr-ce', split, files: [], gtFiles: [], gtFilesMissing: [], vocabulary: null, episodes: [] };
  for (const role of roles) {
    const file = join(dir, `${split}_${role}.json.gz`);
    if (!existsSync(file)) continue;
    const data = parseBenchmarkFile(RxrFileSchema, await readJsonFile(file), file, 'RxR-CE episode');
    const gtFile = join(dir, `${split}_${role}_gt.json.gz`);
    const gt = existsSync(gtFile) ? await readGt(gtFile) : null;
    out.files.push(file);
    (gt ? out.gtFiles : out.gtFilesMissing).push(gtFile);
    out.episodes.push(...data.episodes.map((e) => convertEpisode(e, 'rxr-ce', role, gt)));
  }
  if (out.files.length === 0)
    throw new Error(`no RxR-CE episode file in '${dir}': expected ${roles.map((r) => `${split}_${r}.json.gz`).join(' or ')} (VLN-CE RxR_VLNCE_v0/${split}/)`);
  return out;
}
