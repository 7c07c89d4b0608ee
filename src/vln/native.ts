/**
 * The native single-agent baseline ("Codex CLI" row): one tool-calling agent with the route
 * instruction, the action interface and the budget, keeping its own conversation. Its only context
 * management is the native one of such agents: the conversation grows with every tool result, and
 * images older than the newest `imageWindow` tool results are replaced by a placeholder (the text
 * of every record stays).
 */
import { type Message, type Model, type ToolCall, type ToolResultMessage, text } from '../models/index.js';
import { Session, type SessionEvent } from '../harness/index.js';
import type { Navigator } from '../navigator/index.js';
import { CURRENT_OBSERVATION_LABEL, nativeSingleAgentPrompt } from '../prompts/index.js';
import { framePng, createToolContext, type ToolResult } from '../tools/index.js';
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

const CONTINUE_NUDGE = 'Continue: call step with your next actions, or stop if the endpoint is reached.';

export async function runNativeEpisode(model: Model, navigator: Navigator, episodeId: string, instruction: string, o: LoopOptions & { imageWindow?: number }): Promise<LoopResult> {
  const ledger = new DecisionLedger(episodeId);
  const tools = createToolContext(navigator, null, o.budget, null, { poseInResults: false });
  const first = navigator.lastView ?? (await navigator.observe());
  const onEvent = (e: SessionEvent) => {
    if (e.kind === 'turn') ledger.add('native', e.request, e.usage);
  };
  const session = new Session('native', model, nativeSingleAgentPrompt(instruction, o.budget), VLN_TOOLS, { onEvent, maxOutputTokens: o.maxOutputTokens });
  session.say(text(`Instruction: ${instruction}`), text(CURRENT_OBSERVATION_LABEL), { type: 'image', png: framePng(first) });
  const res: LoopResult = { stopped: false, endReason: 'decisions', actions: 0, ledger, goals: { set: 0, verified: 0, revisions: 0, compressions: 0 }, routes: [], problems: [], context: null };
  const beforeTurn = async (s: Session) => pruneImages(s.messages, o.imageWindow ?? NATIVE_IMAGE_WINDOW);
  const isFinal = (call: ToolCall, out: ToolResult) => call.name === 'stop' && !out.isError;
  let idle = 0;
  for (;;) {
    const left = o.maxDecisions - ledger.decisions.length;
    const hop = await session.hop(tools, { maxTurns: Math.max(0, left), budget: null, beforeTurn, isFinal });
    // the decision cap is checked before the step budget, as a turn-by-turn loop would
    if (ledger.decisions.length >= o.maxDecisions && hop.end !== 'final-call' && hop.end !== 'yield') break;
    if (hop.end === 'steps-exhausted' || hop.end === 'terminated') {
      res.endReason = 'budget';
      break;
    }
    if (hop.end === 'final-call') {
      res.stopped = true;
      res.endReason = 'stop';
      break;
    }
    if (hop.end !== 'yield') break;
    const last = session.messages[session.messages.length - 1];
    res.problems.push(`native agent ended its turn without a tool call: ${last.role === 'assistant' ? last.text.slice(0, 120) : ''}`);
    // a hop of more than one turn had tool calls before this silence
    idle = hop.turns > 1 ? 1 : idle + 1;
    if (idle >= 3) break;
    session.say(text(CONTINUE_NUDGE));
  }
  res.actions = tools.budget.used;
  return res;
}
