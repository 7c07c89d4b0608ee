/**
 * The first task of a run that continues a house memory reads the previous run's last handover (in
 * the archive under house/) as the previous task's; a later task reads its own predecessor's, and the
 * no-task-records ablation reads neither. A session can read the archive but not write to it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHarnessConfig } from '../../src/harness/config.js';
import { openingContent, readingList } from '../../src/harness/policies.js';
import { Journal } from '../../src/memory/journal.js';
import { Workspace } from '../../src/memory/workspace.js';
import { textOf } from '../../src/models/types.js';

const dir = mkdtempSync(join(tmpdir(), 'carried-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const ws = Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'run', 'house') });
const journal = new Journal(ws);
const carried = 'house/archive/run-001/tasks/task-005/handover.md';
mkdirSync(join(dir, 'run', 'house', 'archive', 'run-001', 'tasks', 'task-005'), { recursive: true });
writeFileSync(join(dir, 'run', 'house', 'archive', 'run-001', 'tasks', 'task-005', 'handover.md'), 'The sofa was seen near place 2.');
ws.access({ kind: 'actor', handover: 'tasks/task-001/handover.md' }).write('tasks/task-001/handover.md', 'Goal bed.');

describe('the handover carried from the previous run', () => {
  it('is read by the first task only, and not under the no-task-records ablation', () => {
    const cfg = parseHarnessConfig({});
    expect(readingList(journal, cfg, null, carried)).toEqual([carried]);
    expect(readingList(journal, cfg, 'task-001', carried)).toEqual(['tasks/task-001/handover.md']);
    expect(readingList(journal, parseHarnessConfig({ taskRecords: false }), null, carried)).toEqual([]);
    const opening = openingContent(
      cfg,
      journal,
      {
        taskNumber: 1,
        goal: { kind: 'object', text: 'sofa' },
        previousTaskId: null,
        carriedHandover: carried,
        handoverPath: 'tasks/task-001/handover.md',
        stepBudget: 50,
        turnBudget: 10,
        relocationViews: null,
      },
      false,
    );
    expect(textOf(opening.content)).toContain(`- ${carried}`);
  });

  it('is readable by an acting session and not writable', () => {
    const actor = ws.access({ kind: 'actor', handover: 'tasks/task-002/handover.md' });
    const r = actor.read(carried);
    expect(r.ok && r.text).toBe('The sofa was seen near place 2.');
    expect(actor.write(carried, 'changed').ok).toBe(false);
    expect(ws.access({ kind: 'consolidation' }).write(carried, 'changed').ok).toBe(false);
  });
});
