/** close_task and request_recovery: requests recorded for the orchestrator, handled at the hop boundary. */
import { z } from 'zod';
import { SCOPES, scrubCoordinates } from '../memory/index.js';
import { defineTool, textResult, toolError } from './tool.js';

export const closeTaskTool = defineTool({
  name: 'close_task',
  description:
    'Ask to end the current task. claim "complete" when the goal is reached (the robot is next to it), "incomplete" when you give up. evidence: what you saw that supports the claim. The orchestrator takes four views around the robot and may check the claim; end your turn after calling this.',
  schema: z
    .object({
      claim: z.enum(['complete', 'incomplete'], { error: 'claim must be "complete" or "incomplete"' }),
      evidence: z.string().trim().min(1, 'say what supports the claim').max(2000, 'keep the evidence under 2000 characters'),
    })
    .strict(),
  async run({ claim, evidence }, ctx) {
    if (ctx.closeRequest) return toolError('A close request is already pending; end your turn.');
    // the evidence is stored in the task record and shown to the judge: prose without coordinates
    ctx.closeRequest = { claim, evidence: scrubCoordinates(evidence).text, stepsUsed: ctx.budget.used };
    return textResult(`Close request recorded (claim: ${claim}). End your turn now; the orchestrator will take it from here.`);
  },
});

export const requestRecoveryTool = defineTool({
  name: 'request_recovery',
  description:
    'Ask for help when the attempt is not working: scope "attempt" (restart this attempt here), "place", "room", "floor" or "house" (also reassess where you are, at growing scale). reason: what went wrong. confidence: 0–1, how sure you are that recovery is needed. You will then write a recovery note before a new session takes over.',
  schema: z
    .object({
      scope: z.enum(SCOPES, { error: `scope must be one of ${SCOPES.join(', ')}` }),
      reason: z.string().trim().min(1, 'say what went wrong').max(2000, 'keep the reason under 2000 characters'),
      confidence: z.number({ error: 'confidence is a number from 0 to 1' }).min(0, 'confidence is at least 0').max(1, 'confidence is at most 1'),
    })
    .strict(),
  async run({ scope, reason, confidence }, ctx) {
    if (ctx.closeRequest) return toolError('A close request is pending; recovery cannot be requested now.');
    if (ctx.recoveryRequest) return toolError('A recovery request is already pending; end your turn.');
    ctx.recoveryRequest = { scope, reason: scrubCoordinates(reason).text, confidence, stepsUsed: ctx.budget.used };
    return textResult(`Recovery request recorded (scope: ${scope}). End your turn; you will be asked to write a recovery note.`);
  },
});
