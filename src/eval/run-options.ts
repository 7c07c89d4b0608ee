/** What a GOAT-style sequence run is started with (checked), what reports its progress and what it returns. */
import { z } from 'zod';
import { type CommandLimits, DEFAULT_JUDGE, type ExternalHops, HarnessConfigSchema, type HarnessEvent, JUDGE_KINDS } from '../harness/index.js';
import { DEFAULT_SUCCESS, SuccessDefinitionSchema } from '../memory/index.js';
import { IMAGE_GOAL_SOURCES, TASK_STARTS } from './run-choices.js';
import { type Model, REASONING_EFFORTS, THINKING_BUDGET } from '../models/index.js';
import { HouseSpecSchema } from '../world/index.js';
import { PricesSchema } from './cost.js';
import type { RunMetrics } from './run-metrics.js';
import type { RunTimer } from './time-split.js';
export const RunOptionsSchema = z.strictObject({
  house: z.string().min(1),
  sequence: z.number().int().nonnegative().default(0),
  agent: z.string().min(1),
  out: z.string().min(1),
  /** persistent house directory (house notes); default `<out>/house` */
  houseDir: z.string().min(1).optional(),
  resume: z.boolean().default(false),
  judge: z.enum(JUDGE_KINDS).default(DEFAULT_JUDGE),
  script: z.string().min(1).optional(),
  /** at most this many goals of the sequence */
  maxGoals: z.number().int().positive().optional(),
  /**
   * how the scripted agent recognises image goals: the simulator's instance ids (ground-truth
   * perception, as for the other goal kinds) or the view encoder matching the goal photograph
   */
  imageGoals: z.enum(IMAGE_GOAL_SOURCES).default(IMAGE_GOAL_SOURCES[0]),
  harness: HarnessConfigSchema.default(HarnessConfigSchema.parse({})),
  prices: PricesSchema.default(PricesSchema.parse({})),
  /** which published GOAT success definition scores the tasks */
  success: SuccessDefinitionSchema.default(DEFAULT_SUCCESS),
  /**
   * where each task starts: 'continue' where the previous task left the body (GOAT), 'episode' at
   * the sequence's nominal start of the goal, the body moved there and relocated when elsewhere
   */
  taskStarts: z.enum(TASK_STARTS).default(TASK_STARTS[0]),
  /** one provider call's overall deadline, ms (`--request-timeout`; not part of the recorded configuration) */
  requestTimeoutMs: z.number().int().min(1000).max(86_400_000).optional(),
  /** the backbone's settings, passed to the providers that take them (recorded when given) */
  modelSettings: z
    .strictObject({
      reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
      thinkingBudget: z.number().int().min(THINKING_BUDGET.min).max(THINKING_BUDGET.max).optional(),
    })
    .optional(),
  /** back-off of the acting and consolidation model calls (not part of the recorded configuration) */
  modelRetry: z
    .strictObject({
      tries: z.number().int().min(1).max(10),
      baseDelayMs: z.number().int().min(0).max(60_000),
      maxDelayMs: z.number().int().min(0).max(600_000),
    })
    .optional(),
});
export type RunOptions = z.input<typeof RunOptionsSchema>;

export interface RunProgress {
  onStart?(total: number, done: number): void;
  onTask?(id: string, status: string): void;
  onEvent?(e: HarnessEvent): void;
  /** wraps the model agent's model (a queue worker's rate-limit permits); offline agents are not wrapped */
  wrapModel?(m: Model): Model;
  /**
   * what `--map-threads auto` (the default) resolves to in this run, when not by the machine's cores
   * alone: an eval's workers that already fill the cores map on one thread each (the map is the same)
   */
  autoMapThreads?: 1 | 2;
  /** times the run's parts (`bench eval`'s time split, src/eval/time-split.ts); a plain run is not timed */
  timer?: RunTimer;
  /** builds a command agent's hop runner (`--agent command:…`; src/mcp/command-agent.ts, above this layer) */
  commandAgent?(o: { commandLine: string; dir: string; limits: CommandLimits }): ExternalHops & { close(): Promise<void> };
}

export interface RunSummary {
  out: string;
  metrics: RunMetrics;
  closedBefore: number;
  closedNow: number;
  /** set when the run-end consolidation ended early on a provider error (the house notes were kept) */
  consolidationError: string | null;
  /** the run's tasks that provider errors ended (failure class provider-error), with their cause */
  providerErrors: { task: string; reason: string }[];
}
