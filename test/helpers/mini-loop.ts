/**
 * A minimal session loop for tests of tools and agents below the harness: one conversation, tool
 * calls executed through `callTool`, until the agent closes or the turn limit.
 */
import { ALL_TOOLS, callTool, toolSpecs, type ToolContext } from '../../src/tools/index.js';
import type { Message, Model } from '../../src/models/types.js';

export async function runTask(model: Model, ctx: ToolContext, opening: string, maxTurns = 400): Promise<{ turns: number; messages: Message[] }> {
  const tools = toolSpecs(ALL_TOOLS);
  const messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: opening }] }];
  let turns = 0;
  while (turns < maxTurns) {
    turns++;
    const r = await model.complete({ system: 'test', messages, tools });
    messages.push(r.message);
    if (r.message.toolCalls.length === 0) break;
    for (const c of r.message.toolCalls) {
      const res = await callTool(ALL_TOOLS, c.name, c.arguments, ctx);
      messages.push({ role: 'tool', callId: c.id, name: c.name, content: res.content, isError: res.isError });
    }
    if (ctx.closeRequest) {
      const r2 = await model.complete({ system: 'test', messages, tools });
      messages.push(r2.message);
      break;
    }
  }
  return { turns, messages };
}
