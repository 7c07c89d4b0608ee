/**
 * One run directory, one execution (issue 19 items 1 and 3). A run holds an exclusive lock on its
 * directory and on its house-memory directory for as long as it runs (a crashed process leaves a
 * stale lock, which the next run takes over). On `--resume` every file the run reads back is checked
 * first, and each bad one is named with what was expected; a task that was closed and whose record
 * has since gone is refused, so a closed task's files are never written again.
 */
import { mkdirSync } from 'node:fs';
import { z } from 'zod';
import {
  closedMarks,
  type DirLock,
  EVAL_DIR,
  HOUSE_NOTE_FILES,
  houseNotePath,
  type Journal,
  loadNavigatorMemory,
  loadPlaceGraph,
  lockDirectory,
  parseJsonFile,
  recordPath,
  taskId,
  type Workspace,
  WRITE_LIMIT_CHARS,
} from '../memory/index.js';
import { failureClassOf, TaskUsageSchema, usagePath } from './run-metrics.js';

export const POSE_FILE = (id: string): string => `${EVAL_DIR}/pose-after-${id}.json`;
const Finite = z.number().finite('a finite number');
export const PoseFileSchema = z.strictObject({ position: z.tuple([Finite, Finite, Finite]), yaw: Finite });

/** Locks the run directory, then its house-memory directory; on a refusal nothing stays locked. */
export function lockRunDirectories(out: string, houseDir: string): DirLock[] {
  mkdirSync(out, { recursive: true });
  const run = lockDirectory(out, 'run');
  try {
    mkdirSync(houseDir, { recursive: true });
    return [run, lockDirectory(houseDir, 'run (house memory)')];
  } catch (e) {
    run.release();
    throw e;
  }
}

export function releaseLocks(locks: readonly DirLock[]): void {
  for (const l of [...locks].reverse()) l.release();
}

/**
 * Closed tasks must be 1..n with no gap, and every task marked closed must still have its record:
 * otherwise resuming would replay a closed task and overwrite its evaluation, usage, trace, pose,
 * map and navigator snapshot.
 */
export function closedTaskProblems(ws: Workspace, journal: Journal): string[] {
  const problems: string[] = [];
  const indices = journal.records().map((r) => r.index);
  const have = new Set(indices);
  for (const id of closedMarks(ws)) {
    if (!journal.readRecord(id))
      problems.push(
        `${recordPath(id)} is missing, but ${id} was closed: its files are never written again; restore the record, or start a new run with another --out`,
      );
  }
  const last = Math.max(0, ...indices);
  for (let k = 1; k < last; k++) {
    if (!have.has(k))
      problems.push(
        `${recordPath(taskId(k))} is missing while ${taskId(last)} is closed; tasks close in order, so ${taskId(k)} cannot be redone without replaying the closed tasks after it`,
      );
  }
  return problems;
}

/** A text file the harness or a session wrote: UTF-8, no NUL bytes, within the write limit. */
function textProblem(ws: Workspace, path: string, what: string): string | null {
  const r = ws.resolve(path);
  if (!r.ok) return `${path}: ${r.error}`;
  const raw = ws.readRaw(path);
  if (raw === null) return null;
  const expected = `expected ${what}: UTF-8 text of at most ${WRITE_LIMIT_CHARS.toLocaleString('en-US')} characters`;
  if (raw.includes('\uFFFD') || raw.includes('\0')) return `${path} is not UTF-8 text (binary or corrupt bytes); ${expected}`;
  if (raw.length > WRITE_LIMIT_CHARS) return `${path} holds ${raw.length.toLocaleString('en-US')} characters; ${expected}`;
  return null;
}

/** Each closed task's files that a resumed run reads back. */
function taskFileProblems(ws: Workspace, journal: Journal, id: string): string[] {
  const out: string[] = [];
  const attempt = (f: () => unknown): void => {
    try {
      f();
    } catch (e) {
      out.push((e as Error).message);
    }
  };
  attempt(() => {
    const ev = journal.readEvaluation(id);
    if (!ev) throw new Error(`${EVAL_DIR}/${id}.json is missing; expected the evaluation record of closed task ${id}`);
    failureClassOf(ev.failure, `${EVAL_DIR}/${id}.json`);
  });
  for (const check of ['prestop', 'final'] as const) {
    attempt(() => {
      const v = journal.readVerdict(id, check);
      if (v && v.check !== check) throw new Error(`tasks/${id}/verdict-${check}.json says check '${v.check}'; expected '${check}'`);
    });
  }
  attempt(() => {
    const text = ws.readRaw(usagePath(id));
    if (text === null) return;
    const u = parseJsonFile(text, usagePath(id), TaskUsageSchema);
    if (u.task_id !== id) throw new Error(`${usagePath(id)} is for '${u.task_id}'; expected '${id}'`);
  });
  attempt(() => {
    const text = ws.readRaw(POSE_FILE(id));
    if (text !== null) parseJsonFile(text, POSE_FILE(id), PoseFileSchema);
  });
  attempt(() => {
    for (const p of journal.recoveryNotes(id)) journal.readRecoveryNote(p);
  });
  const handover = textProblem(ws, `tasks/${id}/handover.md`, 'a handover note');
  if (handover) out.push(handover);
  return out;
}

/**
 * Every file a resumed run reads back, checked before the run continues: records (read by the
 * journal), per-task files, the place graph, the house notes, the navigator snapshot of the last
 * closed task. Returns one line per bad file, naming it and what was expected.
 */
export function resumeFileProblems(ws: Workspace, journal: Journal): string[] {
  const problems: string[] = [];
  let ids: string[] = [];
  try {
    ids = journal.closedTaskIds();
  } catch (e) {
    return [(e as Error).message];
  }
  for (const id of ids) problems.push(...taskFileProblems(ws, journal, id));
  try {
    loadPlaceGraph(ws);
  } catch (e) {
    problems.push((e as Error).message);
  }
  for (const f of HOUSE_NOTE_FILES) {
    const p = textProblem(ws, houseNotePath(f), 'a house note as consolidation writes it');
    if (p) problems.push(p);
  }
  const last = ids.at(-1);
  if (last) {
    try {
      loadNavigatorMemory(ws, last);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return problems;
}
