/**
 * Crash-safe run state for `--resume`: what the run was started with and where it is. The closed
 * tasks themselves are NOT listed here — the journal's record files are the single source of truth —
 * so a crash between a record write and a state write cannot make the two disagree about what closed.
 */
import { existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { RUN_STATE_FILE, STATE_DIR, taskIndexOf } from './layout.js';
import type { Journal } from './journal.js';
import { parseJsonFile } from './schemas.js';
import type { Workspace } from './workspace.js';

export const RunStateSchema = z.strictObject({
  version: z.literal(1),
  /** the configuration the run was started with (checked on resume by the caller) */
  config: z.record(z.string(), z.unknown()),
  total_tasks: z.number().int().positive(),
  /** the open task, if one was in progress when the state was saved (informational; it is redone) */
  open_task: z.string().nullable(),
  finished: z.boolean(),
  /** when the run directory's first execution started (absent in runs written before it existed) */
  started_at: z.iso.datetime().optional(),
  /** when each `--resume` started, oldest first: one run directory, one execution plus its resumes */
  resumed_at: z.array(z.iso.datetime()).optional(),
});
export type RunState = z.infer<typeof RunStateSchema>;

export function loadRunState(ws: Workspace): RunState | null {
  const text = ws.readRaw(RUN_STATE_FILE);
  if (text === null) return null;
  return parseJsonFile(text, RUN_STATE_FILE, RunStateSchema);
}

export function saveRunState(ws: Workspace, state: RunState): void {
  ws.writeOwned({ kind: 'orchestrator' }, RUN_STATE_FILE, JSON.stringify(RunStateSchema.parse(state), null, 2) + '\n');
}

/**
 * Where a resumed run continues: reconciles the ledger with the records and returns the first task
 * index (1-based) without a closed record. Tasks close in order, so every index below it is closed.
 */
export function resumePoint(journal: Journal, totalTasks: number): { nextIndex: number; closed: string[]; done: boolean } {
  const { closed } = journal.reconcile();
  const indices = new Set(journal.records().map((r) => r.index));
  let next = 1;
  while (indices.has(next)) next++;
  return { nextIndex: next, closed, done: next > totalTasks };
}

/**
 * A mark that a task closed, written after its record. A task whose mark exists but whose record is
 * gone was closed and its record deleted: its files are never written again, so resume refuses.
 * (A crash between the record and the mark leaves a record without a mark, which is still closed.)
 */
const closedMarkPath = (id: string): string => `${STATE_DIR}/closed/${id}.json`;

export function markTaskClosed(ws: Workspace, id: string): void {
  ws.writeOwned({ kind: 'orchestrator' }, closedMarkPath(id), JSON.stringify({ task_id: id, closed_at: new Date().toISOString() }) + '\n');
}

/** Task ids with a closed mark, in sequence order. */
export function closedMarks(ws: Workspace): string[] {
  const r = ws.resolve(`${STATE_DIR}/closed`);
  if (!r.ok || !existsSync(r.path.abs)) return [];
  return readdirSync(r.path.abs)
    .map((f) => f.replace(/\.json$/, ''))
    .filter((id) => taskIndexOf(id) !== null)
    .sort((a, b) => (taskIndexOf(a) as number) - (taskIndexOf(b) as number));
}
