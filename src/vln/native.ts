/**
 * The native single-agent baseline ("Codex CLI" row): one tool-calling agent with the route
 * instruction, the action interface and the budget, keeping its own conversation. Seed 003: "Codex
 * CLI retains its native context management" — the harness manages none of it: the conversation
 * grows with every tool result, every image included, until the provider's own context limit (a
 * provider that refuses the request ends the episode as a provider error, like any other).
 */
import { type Model, type ToolCall, text } from '../models/index.js';
import { ModelCallError, Session, type SessionEvent } from '../harness/index.js';
import type { Navigator } from '../navigator/index.js';
import { CURRENT_OBSERVATION_LABEL, nativeSingleAgentPrompt } from '../prompts/index.js';
import { framePng, createToolContext, type ToolResult } from '../tools/index.js';
import { DecisionLedger } from './accounting.js';
import type { LoopOptions, LoopResult } from './loop.js';
import { VLN_TOOLS } from './stop-tool.js';

const CONTINUE_NUDGE = 'Continue: call step with your next actions, or stop if the endpoint is reached.';

export async function runNativeEpisode(model: Model, navigator: Navigator, episodeId: string, instruction: string, o: LoopOptions): Promise<LoopResult> {
  const ledger = new DecisionLedger(episodeId);
  const tools = createToolContext(navigator, null, o.budget, null, { poseInResults: false });
  const first = navigator.lastView ?? (await navigator.observe());
  const onEvent = (e: SessionEvent) => {
    if (e.kind === 'turn') ledger.add('native', e.request, e.usage);
  };
  const session = new Session('native', model, nativeSingleAgentPrompt(instruction, o.budget), VLN_TOOLS, { onEvent, maxOutputTokens: o.maxOutputTokens });
  session.say(text(`Instruction: ${instruction}`), text(CURRENT_OBSERVATION_LABEL), { type: 'image', png: framePng(first) });
  const res: LoopResult = {
    stopped: false,
    endReason: 'decisions',
    actions: 0,
    ledger,
    goals: { set: 0, verified: 0, revisions: 0, compressions: 0 },
    routes: [],
    problems: [],
    context: null,
  };
  const isFinal = (call: ToolCall, out: ToolResult) => call.name === 'stop' && !out.isError;
  let idle = 0;
  for (;;) {
    const left = o.maxDecisions - ledger.decisions.length;
    let hop: Awaited<ReturnType<Session['hop']>>;
    try {
      hop = await session.hop(tools, { maxTurns: Math.max(0, left), budget: null, isFinal });
    } catch (err) {
      // the provider's own limit (a context window it refuses to exceed) ends the episode here
      if (!(err instanceof ModelCallError)) throw err;
      res.endReason = 'provider-error';
      res.problems.push(err.message.slice(0, 400));
      break;
    }
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
