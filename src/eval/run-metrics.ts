/**
 * The metrics of one run directory (and of many, for `navharness eval`): s-SR, e-SR, SPL, ledger
 * accuracy, tokens and cost. Read from the journal's records and the evaluation-only files.
 *
 * Cost follows seed 000: C_K = Σ_k (p_u U_k + p_c V_k) over the NAVIGATION input of task k — the
 * acting session, and the single-session baseline's compaction, which stands in for the backend's
 * own compaction of that conversation. The judge, the wake-up and the run-end consolidation are
 * reported beside it (auxiliary), not inside it. A cost is null when no price was given; token
 * counts say whether they are the provider's or estimates (offline agents).
 */
import { z } from 'zod';
import {
  type EvaluationRecord,
  type Journal,
  EVAL_DIR,
  type LedgerStatus,
  LedgerStatusSchema,
  parseJsonFile,
  SuccessDefinitionSchema,
  type SuccessDefinition,
  type TaskRecord,
} from '../memory/index.js';
import type { TokenSource, Usage } from '../models/index.js';
import { scoreGoat } from './goat.js';
import { ledgerAccuracy } from './accuracy.js';
import { countFailures, FailureClassSchema, type FailureClass } from './failures.js';
import { inputCost, outputCost, type Prices, pricesGiven } from './cost.js';
import { RunSettingsSchema } from './settings.js';
import { byPosition, CI95_METHOD, scoreIntervals } from './uncertainty.js';

const IntervalSchema = z.tuple([z.number(), z.number()]);

export const UsageSchema = z.strictObject({
  uncachedInput: z.number().int().nonnegative(),
  cachedInput: z.number().int().nonnegative(),
  output: z.number().int().nonnegative(),
});
export const TaskUsageSchema = z.strictObject({
  task_id: z.string(),
  actor: UsageSchema,
  judge: UsageSchema,
  wakeup: UsageSchema,
  compaction: UsageSchema,
  /** the largest prompt of one acting-session call in the task; absent in runs before it was kept */
  peak_prompt_tokens: z.number().int().nonnegative().optional(),
  token_source: z.enum(['provider', 'estimate']).optional(),
});
export type TaskUsage = z.infer<typeof TaskUsageSchema>;

export const usagePath = (taskId: string): string => `${EVAL_DIR}/usage-${taskId}.json`;

export const RunMetricsSchema = z.strictObject({
  tasks: z.number().int().nonnegative(),
  sequences: z.number().int().nonnegative(),
  s_SR: z.number(),
  e_SR: z.number(),
  SPL: z.number(),
  accuracy: z.number(),
  /** 95 % intervals of s-SR, SPL and e-SR (uncertainty.ts; null with fewer than 2 sequences); absent in older runs */
  s_SR_ci95: IntervalSchema.nullable().optional(),
  SPL_ci95: IntervalSchema.nullable().optional(),
  e_SR_ci95: IntervalSchema.nullable().optional(),
  ci95_method: z.string().optional(),
  /** success by task position over the sequences, with the task count at each position */
  by_position: z
    .array(
      z.strictObject({
        position: z.number().int().positive(),
        tasks: z.number().int().nonnegative(),
        successes: z.number().int().nonnegative(),
        s_SR: z.number(),
      }),
    )
    .optional(),
  /** uncached input tokens (U) */
  input_tokens: z.number().int().nonnegative(),
  /** cached input tokens (V) */
  cached_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  /** C_K = Σ p_u U_k + p_c V_k over navigation input (0 without prices; see navigation_cost) */
  cost_input: z.number().nonnegative(),
  cost_output: z.number().nonnegative(),
  /** which GOAT success definition scored the tasks (null: records from before both were offered) */
  success_definition: SuccessDefinitionSchema.nullable().optional(),
  /** 'estimate' when any task's tokens were estimated (offline agents); null when unrecorded */
  token_source: z.enum(['provider', 'estimate']).nullable().optional(),
  /** mean over tasks of the task's largest acting-session prompt (the papers' "mean peak prompts") */
  peak_prompt_tokens_mean: z.number().nonnegative().nullable().optional(),
  peak_prompt_tokens_max: z.number().nonnegative().nullable().optional(),
  /** tokens of the navigation input (acting session and its compaction) and of the rest */
  navigation_tokens: UsageSchema.optional(),
  auxiliary_tokens: UsageSchema.optional(),
  /** C_K over navigation input; null when no price was given */
  navigation_cost: z.number().nonnegative().nullable().optional(),
  /** the same prices over the judge, wake-up and consolidation input; null when no price was given */
  auxiliary_cost: z.number().nonnegative().nullable().optional(),
  /** stop views the judge received (4, or 1 under the single-view intervention) */
  judge_stop_views: z.union([z.literal(1), z.literal(4)]).optional(),
  statuses: z.record(z.string(), z.number().int().nonnegative()),
  /** failed tasks by primary failure class (src/eval/failures.ts); absent in runs before the taxonomy */
  failures: z.partialRecord(FailureClassSchema, z.number().int().nonnegative()).optional(),
  /** known cells of the saved grids a deployment's run started with (runs of navharness deploy) */
  known_cells_at_start: z.number().int().nonnegative().optional(),
  /** whether the run's first relocation relocalised the body in the saved map; null when none was loaded */
  relocalised: z.boolean().nullable().optional(),
  /** when the start did not relocalise: the task and frame at which a later frame did (run-start.json) */
  late_relocalisation: z.strictObject({ task: z.number().int().positive(), frame: z.number().int().positive() }).nullable().optional(),
  /** evaluation only: metres between the relocalised camera pose and the truth (run-start.json); null: not measured */
  relocalisation_error_m: z.number().nonnegative().nullable().optional(),
  /** joins refuted as look-alike places: the task after which each was noted, its error against the truth (run-start.json) */
  refused_joins: z.array(z.strictObject({ task: z.number().int().positive(), error_m: z.number().nonnegative().nullable() })).optional(),
  /** relocations inside the run (--task-starts episode) */
  relocations: z.number().int().nonnegative().optional(),
  /** the run directory's one execution: when it started and when each --resume did (absent in older runs) */
  execution: z.strictObject({ started_at: z.string().nullable(), resumes: z.number().int().nonnegative(), resumed_at: z.array(z.string()) }).optional(),
  /** the resolved configuration that produced these numbers (settings.ts); absent in older runs */
  settings: RunSettingsSchema.optional(),
});
export type RunMetrics = z.infer<typeof RunMetricsSchema>;

