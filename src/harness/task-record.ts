/** The journal's record of a closed task, from the task's state and the outcome that ended it. */
import { type Journal, deriveStatus, type TaskRecord } from '../memory/index.js';
import type { ClosedOutcome } from './close-flow.js';
import type { HarnessConfig } from './config.js';
import type { TaskState } from './task-state.js';

/** `markers` are the places created or moved during the task. */
export function taskRecord(t: TaskState, outcome: ClosedOutcome, markers: string[], cfg: HarnessConfig, journal: Journal): TaskRecord {
  const status = deriveStatus({ claim: outcome.claim?.claim ?? null, certification: cfg.certification, verdict: outcome.verdict?.verdict ?? null });
  return {
    task_id: t.id,
    index: t.spec.index,
    goal: { kind: t.spec.goal.kind, text: t.spec.goal.text },
    status,
    claim: outcome.claim,
    verdict: outcome.verdict,
    termination_reason: outcome.reason,
    searched_regions: [...new Set(outcome.verdict?.searched_places ?? [])].filter((s) => s.trim().length > 0),
    markers,
    steps: t.ctx.budget.used,
    step_budget: cfg.stepBudget,
    model_turns: t.turns.used,
    handover: journal.hasHandover(t.id) ? journal.handoverPath(t.id) : null,
    recovery_notes: t.recoveryNotes.filter((p) => journal.workspace.exists(p)),
  };
}
