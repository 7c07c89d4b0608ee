/**
 * What a session is told to read, and how file-tool results read as text. The reading lists omit
 * files that do not exist (paper 001 §3.1); the result texts state truncation so a session never mistakes a
 * prefix for the whole file.
 */
import { HOUSE_NOTE_FILES, LEDGER_FILE, handoverPath, houseNotePath } from './layout.js';
import type { Journal } from './journal.js';
import { READ_LIMIT_CHARS, WRITE_LIMIT_CHARS, type FileResult, type ListOk, type ReadOk, type WriteOk } from './workspace.js';

/**
 * Required reading of a task-boundary opening: previous handover, ledger, house notes — existing ones
 * only. `carriedHandover`: for the first task of a run from a house memory, the last handover of the
 * previous run (in the archive under `house/`), which stands in for the previous task's.
 */
export function requiredReading(journal: Journal, previousTaskId: string | null, carriedHandover: string | null = null): string[] {
  const candidates = [
    ...(previousTaskId ? [handoverPath(previousTaskId)] : carriedHandover ? [carriedHandover] : []),
    LEDGER_FILE,
    ...HOUSE_NOTE_FILES.map(houseNotePath),
  ];
  return candidates.filter((p) => journal.workspace.exists(p));
}

/** Reading list of run-end consolidation: ledger, every handover of the run, the previous house notes. */
export function consolidationReading(journal: Journal): { ledger: string | null; handovers: string[]; previousNotes: string[] } {
  const ws = journal.workspace;
  const ids = journal.closedTaskIds();
  return {
    ledger: ws.exists(LEDGER_FILE) ? LEDGER_FILE : null,
    handovers: ids.map(handoverPath).filter((p) => ws.exists(p)),
    previousNotes: HOUSE_NOTE_FILES.map(houseNotePath).filter((p) => ws.exists(p)),
  };
}

export function describeRead(r: FileResult<ReadOk>): string {
  if (!r.ok) return `read_file error: ${r.error}`;
  if (!r.truncated) return r.text;
  return `${r.text}\n\n[truncated: showing the first ${READ_LIMIT_CHARS.toLocaleString('en-US')} of ${r.totalChars.toLocaleString('en-US')} characters of ${r.path}; read_file has no offset, so the rest of this file cannot be read]`;
}

export function describeWrite(r: FileResult<WriteOk>): string {
  if (!r.ok) return `write_file error: ${r.error}`;
  const parts = [`wrote ${r.storedChars} characters to ${r.path}`];
  if (r.truncated)
    parts.push(`truncated: only the first ${WRITE_LIMIT_CHARS.toLocaleString('en-US')} of ${r.submittedChars.toLocaleString('en-US')} characters were stored`);
  if (r.scrubbed) parts.push(`${r.scrubbed} coordinate-like expression(s) were replaced by "[coordinates removed]"; refer to places by name`);
  return parts.join('; ');
}

export function describeList(r: FileResult<ListOk>): string {
  if (!r.ok) return `list_files error: ${r.error}`;
  if (r.files.length === 0) return '(no files yet)';
  return r.files.join('\n') + (r.truncated ? `\n[listing truncated after ${r.files.length} files; list a subdirectory to see more]` : '');
}
