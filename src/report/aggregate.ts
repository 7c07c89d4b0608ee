/**
 * Per-task rows and the run's scores for the report. The scores come from metrics.json when the run
 * wrote it; otherwise they are recomputed from the task files with the run's own metric code, so a
 * report of an interrupted run still shows them (labelled as recomputed).
 */
import { inputCost, outputCost, type Prices, metricsOf, type RunMetrics, type TaskRow, taskRow } from '../eval/index.js';
import type { LedgerStatus } from '../memory/index.js';
import type { Usage } from '../models/index.js';
import type { RunData, TaskData } from './read-run.js';

export interface TaskSummary {
  id: string;
  /** 1-based position in the sequence */
  position: number;
  goalKind: 'object' | 'description' | 'image' | 'instruction';
  goal: string;
  status: LedgerStatus;
  /** evaluator's success; null when the run left no evaluation file for the task */
  success: boolean | null;
  spl: number | null;
  /** evaluation's primary failure class (null: a success, or no evaluation) */
  failure: string | null;
  /** running share of successes over positions 1..position (null once any success is unknown) */
  runningSR: number | null;
  usage: Usage | null;
  /** C_K's term of the task: navigation input (acting session and compaction) at the report's prices */
  costInput: number | null;
  /** judge and wake-up input at the same prices (beside C_K, not inside it) */
  costAuxiliary: number | null;
  costOutput: number | null;
  /** the task's largest acting-session prompt (null: not recorded) */
  peakPromptTokens: number | null;
}

export interface RunSummary {
  tasks: TaskSummary[];
  metrics: RunMetrics | null;
  metricsSource: 'metrics.json' | 'recomputed from task files' | 'unavailable';
  prices: Prices;
}

const ZERO: Usage = { uncachedInput: 0, cachedInput: 0, output: 0 };

export function taskUsage(t: TaskData): Usage | null {
  if (!t.usage) return null;
  return sumUsage([t.usage.actor, t.usage.judge, t.usage.wakeup, t.usage.compaction]);
}

const sumUsage = (us: readonly Usage[]): Usage =>
  us.reduce((a, u) => ({ uncachedInput: a.uncachedInput + u.uncachedInput, cachedInput: a.cachedInput + u.cachedInput, output: a.output + u.output }), ZERO);

export function summarize(run: RunData, prices: Prices): RunSummary {
  let successes = 0;
  let seen = 0;
  let known = true;
  const tasks = run.tasks.map((t): TaskSummary => {
    const success = t.evaluation ? t.evaluation.success : null;
    seen++;
    if (success === null) known = false;
    else if (success) successes++;
    const usage = taskUsage(t);
    return {
      id: t.id,
      position: t.record.index,
      goalKind: t.record.goal.kind,
      goal: t.record.goal.text,
      status: t.record.status,
      success,
      spl: t.evaluation ? t.evaluation.spl : null,
      failure: t.evaluation?.failure ?? null,
      runningSR: known ? successes / seen : null,
      usage,
      costInput: t.usage ? inputCost([sumUsage([t.usage.actor, t.usage.compaction])], prices) : null,
      costAuxiliary: t.usage ? inputCost([sumUsage([t.usage.judge, t.usage.wakeup])], prices) : null,
      costOutput: usage ? outputCost([usage], prices) : null,
      peakPromptTokens: t.usage?.peak_prompt_tokens ?? null,
    };
  });
  if (run.metrics) return { tasks, metrics: run.metrics, metricsSource: 'metrics.json', prices };
  const rows = taskRowsOf(run);
  if (!rows) return { tasks, metrics: null, metricsSource: 'unavailable', prices };
  return { tasks, metrics: metricsOf([rows], prices), metricsSource: 'recomputed from task files', prices };
}

/** The metric rows of a run's tasks; null when a task has no evaluation file. */
export function taskRowsOf(run: RunData): TaskRow[] | null {
  if (!run.tasks.every((t) => t.evaluation !== null)) return null;
  return run.tasks.map((t) => taskRow(t.record, t.evaluation!, t.usage));
}
