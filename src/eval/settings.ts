/**
 * The resolved configuration of a run (`settings` in every metrics.json, and what `--print-config`
 * prints): every choice that produced its numbers, defaults filled in, so that a score can be traced
 * to what gave it. One function builds it for run, eval and deploy; a new switch is added here once.
 */
import { z } from 'zod';
import { actuationNoiseOf, DEFAULT_JUDGE, HarnessConfigSchema, motionPriorOf } from '../harness/choices.js';
import { DEFAULT_SUCCESS, SuccessDefinitionSchema, type SuccessDefinition } from '../memory/choices.js';
import { IMAGE_GOAL_SOURCES, TASK_STARTS } from './run-choices.js';

/** Loose, so that metrics.json files written by later versions (more settings) still read. */
export const RunSettingsSchema = z.looseObject({
  agent: z.string(),
  judge: z.string(),
  pose: z.string(),
  motion_prior: z.string(),
  actuation_noise: z.string(),
  policy: z.string(),
  success_definition: SuccessDefinitionSchema,
  turn_budget: z.number().int().positive(),
  step_budget: z.number().int().positive(),
  hop_turns: z.number().int().positive(),
  context_window: z.number().int().positive(),
  compact_at: z.number(),
  max_goals: z.number().int().positive().nullable(),
  image_goals: z.string(),
  task_starts: z.string(),
  map_threads: z.union([z.literal('auto'), z.literal(1), z.literal(2)]),
  /** the harness mechanisms the papers ablate, each as it was for this run */
  ablations: z.looseObject({
    prestop_verification: z.boolean(),
    certification: z.boolean(),
    consolidation: z.boolean(),
    maps: z.boolean(),
    task_records: z.boolean(),
    handover: z.string(),
    judge_stop_views: z.number().int(),
  }),
});
export type RunSettings = z.infer<typeof RunSettingsSchema>;

/** What a run was asked for (the run options, or a command's flags resolved to them). */
export interface SettingsInput {
  agent: string;
  judge?: string;
  /** the harness configuration as given (defaults are filled in here) */
  harness?: z.input<typeof HarnessConfigSchema>;
  success?: SuccessDefinition;
  maxGoals?: number;
  imageGoals?: string;
  taskStarts?: string;
}

export function runSettings(o: SettingsInput): RunSettings {
  const h = HarnessConfigSchema.parse(o.harness ?? {});
  return {
    agent: o.agent,
    judge: o.judge ?? DEFAULT_JUDGE,
    pose: h.poseSource,
    // a ground-truth pose source has no tracker: the prior is recorded as resolved all the same
    motion_prior: motionPriorOf(h),
    actuation_noise: actuationNoiseOf(h),
    policy: h.policy,
    success_definition: o.success ?? DEFAULT_SUCCESS,
    turn_budget: h.turnBudget,
    step_budget: h.stepBudget,
    hop_turns: h.hopTurns,
    context_window: h.contextWindow,
    compact_at: h.compactAt,
    max_goals: o.maxGoals ?? null,
    image_goals: o.imageGoals ?? IMAGE_GOAL_SOURCES[0],
    task_starts: o.taskStarts ?? TASK_STARTS[0],
    map_threads: h.mapThreads,
    ablations: {
      prestop_verification: h.prestopVerification,
      certification: h.certification,
      consolidation: h.consolidation,
      maps: h.maps,
      task_records: h.taskRecords,
      handover: h.handover,
      judge_stop_views: h.judgeStopViews ?? 4,
    },
  };
}
