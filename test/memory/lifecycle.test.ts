/**
 * The memory tiers across a short run and a second run in the same house, driven the way the
 * orchestrator will drive them: openings list only existing files, the actor writes only its
 * handover, the orchestrator closes tasks, consolidation writes the house notes the next run reads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Journal,
  Workspace,
  consolidationReading,
  deriveStatus,
  handoverPath,
  houseNotePath,
  HOUSE_NOTE_FILES,
  requiredReading,
  taskId,
  type TaskRecord,
} from '../../src/memory/index.js';
import { consolidationOpening, taskOpening } from '../../src/prompts/index.js';
import { tempWorkspace } from './helpers.js';
import { join } from 'node:path';

function record(i: number, claim: 'complete' | null, verdict: 'complete' | 'incomplete' | null, markers: string[]): TaskRecord {
  return {
    task_id: taskId(i),
    index: i,
    goal: { kind: 'object', text: ['a bed', 'a sink', 'a television'][i - 1] },
    status: deriveStatus({ claim, certification: true, verdict }),
    claim: claim ? { claim, evidence: 'seen in the stop views' } : null,
    verdict: verdict ? { verdict, evidence: 'judge evidence', searched_places: markers, confidence: 0.8, check: 'final', steps_at_check: 50 } : null,
    termination_reason: claim ? 'closed by the session' : 'step budget exhausted',
    searched_regions: markers,
    markers,
    steps: 50,
    step_budget: 500,
    model_turns: 20,
    handover: claim ? handoverPath(taskId(i)) : null,
    recovery_notes: [],
  };
}

describe('memory tiers across runs', () => {
  let env: ReturnType<typeof tempWorkspace>;
  beforeEach(() => {
    env = tempWorkspace();
  });
  afterEach(() => env.cleanup());

  it('handovers flow to the next task, house notes to the next run', () => {
    const journal = new Journal(env.ws);
    const opening = (i: number) =>
      taskOpening({
        taskNumber: i,
        goal: 'x',
        goalKind: 'object',
        filesToRead: requiredReading(journal, i > 1 ? taskId(i - 1) : null),
        handoverPath: handoverPath(taskId(i)),
        stepBudget: 500,
        turnBudget: 60,
      });

    expect(opening(1)).toContain('no earlier records');
    env.ws.access({ kind: 'actor', handover: handoverPath(taskId(1)) }).write(handoverPath(taskId(1)), 'Bed found in the main bedroom upstairs.');
    journal.closeTask(record(1, 'complete', 'complete', ['landing', 'main_bedroom']));
    expect(opening(2)).toContain('- tasks/task-001/handover.md\n- ledger.md');

    // task 2 ends on its budget without a claim or a handover
    journal.closeTask(record(2, null, null, ['kitchen']));
    expect(opening(3)).not.toContain('task-002/handover.md'); // nonexistent files are omitted
    expect(opening(3)).toContain('- ledger.md');

    // run end: consolidation reads the journal and writes the four notes
    const reading = consolidationReading(journal);
    const prompt = consolidationOpening(reading);
    expect(prompt).toContain('tasks/task-001/handover.md');
    const cons = env.ws.access({ kind: 'consolidation' });
    for (const f of HOUSE_NOTE_FILES) expect(cons.write(houseNotePath(f), `# ${f}\nMain bedroom is upstairs (task-001, certified complete).`).ok).toBe(true);

    // a new run in the same house: fresh run directory, same mounted house directory
    const ws2 = Workspace.open({ runDir: join(env.base, 'run2'), houseDir: env.ws.roots.house });
    const j2 = new Journal(ws2);
    expect(requiredReading(j2, null)).toEqual(HOUSE_NOTE_FILES.map(houseNotePath));
    expect(j2.records()).toEqual([]);
    const note = ws2.access({ kind: 'actor', handover: handoverPath(taskId(1)) }).read('house/rooms.md');
    expect(note.ok && note.text).toContain('Main bedroom is upstairs');
    // and the acting session of the new run cannot rewrite them
    expect(ws2.access({ kind: 'actor', handover: handoverPath(taskId(1)) }).write('house/rooms.md', 'x').ok).toBe(false);
  });
});