export interface TaskRow {
  status: LedgerStatus;
  claim: 'complete' | 'incomplete' | null;
  success: boolean;
  /** the evaluation record's SPL of this task (intervals and positions); the run's SPL is scoreGoat's, from the lengths below */
  spl: number;
  /** geodesic from the task's start to its goal (null: unreachable), and the length walked: scoreGoat's d_k and L_k */
  shortest: number | null;
  walked: number;
  usage: Usage;
  /** acting session and compaction (the cost C_K's input) */
  navigation: Usage;
  /** judge and wake-up */
  auxiliary: Usage;
  peakPromptTokens: number | null;
  tokenSource: TokenSource | null;
  successDefinition: SuccessDefinition | null;
  /** the primary failure class; null for a success or a record written before the taxonomy */
  failure: FailureClass | null;
}

/** A task row as data (a queued job's result read back from Redis is checked against it). */
export const TaskRowSchema = z.strictObject({
  status: LedgerStatusSchema,
  claim: z.enum(['complete', 'incomplete']).nullable(),
  success: z.boolean(),
  spl: z.number().min(0).max(1),
  shortest: z.number().nonnegative().nullable(),
  walked: z.number().nonnegative(),
  usage: UsageSchema,
  navigation: UsageSchema,
  auxiliary: UsageSchema,
  peakPromptTokens: z.number().int().nonnegative().nullable(),
  tokenSource: z.enum(['provider', 'estimate']).nullable(),
  successDefinition: SuccessDefinitionSchema.nullable(),
  failure: FailureClassSchema.nullable(),
}) satisfies z.ZodType<TaskRow>;

const sum = (us: readonly Usage[]): Usage =>
  us.reduce((a, u) => ({ uncachedInput: a.uncachedInput + u.uncachedInput, cachedInput: a.cachedInput + u.cachedInput, output: a.output + u.output }), {
    uncachedInput: 0,
    cachedInput: 0,
    output: 0,
  });

/** The failure class an evaluation record names (null: none, or a record from before the taxonomy). */
export function failureClassOf(value: string | null | undefined, taskId: string): FailureClass | null {
  if (!value) return null;
  const r = FailureClassSchema.safeParse(value);
  if (!r.success) throw new Error(`${taskId}: the evaluation record names an unknown failure class '${value}'`);
  return r.data;
}

/** One task's row from its record, its evaluation record and its usage file (null: none written). */
export function taskRow(r: TaskRecord, ev: EvaluationRecord, u: TaskUsage | null): TaskRow {
  const zero = { uncachedInput: 0, cachedInput: 0, output: 0 };
  const navigation = u ? sum([u.actor, u.compaction]) : zero;
  const auxiliary = u ? sum([u.judge, u.wakeup]) : zero;
  return {
    status: r.status,
    claim: r.claim?.claim ?? null,
    success: ev.success,
    spl: ev.spl,
    shortest: ev.shortest_path,
    walked: ev.path_length,
    usage: sum([navigation, auxiliary]),
    navigation,
    auxiliary,
    peakPromptTokens: u?.peak_prompt_tokens ?? null,
    tokenSource: u?.token_source ?? null,
    successDefinition: ev.success_definition ?? null,
    failure: failureClassOf(ev.failure, r.task_id),
  };
}

export function taskRows(journal: Journal): TaskRow[] {
  const ws = journal.workspace;
  return journal.records().map((r) => {
    const ev = journal.readEvaluation(r.task_id);
    if (!ev) throw new Error(`${r.task_id} is closed but has no evaluation record`);
    const text = ws.readRaw(usagePath(r.task_id));
    return taskRow(r, ev, text === null ? null : parseJsonFile(text, usagePath(r.task_id), TaskUsageSchema));
  });
}

