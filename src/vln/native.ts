/**
 * The native single-agent baseline ("Codex CLI" row): one tool-calling agent with the route
 * instruction, the action interface and the budget, keeping its own conversation. Its only context
 * management is the native one of such agents: the conversation grows with every tool result, and
 * images older than the newest `imageWindow` tool results are replaced by a placeholder (the text
 * of every record stays).
 */
import type { Message, Model, ToolResultMessage } from '../models/types.js';
import { text } from '../models/types.js';
import type { Navigator } from '../navigator/navigator.js';
import { CURRENT_OBSERVATION_LABEL, nativeSingleAgentPrompt } from '../prompts/vln.js';
import { framePng } from '../tools/describe.js';
import { createToolContext, stepsLeft } from '../tools/context.js';
import { callTool, toolSpecs } from '../tools/registry.js';
import { DecisionLedger } from './accounting.js';
import type { LoopOptions, LoopResult } from './loop.js';
import { VLN_TOOLS } from './stop-tool.js';

export const NATIVE_IMAGE_WINDOW = 6;

function pruneImages(messages: Message[], keep: number): void {
  const results = messages.filter((m): m is ToolResultMessage => m.role === 'tool' && m.content.some((p) => p.type === 'image'));
  for (const m of results.slice(0, Math.max(0, results.length - keep))) {
    m.content = m.content.map((p) => (p.type === 'image' ? text('[earlier image omitted from the context]') : p));
  }
}

export async function runNativeEpisode(model: Model, navigator: Navigator, episodeId: string, instruction: string, o: LoopOptions & { imageWindow?: number }): Promise<LoopResult> {
  const ledger = new DecisionLedger(episodeId);
  const tools = createToolContext(navigator, null, o.budget);
  const first = navigator.lastView ?? (await navigator.observe());
  const system = nativeSingleAgentPrompt(instruction, o.budget);
  const specs = toolSpecs(VLN_TOOLS);
  const messages: Message[] = [{ role: 'user', content: [text(`Instruction: ${instruction}`), text(CURRENT_OBSERVATION_LABEL), { type: 'image', png: framePng(first) }] }];
  const res: LoopResult = { stopped: false, endReason: 'decisions', actions: 0, ledger, goals: { set: 0, verified: 0, revisions: 0, compressions: 0 }, routes: [], problems: [], context: null };
  let idle = 0;
  while (ledger.decisions.length < o.maxDecisions) {
    if (stepsLeft(tools) === 0 || tools.terminated) {
      res.endReason = 'budget';
      break;
    }
    pruneImages(messages, o.imageWindow ?? NATIVE_IMAGE_WINDOW);
    const req = { system, messages: [...messages], tools: specs, maxOutputTokens: o.maxOutputTokens };
    const r = await model.complete(req);
    ledger.add('native', req, r.usage);
    messages.push(r.message);
    if (r.message.toolCalls.length === 0) {
      res.problems.push(`native agent ended its turn without a tool call: ${r.message.text.slice(0, 120)}`);
      if (++idle >= 3) break;
      messages.push({ role: 'user', content: [text('Continue: call step with your next actions, or stop if the endpoint is reached.')] });
      continue;
    }
    idle = 0;
    let stopped = false;
    for (const c of r.message.toolCalls) {
      if (stopped) {
        messages.push({ role: 'tool', callId: c.id, name: c.name, content: [text('Not executed: the episode has ended.')], isError: true });
        continue;
      }
      const out = await callTool(VLN_TOOLS, c.name, c.arguments, tools);
      if (c.name === 'stop' && !out.isError) stopped = true;
      messages.push({ role: 'tool', callId: c.id, name: c.name, content: out.content, isError: out.isError });
    }
    if (stopped) {
      res.stopped = true;
      res.endReason = 'stop';
      break;
    }
  }
  res.actions = tools.budget.used;
  return res;
}
