/**
 * The ledger: a compact index with one line per closed task — status, a shortened goal and up to
 * three marker names. It is a view derived from the task records, so it can always be rebuilt
 * exactly from them (which is what makes a crash between record and ledger harmless).
 */
import type { LedgerStatus, TaskRecord } from './schemas.js';

export const LEDGER_GOAL_CHARS = 60;
export const LEDGER_MAX_MARKERS = 3;
const HEADER = '# Ledger\n\nOne line per closed task: task · status · goal · places.\n\n';

export interface LedgerEntry {
  taskId: string;
  status: LedgerStatus;
  /** termination reason, kept for `stop` */
  reason: string | null;
  goal: string;
  markers: string[];
}

/** One line of text, separators neutralised so that a line always parses back into its fields. */
function field(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/·/g, '-').trim();
}

export function shortenGoal(goal: string, max = LEDGER_GOAL_CHARS): string {
  const g = field(goal);
  if (g.length <= max) return g;
  const cut = g.slice(0, max - 1);
  const sp = cut.lastIndexOf(' ');
  return `${(sp > max / 2 ? cut.slice(0, sp) : cut).trimEnd()}…`;
}

export function statusText(status: LedgerStatus, reason: string | null): string {
  switch (status) {
    case 'complete':
    case 'incomplete':
    case 'unknown':
      return `certified ${status}`;
    case 'claimed':
      return 'claimed';
    case 'stop':
      return `stop (${field(reason ?? 'no reason recorded').replace(/[()]/g, '')})`;
  }
}

export function ledgerEntryOf(r: TaskRecord): LedgerEntry {
  return {
    taskId: r.task_id,
    status: r.status,
    reason: r.status === 'stop' ? r.termination_reason : null,
    goal: shortenGoal(r.goal.text),
    markers: r.markers.slice(0, LEDGER_MAX_MARKERS),
  };
}

export function formatLedgerLine(e: LedgerEntry): string {
  const markers = e.markers.slice(0, LEDGER_MAX_MARKERS).map((m) => field(m).replace(/,/g, ';'));
  const places = markers.length ? markers.join(', ') : '-';
  return `- ${e.taskId} · ${statusText(e.status, e.reason)} · ${field(e.goal)} · ${places}`;
}

export function formatLedger(records: readonly TaskRecord[]): string {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  return HEADER + sorted.map((r) => formatLedgerLine(ledgerEntryOf(r))).join('\n') + (sorted.length ? '\n' : '');
}

const LINE_RE = /^- (task-\d{3,6}) · (certified (complete|incomplete|unknown)|claimed|stop \(([^)]*)\)) · (.*) · (.*)$/;

export function parseLedger(text: string): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const line of text.split('\n')) {
    const m = LINE_RE.exec(line);
    if (!m) continue;
    const status: LedgerStatus = m[3] ? (m[3] as LedgerStatus) : m[2] === 'claimed' ? 'claimed' : 'stop';
    out.push({
      taskId: m[1],
      status,
      reason: status === 'stop' ? m[4] : null,
      goal: m[5],
      markers: m[6] === '-' ? [] : m[6].split(', '),
    });
  }
  return out;
}

/**
 * The ledger status of a closed task: with certification on, the judge's verdict; with it off, an
 * unchecked `claimed`; without a model claim (budget, environment end), `stop`.
 */
export function deriveStatus(args: {
  claim: 'complete' | 'incomplete' | null;
  certification: boolean;
  verdict: 'complete' | 'incomplete' | 'unknown' | null;
}): LedgerStatus {
  if (args.claim === null) return 'stop';
  if (!args.certification) return 'claimed';
  return args.verdict ?? 'unknown';
}