/** The closed tasks that a provider error ended, with what ended them (their termination reason). */
export function providerErrorTasks(journal: Journal): { task: string; reason: string }[] {
  return journal.records().flatMap((r) => {
    const ev = journal.readEvaluation(r.task_id);
    return ev?.failure === 'provider-error' ? [{ task: r.task_id, reason: ev.ended_by ?? r.termination_reason ?? 'a model call failed' }] : [];
  });
}

/**
 * The stderr line of a command whose tasks provider errors ended (they are failures of the provider,
 * not of the agent, and the command exits non-zero), naming one of them and its cause.
 */
export function providerErrorLine(command: string, count: number, tasks: number, example: { where: string; reason: string } | null): string {
  const first = example ? `; ${example.where}: ${example.reason}` : '';
  return `navharness ${command}: ${count} of ${tasks} tasks ended because model calls to the provider failed (failure class provider-error)${first}`;
}

/** The one success definition of the rows (a mixture is refused: its s-SR would mean nothing). */
function successDefinitionOf(rows: readonly TaskRow[]): SuccessDefinition | null {
  const defs = new Set(rows.map((r) => r.successDefinition));
  if (defs.size > 1)
    throw new Error(
      `the tasks were scored under different success definitions (${[...defs].map((d) => d ?? 'unrecorded').join(', ')}); aggregate runs of one definition`,
    );
  return rows.length ? rows[0].successDefinition : null;
}

function tokenSourceOfRows(rows: readonly TaskRow[]): TokenSource | null {
  if (rows.some((r) => r.tokenSource === 'estimate')) return 'estimate';
  return rows.length && rows.every((r) => r.tokenSource === 'provider') ? 'provider' : null;
}

/** Mean and max over tasks of the peak prompt; null when no task recorded one. */
function peakPrompts(rows: readonly TaskRow[]): { mean: number | null; max: number | null } {
  const peaks = rows.map((r) => r.peakPromptTokens).filter((p): p is number => p !== null);
  return peaks.length ? { mean: peaks.reduce((a, b) => a + b, 0) / peaks.length, max: Math.max(...peaks) } : { mean: null, max: null };
}

export interface RunFacts {
  /** stop views the judge received */
  judgeStopViews?: 1 | 4;
}

export function metricsOf(
  sequences: readonly (readonly TaskRow[])[],
  prices: Prices,
  extraUsage: Usage = { uncachedInput: 0, cachedInput: 0, output: 0 },
  facts: RunFacts = {},
): RunMetrics {
  // the one GOAT scoring route (goat.ts), with each task's lengths from its evaluation record
  const goat = scoreGoat(
    sequences.map((rows) => rows.map((r) => ({ success: r.success ? 1 : 0, shortest: r.shortest ?? Number.POSITIVE_INFINITY, walked: r.walked }))),
  );
  const all = sequences.flat();
  const usages = [...all.map((r) => r.usage), extraUsage];
  const total = sum(usages);
  const navigation = all.map((r) => r.navigation);
  const auxiliary = [...all.map((r) => r.auxiliary), extraUsage];
  const statuses: Record<string, number> = {};
  for (const r of all) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const peaks = peakPrompts(all);
  return RunMetricsSchema.parse({
    success_definition: successDefinitionOf(all),
    token_source: tokenSourceOfRows(all),
    peak_prompt_tokens_mean: peaks.mean,
    peak_prompt_tokens_max: peaks.max,
    navigation_tokens: sum(navigation),
    auxiliary_tokens: sum(auxiliary),
    navigation_cost: pricesGiven(prices) ? inputCost(navigation, prices) : null,
    auxiliary_cost: pricesGiven(prices) ? inputCost(auxiliary, prices) : null,
    ...(facts.judgeStopViews ? { judge_stop_views: facts.judgeStopViews } : {}),
    tasks: all.length,
    sequences: sequences.length,
    s_SR: goat.sSR,
    e_SR: goat.eSR,
    SPL: goat.spl,
    accuracy: ledgerAccuracy(all),
    ...scoreIntervals(sequences),
    ci95_method: CI95_METHOD,
    by_position: byPosition(sequences),
    input_tokens: total.uncachedInput,
    cached_tokens: total.cachedInput,
    output_tokens: total.output,
    cost_input: inputCost(navigation, prices),
    cost_output: outputCost(usages, prices),
    statuses,
    failures: countFailures(all.map((r) => r.failure)),
  });
}

export const CONSOLIDATION_USAGE = `${EVAL_DIR}/usage-consolidation.json`;

/** Usage outside any task (the run-end consolidation session). */
export function runLevelUsage(journal: Journal): Usage {
  const text = journal.workspace.readRaw(CONSOLIDATION_USAGE);
  return text === null ? { uncachedInput: 0, cachedInput: 0, output: 0 } : parseJsonFile(text, CONSOLIDATION_USAGE, UsageSchema);
}
