/**
 * Episode datasets as validated JSON. Every load goes through zod; an invalid file is rejected with
 * the path of the offending field (e.g. `episodes[2].goals[0].instanceId`) and what was expected.
 */
import { z } from '../../geometry/choices.js';

// zod 4 numbers are finite
const finite = z.number();
export const Vec3Schema = z.readonly(z.tuple([finite, finite, finite]));
export const PoseSchema = z.object({
  /** floor point in the sim frame */
  position: Vec3Schema,
  /** heading about +y, radians; 0 looks along −z */
  yaw: finite,
});

/** The one house-seed rule (a uint32; the house generator's random streams take 32 bits). */
export const MAX_HOUSE_SEED = 0xffffffff;
const SEED_RULE = `a house seed is a whole number from 0 to ${MAX_HOUSE_SEED}`;
export const HouseSeedSchema = z.number({ message: SEED_RULE }).check(
  z.refine((n) => Number.isInteger(n), { message: SEED_RULE }),
  z.minimum(0, SEED_RULE),
  z.maximum(MAX_HOUSE_SEED, SEED_RULE),
);

export const HouseRefSchema = z.discriminatedUnion('kind', [
  // aliasing: the perceptual-aliasing variant of the seed's house (two identical rooms)
  z.object({ kind: z.literal('procedural'), seed: HouseSeedSchema, aliasing: z.optional(z.literal(true, { message: 'aliasing is true or left out' })) }),
  z.object({ kind: z.literal('gltf'), path: z.string().check(z.minLength(1)) }),
]);

const goalCommon = {
  category: z.string().check(z.minLength(1)),
  /** every instance whose footprint counts for success (object goals: all instances of the category) */
  instanceIds: z.array(z.int().check(z.positive())).check(z.minLength(1)),
  floor: z.int().check(z.minimum(0)),
  /** navigable points within the success region, for shortest-path lengths */
  viewpoints: z.array(Vec3Schema).check(z.minLength(1)),
  successRadius: z._default(z.number().check(z.positive()), 1.0),
};

export const GoatGoalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('object'), ...goalCommon }),
  z.object({ type: z.literal('description'), ...goalCommon, description: z.string().check(z.minLength(1)) }),
  z.object({
    type: z.literal('image'),
    ...goalCommon,
    /** where the goal photograph was taken (camera at the default height, level) */
    view: PoseSchema,
    /**
     * the benchmark's goal camera when it differs from the body's (GOAT-Bench image goals): its
     * height above the view's floor point and its pitch; its field of view and size are recorded
     */
    camera: z.optional(
      z.object({
        heightM: z.number().check(z.positive()),
        pitch: finite,
        hfovDeg: z.number().check(z.positive()),
        width: z.int().check(z.positive()),
        height: z.int().check(z.positive()),
      }),
    ),
  }),
]);

export const GoatEpisodeSchema = z.object({
  id: z.string().check(z.minLength(1)),
  kind: z.literal('goat'),
  house: HouseRefSchema,
  start: PoseSchema,
  goals: z.array(GoatGoalSchema).check(z.minLength(1), z.maxLength(20)),
});

export const InstructionEpisodeSchema = z.object({
  id: z.string().check(z.minLength(1)),
  kind: z.literal('instruction'),
  house: HouseRefSchema,
  start: PoseSchema,
  goal: z.object({ position: Vec3Schema }),
  instruction: z.string().check(z.minLength(1)),
  /** reference path, metres, sampled along the shortest path */
  referencePath: z.array(Vec3Schema).check(z.minLength(2)),
  geodesicDistance: z.number().check(z.positive()),
  successRadius: z._default(z.number().check(z.positive()), 3.0),
});

export const EpisodeDatasetSchema = z.discriminatedUnion('kind', [
  z.object({ version: z.literal(1), kind: z.literal('goat'), seed: z.int(), episodes: z.array(GoatEpisodeSchema) }),
  z.object({ version: z.literal(1), kind: z.literal('instruction'), seed: z.int(), episodes: z.array(InstructionEpisodeSchema) }),
]);

export type Pose2 = z.infer<typeof PoseSchema>;
export type HouseRef = z.infer<typeof HouseRefSchema>;
export type GoatGoal = z.infer<typeof GoatGoalSchema>;
export type GoatEpisode = z.infer<typeof GoatEpisodeSchema>;
export type InstructionEpisode = z.infer<typeof InstructionEpisodeSchema>;
export type EpisodeDataset = z.infer<typeof EpisodeDatasetSchema>;

function fieldPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s || '(root)';
}

/** zod issues as one message per line: `field.path: what was wrong`. */
export function describeIssues(err: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return err.issues
    .slice(0, 8)
    .map((i) => `${fieldPath(i.path)}: ${i.message}`)
    .join('\n');
}

/** Parses a dataset (already JSON-decoded), throwing an Error that names every offending field. */
export function parseEpisodeDataset(data: unknown, source = 'episode dataset'): EpisodeDataset {
  const r = EpisodeDatasetSchema.safeParse(data);
  if (!r.success) throw new Error(`${source} is invalid:\n${describeIssues(r.error)}`);
  return r.data;
}

/** Parses dataset JSON text; malformed JSON is reported as such. */
export function parseEpisodeJson(text: string, source = 'episode dataset'): EpisodeDataset {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source} is not valid JSON: ${(e as Error).message}`);
  }
  return parseEpisodeDataset(data, source);
}
