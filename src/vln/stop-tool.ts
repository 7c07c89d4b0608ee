/** STOP as a tool: it permanently ends the episode (the step tool itself lives in src/tools/). */
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

/** The only tools an instruction-following agent has: step (forward / left / right) and stop. */
export const VLN_TOOLS: Tool[] = [stepTool, stopTool] as Tool[];
