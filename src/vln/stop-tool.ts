/**
 * The instruction-following agents' own tools besides `step` (which lives in src/tools/): STOP, and
 * the Visuomotor Agent's two requests to the other agents (seed 003, C.4: "submit the returned
 * observation and execution record for verification … request a corrective goal when the current
 * objective no longer fits the scene"). The loop acts on the two requests itself (loop.ts); their
 * results only acknowledge them.
 */
import { z } from 'zod';
import { defineTool, textResult, type Tool, stepTool } from '../tools/index.js';

export const stopTool = defineTool({
  name: 'stop',
  description: 'STOP: declare that the instructed endpoint has been reached. This permanently ends the episode.',
  schema: z.object({ reason: z.string().max(2000).optional() }).strict(),
  async run() {
    return textResult('Stopped. The episode has ended.');
  },
});

export const requestVerificationTool = defineTool({
  name: 'request_verification',
  description:
    "Submit the latest observation and execution record for verification against the active goal's question. The Verify Agent's feedback (evidence, complete / incomplete / uncertain, advice) arrives with your next decision; a verified complete goal advances to the next one.",
  schema: z.object({}).strict(),
  async run() {
    return textResult('Verification requested.');
  },
});

export const requestCorrectiveGoalTool = defineTool({
  name: 'request_corrective_goal',
  description: 'Ask for a corrective goal because the active goal no longer fits the scene. Say why; the unfinished part of the route is carried forward.',
  schema: z.object({ reason: z.string().trim().min(1).max(2000) }).strict(),
  async run() {
    return textResult('Corrective goal requested.');
  },
});

/** The native single agent's tools: step (forward / left / right) and stop. */
export const VLN_TOOLS: Tool[] = [stepTool, stopTool] as Tool[];

/** The Visuomotor Agent's tools: step and stop, and its two requests to the other agents. */
export const VISUOMOTOR_TOOLS: Tool[] = [stepTool, stopTool, requestVerificationTool, requestCorrectiveGoalTool] as Tool[];
