import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal, Workspace, consolidationReading, describeList, describeRead, describeWrite, handoverPath, requiredReading } from '../../src/memory/index.js';
import { makeRecord } from './fixtures/records.js';
import { tempWorkspace } from './helpers.js';

describe('workspace layout', () => {
  let base: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'navharness-ws-'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('accepts a house directory outside the run or exactly at <run>/house', () => {
    expect(() => Workspace.open({ runDir: join(base, 'r1'), houseDir: join(base, 'store', 'h') })).not.toThrow();
    const ws = Workspace.open({ runDir: join(base, 'r2'), houseDir: join(base, 'r2', 'house') });
    ws.access({ kind: 'consolidation' }).write('house/index.md', 'Index');
    ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', 'L');
    const l = ws.access({ kind: 'consolidation' }).list();
    expect(l.ok && l.files).toEqual(['ledger.md', 'house/index.md']); // listed once, under its mount
  });

  it('refuses other nestings and bad options', () => {
    expect(() => Workspace.open({ runDir: join(base, 'r'), houseDir: join(base, 'r', 'notes') })).toThrow(/outside the run workspace/);
    expect(() => Workspace.open({ runDir: join(base, 'r'), houseDir: join(base, 'r') })).toThrow(/outside the run workspace/);
    mkdirSync(join(base, 'h'));
    expect(() => Workspace.open({ runDir: join(base, 'h', 'run'), houseDir: join(base, 'h') })).toThrow(/must not lie inside/);
    expect(() => Workspace.open({ runDir: '', houseDir: join(base, 'x') })).toThrow(/runDir/);
  });
});

describe('reading lists and tool texts', () => {
  let env: ReturnType<typeof tempWorkspace>;
  let journal: Journal;
  beforeEach(() => {
    env = tempWorkspace();
    journal = new Journal(env.ws);
  });
  afterEach(() => env.cleanup());

  it('the first task has nothing to read; later tasks read only what exists', () => {
    expect(requiredReading(journal, null)).toEqual([]);
    journal.closeTask(makeRecord(1));
    env.ws.access({ kind: 'actor', handover: handoverPath('task-001') }).write(handoverPath('task-001'), 'Found the chair.');
    expect(requiredReading(journal, 'task-001')).toEqual(['tasks/task-001/handover.md', 'ledger.md']);
    env.ws.access({ kind: 'consolidation' }).write('house/rooms.md', 'Rooms');
    env.ws.access({ kind: 'consolidation' }).write('house/index.md', 'Index');
    expect(requiredReading(journal, 'task-001')).toEqual(['tasks/task-001/handover.md', 'ledger.md', 'house/index.md', 'house/rooms.md']);
    journal.closeTask(makeRecord(2));
    expect(consolidationReading(journal)).toEqual({
      ledger: 'ledger.md',
      handovers: ['tasks/task-001/handover.md'],
      previousNotes: ['house/index.md', 'house/rooms.md'],
    });
  });

  it('tool texts state truncation, scrubbing and errors', () => {
    const actor = env.ws.access({ kind: 'actor', handover: handoverPath('task-001') });
    const w = actor.write(handoverPath('task-001'), `Sofa at (1.5, 2.5). ${'x'.repeat(7000)}`);
    const wt = describeWrite(w);
    expect(wt).toMatch(
      /^wrote 6000 characters to tasks\/task-001\/handover\.md; truncated: only the first 6,000 of 7,020 characters were stored; 1 coordinate-like/,
    );
    env.ws.writeOwned({ kind: 'orchestrator' }, 'ledger.md', 'y'.repeat(20_001));
    expect(describeRead(actor.read('ledger.md'))).toMatch(/\[truncated: showing the first 20,000 of 20,001 characters of ledger\.md; read_file has no offset/);
    expect(describeRead(actor.read('../x'))).toMatch(/^read_file error: .*'\.\.'/);
    expect(describeWrite(actor.write('ledger.md', 'z'))).toMatch(/^write_file error: an acting session may write only/);
    expect(describeList(actor.list())).toBe('ledger.md\ntasks/task-001/handover.md');
  });
});
