/**
 * The zod schemas of the habitat episode files the loaders read: the common habitat `Episode` fields
 * (habitat-lab habitat/core/dataset.py), VLN-CE's R2R and RxR episodes and `_gt` files, GOAT-Bench's
 * per-scene files. Positions and quaternions are checked here and converted in the loaders.
 */
import { z } from 'zod';
import { describeIssues } from '../episodes.js';

export const HabitatVec3Schema = z.tuple([z.number(), z.number(), z.number()], { error: 'expected a position [x, y, z] of three numbers' });
export const HabitatQuatSchema = z
  .tuple([z.number(), z.number(), z.number(), z.number()], { error: 'expected a quaternion [x, y, z, w] of four numbers' })
  .refine((q) => Math.hypot(...q) > 0.5, { message: 'expected a unit quaternion [x, y, z, w]' });
// habitat files store ids as ints or strings; loaders cast them to str as habitat's own loaders do
const IdSchema = z.union([z.string().min(1), z.number().int()], { error: 'expected an id (a string or a whole number)' }).transform(String);

/**
 * A scene path relative to the scenes folder: no `..` segment, not absolute, no NUL, so that an
 * episode file cannot load a scene from outside `--scenes`.
 */
const ScenePathSchema = z
  .string()
  .min(1, 'expected the scene path, e.g. mp3d/<scan>/<scan>.glb')
  .max(1024, 'expected a scene path of at most 1024 characters')
  .refine((p) => !p.includes('\0') && !/^([a-zA-Z]:)?[\\/]/.test(p) && !p.split(/[\\/]/).includes('..'), {
    message: 'expected a scene path inside the scenes folder (relative, without ..), e.g. mp3d/<scan>/<scan>.glb',
  });

const episodeCommon = {
  episode_id: IdSchema,
  scene_id: ScenePathSchema,
  start_position: HabitatVec3Schema,
  start_rotation: HabitatQuatSchema,
  info: z.record(z.string(), z.unknown()).nullish(),
};

const NavigationGoalSchema = z.object({ position: HabitatVec3Schema, radius: z.number().positive().nullish() });

export const VlnceInstructionSchema = z.object({
  instruction_text: z.string().min(1, 'expected a non-empty instruction_text'),
  instruction_tokens: z.array(z.union([z.number(), z.string()])).nullish(),
  // RxR-CE only
  instruction_id: IdSchema.nullish(),
  language: z.string().nullish(),
  annotator_id: IdSchema.nullish(),
  edit_distance: z.number().nullish(),
  timed_instruction: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))).nullish(),
});

export const VlnceEpisodeSchema = z.object({
  ...episodeCommon,
  trajectory_id: IdSchema.nullish(),
  // IR2R-CE assigns tours by episode id; a file may carry the tour already
  tour_id: IdSchema.nullish(),
  instruction: VlnceInstructionSchema,
  reference_path: z.array(HabitatVec3Schema).nullish(),
  goals: z.array(NavigationGoalSchema).nullish(),
});

export const R2rFileSchema = z.object({
  episodes: z.array(VlnceEpisodeSchema),
  instruction_vocab: z.object(
    { word_list: z.array(z.string()) },
    { error: 'an R2R-CE file has instruction_vocab.word_list (VLN-CE VLNCEDatasetV1 requires it)' },
  ),
});

export const RxrFileSchema = z.object({ episodes: z.array(VlnceEpisodeSchema) });

/** `{split}_gt.json.gz`: episode id → dense reference locations and actions. */
export const VlnceGtFileSchema = z.record(
  z.string(),
  z.object({
    locations: z.array(HabitatVec3Schema).min(1, 'expected at least one location'),
    actions: z.array(z.number().int()),
    forward_steps: z.number().int().nullish(),
  }),
);

export const GoatViewPointSchema = z.object({
  agent_state: z.object({ position: HabitatVec3Schema, rotation: HabitatQuatSchema.nullish() }),
  iou: z.number().nullish(),
});

export const GoatImageGoalSchema = z.object({
  position: HabitatVec3Schema,
  rotation: HabitatQuatSchema,
  hfov: z.number().gt(0, 'expected hfov in degrees (0–180)').lt(180, 'expected hfov in degrees (0–180)'),
  image_dimensions: z.tuple([z.number().int().positive(), z.number().int().positive()], { error: 'expected image_dimensions [height, width]' }),
  frame_coverage: z.number().nullish(),
  object_coverage: z.number().nullish(),
});

export const GoatGoalSchema = z.object({
  object_category: z.string().min(1),
  object_id: IdSchema,
  position: HabitatVec3Schema,
  view_points: z.array(GoatViewPointSchema),
  children_object_categories: z.array(z.string()).nullish(),
  lang_desc: z.string().nullish(),
  image_goals: z.array(GoatImageGoalSchema).nullish(),
});

export const GoatTaskSchema = z.union(
  [
    z.tuple([z.string().min(1), z.literal('object'), z.null()]),
    z.tuple([z.string().min(1), z.literal('description'), IdSchema]),
    z.tuple([z.string().min(1), z.literal('image'), IdSchema, z.number().int().nonnegative()]),
  ],
  { error: "expected a task [category, 'object', null], [category, 'description', object_id] or [category, 'image', object_id, image_index]" },
);

export const GoatFileSchema = z.object({
  episodes: z.array(
    z.object({ ...episodeCommon, scene_dataset_config: z.string().nullish(), tasks: z.array(GoatTaskSchema).min(1, 'expected at least one task') }),
  ),
  goals: z.record(z.string(), z.array(GoatGoalSchema)),
});

/** `data` through `schema`, or an Error naming the file and every offending field. */
export function parseBenchmarkFile<T extends z.ZodType>(schema: T, data: unknown, file: string, what: string): z.infer<T> {
  const r = schema.safeParse(data);
  if (!r.success) throw new Error(`'${file}' is not a valid ${what} file:\n${describeIssues(r.error)}`);
  return r.data;
}
