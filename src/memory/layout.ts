/**
 * Where each record lives. Agent-visible paths are POSIX paths relative to the run workspace; the
 * mounted house directory appears under `house/`. Evaluation files and the harness's own run state
 * live in folders no session may read, so environment scores never reach agent-facing memory.
 */

export const HOUSE_MOUNT = 'house';
export const LEDGER_FILE = 'ledger.md';
export const TASKS_DIR = 'tasks';
export const PLACES_DIR = 'places';
export const PLACE_GRAPH_FILE = 'places/graph.json';
/** Evaluation-only records (environment scores); unreadable to every session. */
export const EVAL_DIR = 'eval';
/** Harness-internal run state (resume bookkeeping); unreadable to every session. */
export const STATE_DIR = '.navharness';
export const RUN_STATE_FILE = '.navharness/run-state.json';

/** The four house-note files, relative to the house directory: the long-term textual memory. */
export const HOUSE_NOTE_FILES = ['index.md', 'overview.md', 'rooms.md', 'skills.md'] as const;
export type HouseNoteFile = (typeof HOUSE_NOTE_FILES)[number];

/** Task ids are stable functions of the task's position in the sequence, so re-running is idempotent. */
const TASK_ID_RE = /^task-(\d{3,6})$/;

export function taskId(index: number): string {
  if (!Number.isInteger(index) || index < 1 || index > 999_999) {
    throw new RangeError(`task index must be an integer in 1..999999, got ${index}`);
  }
  return `task-${String(index).padStart(3, '0')}`;
}

export function taskIndexOf(id: string): number | null {
  const m = TASK_ID_RE.exec(id);
  return m ? Number(m[1]) : null;
}

export const taskDir = (id: string): string => `${TASKS_DIR}/${id}`;
export const handoverPath = (id: string): string => `${taskDir(id)}/handover.md`;
export const recordPath = (id: string): string => `${taskDir(id)}/record.json`;
export const verdictPath = (id: string, check: 'prestop' | 'final'): string => `${taskDir(id)}/verdict-${check}.json`;
/** Repeated recoveries within one task get distinct note files: recovery-1.json, recovery-2.json, … */
export const recoveryNotePath = (id: string, n: number): string => `${taskDir(id)}/recovery-${n}.json`;
/** A recovery note written as an ordinary summary (seed 001's control, `--summary-recovery-notes`): prose, not the JSON note. */
export const recoverySummaryPath = (id: string, n: number): string => `${taskDir(id)}/recovery-${n}.md`;
export const evaluationPath = (id: string): string => `${EVAL_DIR}/${id}.json`;
/** The goal photograph (image goals) and the stop views, kept for the run report; no session reads them. */
export const goalViewPath = (id: string): string => `${EVAL_DIR}/views/${id}-goal.png`;
export const stopViewPath = (id: string, n: number): string => `${EVAL_DIR}/views/${id}-stop-${n}.png`;
export const trajectoryPath = (id: string): string => `${EVAL_DIR}/trajectory-${id}.json`;
export const houseNotePath = (file: HouseNoteFile): string => `${HOUSE_MOUNT}/${file}`;
