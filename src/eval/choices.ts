/**
 * Evaluation's light surface: the choices a run, an eval and a deployment are started with (house
 * ranges, prices, how image goals are recognised, where tasks start), importing nothing but zod and
 * the light surfaces below, so that a command's flag table reads them without loading a runner; and
 * the resolved settings of a run (what `--print-config` prints).
 */
import { z } from 'zod';
import { HouseSeedSchema } from '../world/choices.js';

export { PricesSchema } from './cost.js';
export { IMAGE_GOAL_SOURCES, type ImageGoalSource, TASK_STARTS, type TaskStart } from './run-choices.js';
export { runSettings, type RunSettings, RunSettingsSchema, type SettingsInput } from './settings.js';

/** 'A..B' or 'N': procedural house seeds, each under the one house-seed rule (src/world/house-spec). */
export const HouseRangeSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\.\d+)?$/, "houses are 'A..B' (procedural seeds A to B inclusive) or one seed 'N'")
  .transform((s) => {
    const [a, b] = s.split('..').map(Number);
    return { from: a, to: b ?? a };
  })
  .pipe(z.object({ from: HouseSeedSchema, to: HouseSeedSchema }))
  .refine((r) => r.to >= r.from && r.to - r.from < 1000, { message: 'the range must be ascending and hold at most 1000 houses' });
