/**
 * Who may read and write what. Reads: every session may read the journal, the place graph and the
 * house notes, but no session may read evaluation files or the harness's run state. Writes: an
 * acting session only its assigned handover and recovery note; the orchestrator only the records it
 * owns (ledger, verdicts, task records, place graph, evaluation files, run state); consolidation
 * only the four house-note files.
 */
import { EVAL_DIR, HOUSE_MOUNT, HOUSE_NOTE_FILES, LEDGER_FILE, PLACES_DIR, STATE_DIR, TASKS_DIR } from './layout.js';
import type { ResolvedPath } from './paths.js';
import { TEMP_MARKER } from './atomic.js';

export type Role = { kind: 'actor'; handover: string; recoveryNote?: string } | { kind: 'orchestrator' } | { kind: 'consolidation' };

export type Decision = { ok: true } | { ok: false; error: string };

const ALLOW: Decision = { ok: true };

function deny(error: string): Decision {
  return { ok: false, error };
}

function firstSegment(rel: string): string {
  return rel.split('/')[0] ?? '';
}

/** True when a root-relative POSIX path names something hidden from sessions. */
function privateRel(root: 'run' | 'house', rel: string): boolean {
  const segments = rel.split('/');
  if (segments.some((s) => s.startsWith(TEMP_MARKER))) return true;
  // the house directory holds its own lock under .navharness/; the run root also its scores
  if (root === 'house') return segments[0] === STATE_DIR;
  // a house directory mounted physically at <run>/house, reached through a link from the run root
  if (segments[0] === HOUSE_MOUNT) return privateRel('house', segments.slice(1).join('/'));
  return segments[0] === EVAL_DIR || segments[0] === STATE_DIR;
}

/**
 * True for paths hidden from every session (evaluation scores, run state, locks, temp files). Both
 * the path as typed and where it really leads are checked: a symbolic link inside the workspace
 * that points into eval/ or .navharness/ is as private as its target.
 */
export function isHarnessPrivate(p: ResolvedPath): boolean {
  return privateRel(p.root, p.rel) || privateRel(p.root, p.realRel);
}

export function canRead(role: Role, p: ResolvedPath): Decision {
  if (role.kind === 'orchestrator') return ALLOW;
  if (isHarnessPrivate(p)) return deny(`'${p.display}' is a harness-internal record and cannot be read by a session`);
  return ALLOW;
}

const TASK_RECORD_RE = /^tasks\/[^/]+\/(record\.json|verdict-(prestop|final)\.json)$/;

export function canWrite(role: Role, p: ResolvedPath): Decision {
  switch (role.kind) {
    case 'actor': {
      const allowed = [role.handover, role.recoveryNote].filter((x): x is string => typeof x === 'string');
      if (allowed.includes(p.display)) return ALLOW;
      return deny(`an acting session may write only ${allowed.map((a) => `'${a}'`).join(' and ')}; '${p.display}' is read-only for you`);
    }
    case 'consolidation': {
      if (p.root === 'house' && (HOUSE_NOTE_FILES as readonly string[]).includes(p.rel)) return ALLOW;
      return deny(`consolidation may write only the house notes ${HOUSE_NOTE_FILES.map((f) => `'house/${f}'`).join(', ')}; not '${p.display}'`);
    }
    case 'orchestrator': {
      if (p.root === 'run') {
        const first = firstSegment(p.rel);
        if (p.rel === LEDGER_FILE || TASK_RECORD_RE.test(p.rel) || first === EVAL_DIR || first === STATE_DIR) return ALLOW;
        if (first === PLACES_DIR && p.rel.split('/').length >= 2) return ALLOW;
      }
      return deny(
        `the orchestrator writes only the ledger, verdicts, task records, the place graph, evaluation files and run state; '${p.display}' belongs to ${
          p.root === 'house' ? 'consolidation' : firstSegment(p.rel) === TASKS_DIR ? 'the acting session' : 'no role'
        }`,
      );
    }
  }
}
