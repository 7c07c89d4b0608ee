/** observe and step: the only tools that touch the body. */
import { z } from 'zod';
import { CoarseActionSchema, COARSE_ACTIONS } from '../navigator/index.js';
import { defineTool, toolError, withFacts } from './tool.js';
import { stepsLeft } from './context.js';
import { framePng, stateResult } from './describe.js';

export const MAX_ACTIONS_PER_STEP = 12;

export const observeTool = defineTool({
  name: 'observe',
  description: 'Look through the camera without moving. Returns the current colour view, tracking status and estimated pose. Costs no steps.',
  schema: z.object({}).strict(),
  async run(_args, ctx) {
    const f = await ctx.navigator.observe();
    return stateResult('Current view.', ctx, framePng(f));
  },
});

export const stepTool = defineTool({
  name: 'step',
  description: `Move the robot: a list of 1–${MAX_ACTIONS_PER_STEP} coarse actions executed in order — "forward" (0.25 m), "left" (turn 15°), "right" (turn 15°). Each executed action costs one step of the task budget. Execution stops early after an action that bumped into something, or when the task is terminated. Returns the execution record and the final view.`,
  schema: z
    .object({
      actions: z
        .array(CoarseActionSchema, { error: `actions must be a list of ${COARSE_ACTIONS.map((a) => `"${a}"`).join(', ')}` })
        .min(1, 'give at least one action, e.g. ["forward"]')
        .max(MAX_ACTIONS_PER_STEP, `at most ${MAX_ACTIONS_PER_STEP} actions per call; split longer plans over several calls`),
    })
    .strict(),
  async run({ actions }, ctx) {
    const refused = (text: string, ended: boolean) => withFacts(toolError(text), { step: { executed: [], collisions: 0, ended } });
    if (ctx.terminated) return refused('The task has been terminated by the environment; no further motion is possible. Call close_task.', true);
    if (ctx.closeRequest) return refused('You asked to close this task; end your turn so the orchestrator can handle the request.', false);
    const left = stepsLeft(ctx);
    if (left === 0)
      return refused(`The step budget is exhausted (${ctx.budget.used} of ${ctx.budget.limit} used). Call close_task with your claim and evidence.`, true);
    const run = actions.slice(0, left);
    const rec = await ctx.navigator.act(run);
    ctx.budget.used += rec.executed.length;
    if (rec.terminated) ctx.terminated = true;
    const ended = rec.stoppedEarly === 'terminated' || rec.terminated;
    const lines = [
      `Executed ${rec.executed.length} of ${actions.length} actions: ${rec.executed.join(', ') || 'none'}.`,
      rec.collisions.length
        ? `Collision during action ${rec.collisions.map((i) => i + 1).join(', ')} (the robot slid along or stopped at an obstacle).`
        : 'No collision.',
      rec.stoppedEarly === 'collision' ? 'Stopped early because of the collision.' : '',
      ended ? 'The environment terminated the task.' : '',
      run.length < actions.length ? `Only ${run.length} actions fitted in the remaining budget.` : '',
    ].filter(Boolean);
    const result = stateResult(lines.join('\n'), ctx, framePng(rec.frame));
    return withFacts(result, { ...result.facts, step: { executed: rec.executed, collisions: rec.collisions.length, ended } });
  },
});
