/**
 * The journal as the orchestrator writes it: task records, verdict files, the ledger, evaluation
 * files, and the paths sessions may write (handover, recovery notes). Closing a task is idempotent
 * by task id: the record file is the commit point, the ledger is rebuilt from the records, so a crash
 * anywhere in the close leaves either no record (the task is redone) or a record whose ledger line
 * `reconcile` restores — never a lost or duplicated closed task.
 */
import { existsSync, readdirSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { AtomicWriteHooks } from './atomic.js';
import { evaluationPath, handoverPath, LEDGER_FILE, recordPath, recoveryNotePath, recoverySummaryPath, TASKS_DIR, taskIndexOf, verdictPath } from './layout.js';
import { formatLedger, parseLedger, type LedgerEntry } from './ledger.js';
import type { Role } from './permissions.js';
import {
  EvaluationRecordSchema,
  RecoveryNoteSchema,
  StoredVerdictSchema,
  TaskRecordSchema,
  parseJsonFile,
  type EvaluationRecord,
  type RecoveryNote,
  type StoredVerdict,
  type TaskRecord,
} from './schemas.js';
import type { Workspace } from './workspace.js';

const ORCHESTRATOR: Role = { kind: 'orchestrator' };

export interface CloseHooks {
  /** called after the record is durable and before the ledger is rebuilt (crash tests) */
  afterRecord?: () => void;
  record?: AtomicWriteHooks;
}

export class Journal {
  constructor(readonly workspace: Workspace) {}

  handoverPath(taskId: string): string {
    return handoverPath(taskId);
  }

  hasHandover(taskId: string): boolean {
    return this.workspace.exists(handoverPath(taskId));
  }

  readHandover(taskId: string): string | null {
    return this.workspace.readRaw(handoverPath(taskId));
  }

  /**
   * The next unused recovery-note path of a task: recovery-1.json, recovery-2.json, … for the
   * structured note, recovery-N.md for a summary note (numbered with the structured ones).
   */
  nextRecoveryNotePath(taskId: string, form: 'structured' | 'summary' = 'structured'): string {
    for (let n = 1; ; n++) {
      if (this.workspace.exists(recoveryNotePath(taskId, n)) || this.workspace.exists(recoverySummaryPath(taskId, n))) continue;
      return form === 'summary' ? recoverySummaryPath(taskId, n) : recoveryNotePath(taskId, n);
    }
  }

  recoveryNotes(taskId: string): string[] {
    const out: string[] = [];
    for (let n = 1; this.workspace.exists(recoveryNotePath(taskId, n)); n++) out.push(recoveryNotePath(taskId, n));
    return out;
  }

  readRecoveryNote(path: string): RecoveryNote | null {
    const text = this.workspace.readRaw(path);
    return text === null ? null : parseJsonFile(text, path, RecoveryNoteSchema);
  }

  writeVerdict(taskId: string, verdict: StoredVerdict): string {
    const v = StoredVerdictSchema.parse(verdict);
    const path = verdictPath(taskId, v.check);
    this.workspace.writeOwned(ORCHESTRATOR, path, JSON.stringify(v, null, 2) + '\n');
    return path;
  }

  readVerdict(taskId: string, check: 'prestop' | 'final'): StoredVerdict | null {
    const text = this.workspace.readRaw(verdictPath(taskId, check));
    return text === null ? null : parseJsonFile(text, verdictPath(taskId, check), StoredVerdictSchema);
  }

  /** Environment scores, evaluation only (a folder no session can read). */
  writeEvaluation(record: EvaluationRecord): void {
    const r = EvaluationRecordSchema.parse(record);
    this.workspace.writeOwned(ORCHESTRATOR, evaluationPath(r.task_id), JSON.stringify(r, null, 2) + '\n');
  }

  readEvaluation(taskId: string): EvaluationRecord | null {
    const text = this.workspace.readRaw(evaluationPath(taskId));
    return text === null ? null : parseJsonFile(text, evaluationPath(taskId), EvaluationRecordSchema);
  }

  readRecord(taskId: string): TaskRecord | null {
    const text = this.workspace.readRaw(recordPath(taskId));
    return text === null ? null : parseJsonFile(text, recordPath(taskId), TaskRecordSchema);
  }

  /** Closed tasks in sequence order (a task is closed exactly when its record file exists). */
  records(): TaskRecord[] {
    const dir = this.workspace.resolve(TASKS_DIR);
    if (!dir.ok || !existsSync(dir.path.abs)) return [];
    return readdirSync(dir.path.abs)
      .filter((name) => taskIndexOf(name) !== null)
      .sort((a, b) => (taskIndexOf(a) as number) - (taskIndexOf(b) as number))
      .map((id) => this.readRecord(id))
      .filter((r): r is TaskRecord => r !== null);
  }

  closedTaskIds(): string[] {
    return this.records().map((r) => r.task_id);
  }

  /**
   * Records a closed task. Closing the same task again with the same record is a no-op (resume
   * replays it); with a different record it is refused, so a closed record is never rewritten.
   */
  closeTask(record: TaskRecord, hooks: CloseHooks = {}): { written: boolean } {
    const r = TaskRecordSchema.parse(record);
    if (taskIndexOf(r.task_id) !== r.index) throw new Error(`task id '${r.task_id}' does not match index ${r.index}`);
    const existing = this.readRecord(r.task_id);
    if (existing) {
      if (!isDeepStrictEqual(existing, r)) throw new Error(`${r.task_id} is already closed with a different record; closed records are never rewritten`);
      this.rebuildLedger();
      return { written: false };
    }
    this.workspace.writeOwned(ORCHESTRATOR, recordPath(r.task_id), JSON.stringify(r, null, 2) + '\n', hooks.record);
    hooks.afterRecord?.();
    this.rebuildLedger();
    return { written: true };
  }

  rebuildLedger(): string {
    const text = formatLedger(this.records());
    if (this.workspace.readRaw(LEDGER_FILE) !== text) this.workspace.writeOwned(ORCHESTRATOR, LEDGER_FILE, text);
    return text;
  }

  ledger(): LedgerEntry[] {
    const text = this.workspace.readRaw(LEDGER_FILE);
    return text === null ? [] : parseLedger(text);
  }

  /** After a crash: make the ledger agree with the records again. Returns the closed task ids. */
  reconcile(): { closed: string[]; ledgerRewritten: boolean } {
    const before = this.workspace.readRaw(LEDGER_FILE);
    const after = this.rebuildLedger();
    return { closed: this.closedTaskIds(), ledgerRewritten: before !== after };
  }
}
