/**
 * The instruction goal kind (IR2R-CE tours through the harness): the opening gives the instruction as
 * the goal, get_goal repeats it, the task record accepts it, the judge reads it as a route whose end is
 * the claim, and the offline judge decides by the instruction's end without telling a distance.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InstructionEndJudge } from '../../src/baselines/instruction-judge.js';
import { parseHarnessConfig } from '../../src/harness/config.js';
import { judgeContent, type JudgeEvidence } from '../../src/harness/judge.js';
import { openingContent } from '../../src/harness/policies.js';
import { Journal } from '../../src/memory/journal.js';
import { GoalSchema } from '../../src/memory/schemas.js';
import { Workspace } from '../../src/memory/workspace.js';
import { textOf } from '../../src/models/types.js';
import { getGoalTool } from '../../src/tools/spatial.js';
import { instructionGoal } from '../../src/world/agent-goal.js';

const dir = mkdtempSync(join(tmpdir(), 'instruction-goal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const journal = new Journal(Workspace.open({ runDir: join(dir, 'run'), houseDir: join(dir, 'house') }));
const INSTRUCTION = 'Walk forward in the hallway and enter the kitchen. Stop next to the red oven.';
const goal = instructionGoal(INSTRUCTION);

const evidence = (): JudgeEvidence => ({
  goal,
  stopViews: [],
  stopPngs: [],
  earlier: [],
  mapPng: null,
  record: { taskPosition: 2, tasksInRun: 4, stepsUsed: 10, stepBudget: 300, frameCount: 50, markerNames: ['kitchen'] },
});

describe('instruction goals', () => {
  it('the opening gives the instruction as the goal, get_goal repeats it, the record keeps its kind', async () => {
    const opening = textOf(
      openingContent(
        parseHarnessConfig({}),
        journal,
        { taskNumber: 2, goal, previousTaskId: null, handoverPath: 'tasks/task-002/handover.md', stepBudget: 300, turnBudget: 60, relocationViews: null },
        false,
      ).content,
    );
    expect(opening).toContain(`Task 2. Goal: follow this route instruction and close the task where it ends: ${INSTRUCTION}`);
    const r = await getGoalTool.run({}, { goal } as never);
    expect(textOf(r.content)).toBe(`Follow this route instruction and close the task where it ends: ${INSTRUCTION}`);
    expect(GoalSchema.parse({ kind: 'instruction', text: INSTRUCTION })).toEqual({ kind: 'instruction', text: INSTRUCTION });
  });

  it("the judge's request reads the instruction as a route whose end the close claims", () => {
    const first = judgeContent(evidence())[0];
    expect(first.type === 'text' ? first.text : '').toContain(
      `Goal: follow this route instruction and stop where it ends: "${INSTRUCTION}". The task is complete when the stopping point is where the instruction ends.`,
    );
  });

  it('the offline judge decides by the success distance of the instruction end and names no distance', async () => {
    let d: number | null = 2.9;
    const judge = new InstructionEndJudge(
      () => d,
      () => 3,
    );
    const near = await judge.check(evidence());
    expect(near.verdict.verdict).toBe('complete');
    d = 3.1;
    const far = await judge.check(evidence());
    expect(far.verdict.verdict).toBe('incomplete');
    d = Number.POSITIVE_INFINITY;
    expect((await judge.check(evidence())).verdict.verdict).toBe('unknown');
    for (const v of [near, far]) expect(v.verdict.evidence).not.toMatch(/\d/);
  });
});
