/**
 * The four NavHarness agents as single requests to a model (each a one-turn harness Session): each
 * builds its input from the shared context with the appendix-C prompt of its role, and parses the
 * reply with the role's zod schema.
 * A reply that does not parse never crashes the loop: it becomes a conservative answer (the goal is
 * kept, verification is 'uncertain') with the parse problem recorded.
 */
import { type AssistantMessage, type ContentPart, type Model, type StatedFacts, type ToolCall, text } from '../models/index.js';
import { Session, type SessionEvent } from '../harness/index.js';
import type { Tool } from '../tools/index.js';
import {
  GOAL_AGENT_PROMPT,
  GOAL_AGENT_REPLY_FORMAT,
  GoalAgentReplySchema,
  MEMORY_AGENT_PROMPT,
  MEMORY_AGENT_REPLY_FORMAT,
  CURRENT_OBSERVATION_LABEL,
  VERIFY_AGENT_PROMPT,
  VERIFY_AGENT_REPLY_FORMAT,
  VISUOMOTOR_AGENT_PROMPT,
  VerifyAgentReplySchema,
  historicalObservationLabel,
  initializationPrompt,
  type GoalAgentReply,
  type VerifyAgentReply,
} from '../prompts/index.js';
import type { DecisionLedger, DecisionRole } from './accounting.js';
import { activeGoalText, contextFacts, contextText, imageParts, type ImagePolicy, type InteractionRecord, type VlnContext } from './context.js';
import { VISUOMOTOR_TOOLS } from './stop-tool.js';

export interface AgentCaller {
  model: Model;
  ledger: DecisionLedger;
  policy: ImagePolicy;
  maxOutputTokens?: number;
}

interface AgentRequest {
  system: string;
  content: ContentPart[];
  /** the figures the content states */
  facts: StatedFacts;
  tools: readonly Tool[];
}

/** One request of a role, as a one-turn session: each agent's input is built afresh from the context. */
async function ask(c: AgentCaller, role: DecisionRole, req: AgentRequest): Promise<AssistantMessage> {
  const onEvent = (e: SessionEvent) => {
    if (e.kind === 'turn') c.ledger.add(role, { system: e.request.system, messages: e.request.messages, tools: e.request.tools }, e.usage);
  };
  const session = new Session(role, c.model, req.system, req.tools, { onEvent, maxOutputTokens: c.maxOutputTokens });
  session.tell({ role: 'user', content: req.content, facts: req.facts });
  return session.turn();
}

const system = (ctx: VlnContext, rolePrompt: string, format?: string) =>
  [initializationPrompt(ctx.instruction, ctx.budget), rolePrompt, format].filter(Boolean).join('\n\n');

