import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Journal,
  LEDGER_FILE,
  Workspace,
  deriveStatus,
  formatLedgerLine,
  handoverPath,
  loadRunState,
  parseLedger,
  recoveryNotePath,
  resumePoint,
  saveRunState,
  shortenGoal,
  taskId,
  type TaskRecord,
} from '../../src/memory/index.js';
import { makeRecord } from './fixtures/records.js';
import { runCrashChild, tempWorkspace } from './helpers.js';

describe('journal', () => {
  let env: ReturnType<typeof tempWorkspace>;
  let journal: Journal;
  beforeEach(() => {
    env = tempWorkspace();
    journal = new Journal(env.ws);
  });
  afterEach(() => env.cleanup());

  it('task records round-trip and the ledger has one line per closed task', () => {
    const records = [1, 2, 3, 4, 5].map(makeRecord);
    for (const r of records) expect(journal.closeTask(r)).toEqual({ written: true });
    expect(journal.records()).toEqual(records);
    const ledger = journal.ledger();
    expect(ledger.map((e) => e.taskId)).toEqual(records.map((r) => r.task_id));
    expect(ledger.map((e) => e.status)).toEqual(['complete', 'incomplete', 'unknown', 'claimed', 'stop']);
    expect(ledger[4].reason).toBe('step budget exhausted');
    for (const e of ledger) {
      expect(e.markers.length).toBe(3);
      expect(e.goal.length).toBeLessThanOrEqual(60);
    }
    const text = env.ws.readRaw(LEDGER_FILE) as string;
    expect(text).toContain('- task-001 · certified complete · find the wooden chair');
    expect(text).toContain('· stop (step budget exhausted) ·');
    expect(text).toContain('· claimed ·');
    expect(text).not.toContain('extra_marker');
  });

  it('ledger lines parse back into their fields, whatever the goal and marker text', () => {
    const entries = [
      { taskId: 'task-001', status: 'unknown' as const, reason: null, goal: 'a · goal, with (brackets)', markers: ['a', 'b'] },
      { taskId: 'task-002', status: 'stop' as const, reason: 'environment ended the task', goal: 'bed', markers: [] },
    ];
    for (const e of entries) {
      const parsed = parseLedger(formatLedgerLine(e))[0];
      expect(parsed).toEqual({ ...e, goal: e.goal.replace('·', '-') });
    }
  });

  it('shortens long goals at a word boundary', () => {
    const g = shortenGoal('find the tall green plant in a white pot standing beside the window of the second bedroom upstairs');
    expect(g.length).toBeLessThanOrEqual(60);
    expect(g.endsWith('…')).toBe(true);
    expect(shortenGoal('bed')).toBe('bed');
  });

  it('status follows claim, certification switch and verdict', () => {
    const table: [Parameters<typeof deriveStatus>[0], string][] = [
      [{ claim: null, certification: true, verdict: null }, 'stop'],
      [{ claim: null, certification: false, verdict: null }, 'stop'],
      [{ claim: 'complete', certification: false, verdict: null }, 'claimed'],
      [{ claim: 'incomplete', certification: false, verdict: 'complete' }, 'claimed'],
      [{ claim: 'complete', certification: true, verdict: 'incomplete' }, 'incomplete'],
      [{ claim: 'complete', certification: true, verdict: 'complete' }, 'complete'],
      [{ claim: 'complete', certification: true, verdict: 'unknown' }, 'unknown'],
      [{ claim: 'complete', certification: true, verdict: null }, 'unknown'],
    ];
    for (const [args, status] of table) expect(deriveStatus(args)).toBe(status);
  });

  it('closing is idempotent by task id and never rewrites a closed record', () => {
    journal.closeTask(makeRecord(1));
    expect(journal.closeTask(makeRecord(1))).toEqual({ written: false });
    expect(() => journal.closeTask({ ...makeRecord(1), steps: 999 })).toThrow(/already closed/);
    expect(journal.records().length).toBe(1);
    expect(journal.ledger().length).toBe(1);
    expect(() => journal.closeTask({ ...makeRecord(2), task_id: taskId(3) })).toThrow(/does not match/);
  });

  it('environment scores are refused in task records and appear only in evaluation files', () => {
    const withScore = { ...makeRecord(1), success: true } as unknown as TaskRecord;
    expect(() => journal.closeTask(withScore)).toThrow(/success/);
    journal.closeTask(makeRecord(1));
    journal.writeEvaluation({ task_id: 'task-001', success: true, spl: 0.4321, distance_to_goal: 0.87, shortest_path: 5.5, path_length: 12.73 });
    expect(journal.readEvaluation('task-001')?.spl).toBe(0.4321);
    // scan everything a session can read: no score field or score value anywhere
    const actor = env.ws.access({ kind: 'actor', handover: handoverPath('task-002') });
    const listed = actor.list();
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.files.length).toBeGreaterThan(0);
    for (const f of listed.files) {
      const r = actor.read(f);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.text).not.toMatch(/spl|0\.4321|12\.73|distance_to_goal|"success"/);
    }
  });

  it('verdict files round-trip per check', () => {
    const v = {
      verdict: 'incomplete' as const,
      evidence: 'no bed visible',
      searched_places: ['bedroom'],
      confidence: 0.6,
      check: 'prestop' as const,
      steps_at_check: 40,
    };
    journal.writeVerdict('task-001', v);
    journal.writeVerdict('task-001', { ...v, verdict: 'complete', check: 'final', steps_at_check: 55 });
    expect(journal.readVerdict('task-001', 'prestop')).toEqual(v);
    expect(journal.readVerdict('task-001', 'final')?.verdict).toBe('complete');
    expect(() => journal.writeVerdict('task-001', { ...v, confidence: 2 })).toThrow();
  });

  it('repeated recoveries get distinct note files', () => {
    const t = 'task-002';
    expect(journal.nextRecoveryNotePath(t)).toBe(recoveryNotePath(t, 1));
    const note = JSON.stringify({
      searched_places: ['kitchen'],
      exclusions: [],
      last_reliable_anchor: 'hall',
      untried_options: ['garage'],
      uncertainties: [],
      suggested_scope: 'attempt',
    });
    const first = journal.nextRecoveryNotePath(t);
    expect(env.ws.access({ kind: 'actor', handover: handoverPath(t), recoveryNote: first }).write(first, note).ok).toBe(true);
    const second = journal.nextRecoveryNotePath(t);
    expect(second).toBe(recoveryNotePath(t, 2));
    expect(env.ws.access({ kind: 'actor', handover: handoverPath(t), recoveryNote: second }).write(second, note).ok).toBe(true);
    expect(journal.recoveryNotes(t)).toEqual([recoveryNotePath(t, 1), recoveryNotePath(t, 2)]);
    expect(journal.readRecoveryNote(first)?.untried_options).toEqual(['garage']);
  });

  it('handovers written by the actor are read back by the orchestrator', () => {
    const t = 'task-003';
    expect(journal.hasHandover(t)).toBe(false);
    env.ws.access({ kind: 'actor', handover: handoverPath(t) }).write(handoverPath(t), 'Found the TV in the den at (1.0, 2.0).');
    expect(journal.hasHandover(t)).toBe(true);
    expect(journal.readHandover(t)).toBe('Found the TV in the den at [coordinates removed].');
  });
});

