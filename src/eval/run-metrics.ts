/**
 * The metrics of one run directory (and of many, for `navharness eval`): s-SR, e-SR, SPL, ledger
 * accuracy, tokens and cost. Read from the journal's records and the evaluation-only files.
 */
import { z } from 'zod';
import { type Journal, EVAL_DIR, type LedgerStatus, parseJsonFile } from '../memory/index.js';
import type { Usage } from '../models/index.js';
import { scoreGoat } from './goat.js';
import { ledgerAccuracy } from './accuracy.js';
import { countFailures, FailureClassSchema, type FailureClass } from './failures.js';
import { inputCost, outputCost, type Prices } from './cost.js';

export const UsageSchema = z.strictObject({ uncachedInput: z.number().int().nonnegative(), cachedInput: z.number().int().nonnegative(), output: z.number().int().nonnegative() });
export const TaskUsageSchema = z.strictObject({
  task_id: z.string(),
  actor: UsageSchema,
  judge: UsageSchema,
  wakeup: UsageSchema,
  compaction: UsageSchema,
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
  /** uncached input tokens (U) */
  input_tokens: z.number().int().nonnegative(),
  /** cached input tokens (V) */
  cached_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  /** C_K = Σ p_u U_k + p_c V_k */
  cost_input: z.number().nonnegative(),
  cost_output: z.number().nonnegative(),
  statuses: z.record(z.string(), z.number().int().nonnegative()),
  /** failed tasks by primary failure class (src/eval/failures.ts); absent in runs before the taxonomy */
  failures: z.record(FailureClassSchema, z.number().int().nonnegative()).optional(),
  /** the run directory's one execution: when it started and when each --resume did (absent in older runs) */
  execution: z
    .strictObject({ started_at: z.string().nullable(), resumes: z.number().int().nonnegative(), resumed_at: z.array(z.string()) })
    .optional(),
});
export type RunMetrics = z.infer<typeof RunMetricsSchema>;

export interface TaskRow {
  status: LedgerStatus;
  claim: 'complete' | 'incomplete' | null;
  success: boolean;
  spl: number;
  usage: Usage;
  /** the primary failure class; null for a success or a record written before the taxonomy */
  failure: FailureClass | null;
}

const sum = (us: readonly Usage[]): Usage => us.reduce((a, u) => ({ uncachedInput: a.uncachedInput + u.uncachedInput, cachedInput: a.cachedInput + u.cachedInput, output: a.output + u.output }), { uncachedInput: 0, cachedInput: 0, output: 0 });

/** The failure class an evaluation record names (null: none, or a record from before the taxonomy). */
export function failureClassOf(value: string | null | undefined, taskId: string): FailureClass | null {
  if (!value) return null;
  const r = FailureClassSchema.safeParse(value);
  if (!r.success) throw new Error(`${taskId}: the evaluation record names an unknown failure class '${value}'`);
  return r.data;
}

export function taskRows(journal: Journal): TaskRow[] {
  const ws = journal.workspace;
  return journal.records().map((r) => {
    const ev = journal.readEvaluation(r.task_id);
    if (!ev) throw new Error(`${r.task_id} is closed but has no evaluation record`);
    const text = ws.readRaw(usagePath(r.task_id));
    const u = text === null ? null : parseJsonFile(text, usagePath(r.task_id), TaskUsageSchema);
    const usage = u ? sum([u.actor, u.judge, u.wakeup, u.compaction]) : { uncachedInput: 0, cachedInput: 0, output: 0 };
    return { status: r.status, claim: r.claim?.claim ?? null, success: ev.success, spl: ev.spl, usage, failure: failureClassOf(ev.failure, r.task_id) };
  });
}

export function metricsOf(sequences: readonly (readonly TaskRow[])[], prices: Prices, extraUsage: Usage = { uncachedInput: 0, cachedInput: 0, output: 0 }): RunMetrics {
  const goat = scoreGoat(sequences.map((rows) => rows.map((r) => ({ success: r.success ? 1 : 0, shortest: 0, walked: 0 }))));
  const all = sequences.flat();
  const usages = [...all.map((r) => r.usage), extraUsage];
  const total = sum(usages);
  const statuses: Record<string, number> = {};
  for (const r of all) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return RunMetricsSchema.parse({
    tasks: all.length,
    sequences: sequences.length,
    s_SR: goat.sSR,
    e_SR: goat.eSR,
    SPL: all.length ? all.reduce((s, r) => s + r.spl, 0) / all.length : 0,
    accuracy: ledgerAccuracy(all),
    input_tokens: total.uncachedInput,
    cached_tokens: total.cachedInput,
    output_tokens: total.output,
    cost_input: inputCost(usages, prices),
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