/** The first JSON object in a reply (models sometimes wrap it in prose or a code fence). */
export function extractJson(reply: string): unknown {
  const start = reply.indexOf('{'),
    end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(reply.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

export async function askGoalAgent(c: AgentCaller, ctx: VlnContext, revision: string | null): Promise<{ reply: GoalAgentReply; problem: string | null }> {
  const ask_ = revision
    ? `The active goal must be revised: ${revision}\nGenerate a corrective goal that fits the current scene; carry the unfinished part of the route forward.`
    : ctx.active
      ? 'The active goal was verified complete. Generate the next goal.'
      : 'Navigation starts now. Generate the first goal.';
  const req: AgentRequest = {
    system: system(ctx, GOAL_AGENT_PROMPT, GOAL_AGENT_REPLY_FORMAT),
    content: [text(contextText(ctx)), ...imageParts(ctx, c.policy), text(ask_)],
    facts: contextFacts(ctx),
    tools: [],
  };
  const r = await ask(c, 'goal', req);
  const parsed = GoalAgentReplySchema.safeParse(extractJson(r.text));
  if (parsed.success) return { reply: parsed.data, problem: null };
  const fallback = ctx.active ?? { goal: `Follow the instruction: ${ctx.instruction}`, question: 'Is the instructed endpoint reached?', final: true };
  return { reply: { goal: fallback.goal, question: fallback.question, final: fallback.final }, problem: `goal reply did not parse: ${r.text.slice(0, 200)}` };
}

/** The Visuomotor Agent's reply: its calls in the order it made them (the loop follows each), and its text. */
export interface VisuomotorChoice {
  calls: ToolCall[];
  text: string;
}

const VISUOMOTOR_ASK =
  'Call step with the next short action sequence toward the active goal, then request_verification to submit its observation and execution record. Call request_corrective_goal when the active goal no longer fits the scene, and stop when you judge the instructed endpoint reached.';

export async function askVisuomotorAgent(c: AgentCaller, ctx: VlnContext): Promise<VisuomotorChoice> {
  const last = ctx.records[ctx.records.length - 1];
  const feedback = last?.verification
    ? `Latest verification feedback: ${last.verification.status}. ${last.verification.evidence} Next step: ${last.verification.nextStep}`
    : 'No verification feedback yet.';
  const notice = ctx.notice ? `\nYour last call was refused: ${ctx.notice}` : '';
  const req: AgentRequest = {
    system: system(ctx, VISUOMOTOR_AGENT_PROMPT),
    content: [text(contextText(ctx)), ...imageParts(ctx, c.policy), text(`${activeGoalText(ctx.active)}\n${feedback}${notice}\n${VISUOMOTOR_ASK}`)],
    facts: contextFacts(ctx),
    tools: VISUOMOTOR_TOOLS,
  };
  const r = await ask(c, 'visuomotor', req);
  return { calls: r.toolCalls, text: r.text };
}

/**
 * C.3: "the original instruction, active goal, paired question, and available observations and
 * execution history" — the whole shared context c⁻ (memory, goal history, every raw record with its
 * earlier feedback) and its images under the image policy, with the record to judge named last.
 */
export async function askVerifyAgent(c: AgentCaller, ctx: VlnContext, latest: InteractionRecord): Promise<{ reply: VerifyAgentReply; problem: string | null }> {
  const req: AgentRequest = {
    system: system(ctx, VERIFY_AGENT_PROMPT, VERIFY_AGENT_REPLY_FORMAT),
    content: [
      text(contextText(ctx)),
      ...imageParts(ctx, c.policy),
      text(`Latest execution record (after action ${latest.actionIndex}):\n${latest.execution}`),
      text('Answer the verification question.'),
    ],
    facts: { ...contextFacts(ctx), step: latest.step },
    tools: [],
  };
  const r = await ask(c, 'verify', req);
  const parsed = VerifyAgentReplySchema.safeParse(extractJson(r.text));
  if (parsed.success) return { reply: parsed.data, problem: null };
  return {
    reply: { evidence: 'The verification reply could not be read.', status: 'uncertain', next_step: 'Re-check the goal against the current view.' },
    problem: `verify reply did not parse: ${r.text.slice(0, 200)}`,
  };
}

/** Memory requests carry at most this many of the completed segment's frames (the newest). */
export const MEMORY_SEGMENT_IMAGES = 20;

/** The segment's frames as attached evidence, oldest first, labelled; the current view is the last one. */
function segmentImages(ctx: VlnContext, segment: InteractionRecord[]): ContentPart[] {
  const seen = new Set<Uint8Array>([ctx.current]);
  const frames = segment.filter((r) => (seen.has(r.frame) ? false : (seen.add(r.frame), true))).slice(-(MEMORY_SEGMENT_IMAGES - 1));
  const parts: ContentPart[] = frames.flatMap((r) => [text(historicalObservationLabel(r.actionIndex)), { type: 'image' as const, png: r.frame }]);
  return [...parts, text(CURRENT_OBSERVATION_LABEL), { type: 'image', png: ctx.current }];
}

/**
 * Compresses the completed goal's raw records into the memory summary (goal-based compression). C.5:
 * "the original instruction, previous memory, newly completed execution records, and the attached
 * visual evidence" — the frames of those records (the newest MEMORY_SEGMENT_IMAGES).
 */
export async function askMemoryAgent(c: AgentCaller, ctx: VlnContext, segment: InteractionRecord[]): Promise<string> {
  const records = segment
    .map(
      (r) =>
        `- [after action ${r.actionIndex}] goal "${r.goal}". ${r.execution.replace(/\n/g, ' ')}${r.verification ? ` Verification: ${r.verification.status}. ${r.verification.evidence}` : ''}`,
    )
    .join('\n');
  const req: AgentRequest = {
    system: system(ctx, MEMORY_AGENT_PROMPT, MEMORY_AGENT_REPLY_FORMAT),
    content: [
      text(
        `Instruction: ${ctx.instruction}\nPrevious memory:\n${ctx.memory.summary || '(empty)'}\n\nNew execution records of the goal just verified complete:\n${records}`,
      ),
      ...segmentImages(ctx, segment),
    ],
    facts: { records: segment.map((r) => r.step) },
    tools: [],
  };
  const r = await ask(c, 'memory', req);
  return r.text.trim();
}