describe('crash safety of closing tasks', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
  });
  afterEach(() => env.cleanup());

  function reopen(): Journal {
    return new Journal(Workspace.open({ runDir: env.ws.roots.run, houseDir: env.ws.roots.house }));
  }

  it('killed after a record but before its ledger line: resume restores the line, no duplicate', () => {
    runCrashChild(['close-after-record', env.ws.roots.run, env.ws.roots.house, '3']);
    expect(parseLedger(readFileSync(join(env.ws.roots.run, LEDGER_FILE), 'utf8')).length).toBe(3); // the crash hit before the ledger
    const journal = reopen();
    const point = resumePoint(journal, 8);
    expect(point).toEqual({ nextIndex: 5, closed: ['task-001', 'task-002', 'task-003', 'task-004'], done: false });
    expect(journal.ledger().map((e) => e.taskId)).toEqual(['task-001', 'task-002', 'task-003', 'task-004']);
    // the resumed run re-closing task 4 (replay) is a no-op; task 5 continues normally
    expect(journal.closeTask(makeRecord(4))).toEqual({ written: false });
    journal.closeTask(makeRecord(5));
    expect(journal.ledger().map((e) => e.taskId)).toEqual(['task-001', 'task-002', 'task-003', 'task-004', 'task-005']);
  });

  it('killed inside the record write: the task is not closed and is redone, nothing half-written', () => {
    runCrashChild(['close-before-rename', env.ws.roots.run, env.ws.roots.house, '2']);
    const journal = reopen();
    expect(resumePoint(journal, 8)).toEqual({ nextIndex: 3, closed: ['task-001', 'task-002'], done: false });
    const taskFiles = readdirSync(join(env.ws.roots.run, 'tasks', 'task-003'));
    expect(taskFiles).toEqual([]); // the stale temp was removed on reopen
    journal.closeTask(makeRecord(3));
    expect(journal.ledger().length).toBe(3);
    expect(statSync(join(env.ws.roots.run, 'tasks', 'task-003', 'record.json')).isFile()).toBe(true);
  });

  it('run state round-trips and a finished run reports done', () => {
    const journal = new Journal(env.ws);
    saveRunState(env.ws, { version: 1, config: { policy: 'navharness', house: 'seed:3' }, total_tasks: 2, open_task: 'task-001', finished: false });
    expect(loadRunState(env.ws)?.config).toEqual({ policy: 'navharness', house: 'seed:3' });
    journal.closeTask(makeRecord(1));
    journal.closeTask(makeRecord(2));
    expect(resumePoint(journal, 2)).toMatchObject({ nextIndex: 3, done: true });
  });
});
