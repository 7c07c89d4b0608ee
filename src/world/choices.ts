/**
 * The world's light surface: the choices every command line names (the house spec, the pose source,
 * the benchmark preset), importing nothing but zod and the simulator's light surface, so that a
 * command's flag table reads them without opening a scene.
 */
export { HouseSeedSchema, HouseSpecSchema, HouseSpecTextSchema } from './house-spec.js';

/** The pose sources a world can drive its navigator with: the visual tracker, or the papers' ablation. */
export const POSE_SOURCES = ['slam', 'ground-truth'] as const;
export type PoseSourceKind = (typeof POSE_SOURCES)[number];

/** `--preset`: the papers' own setting (the project's body), or a benchmark's (datasets/presets.ts). */
export const PRESETS = ['papers', 'goat-bench', 'r2r-ce', 'rxr-ce'] as const;
export type Preset = (typeof PRESETS)[number];
