/**
 * The session loop, in one place (the Runner of the OpenAI Agents SDK shape): the model takes a turn,
 * its tool calls run through `callTool`, the results (text and images) go back into the same
 * conversation, and so on until the hop ends. A hop ends when the model yields (a turn without tool
 * calls), a close or recovery request is pending, the environment ended the task, the step budget is
 * spent, the hop's turn allowance is used, the task's turn budget is spent, or a tool call the
 * caller names as final (VLN's STOP) succeeded. The orchestrator, the VLN native agent, the
 * consolidation session and the exploration benches all run their conversations through this loop;
 * the caller decides what happens next, and the conversation is never cleared here.
 */
import {
  type AssistantMessage,
  type ContentPart,
  type Message,
  type Model,
  type ModelRequest,
  type ToolCall,
  type Usage,
  type UserMessage,
  addUsage,
  text,
  ZERO_USAGE,
} from '../models/index.js';
import { remaining, type Budget, stepsLeft, type ToolContext, callTool, toolSpecs, type Tool, type ToolResult } from '../tools/index.js';
import { completeWithRetry, DEFAULT_RETRY, type RetryPolicy } from './model-call.js';

export type HopEnd = 'yield' | 'close' | 'recovery' | 'terminated' | 'steps-exhausted' | 'hop-turns' | 'turn-budget' | 'final-call';

export interface HopResult {
  end: HopEnd;
  turns: number;
  /** camera images the session received from observe/step during the hop (the ΔE frame count) */
  framesSeen: number;
}

export type SessionEvent =
  | { kind: 'turn'; session: string; usage: Usage; toolCalls: string[]; text: string; request: ModelRequest }
  | { kind: 'tool'; session: string; name: string; isError: boolean };

/**
 * A backend that takes whole hops rather than single turns: a coding-agent process driving the
 * session's tools over MCP (`--agent command:…`). It appends the calls it served to the session's
 * conversation, counts each call as a turn, and ends the hop by the same conditions as the loop.
 */
export interface ExternalHops {
  hop(session: Session, ctx: ToolContext, opts: HopOptions): Promise<HopResult>;
}

/** Called before each model turn; may rewrite the conversation (single-session compaction). */
export type BeforeTurn = (session: Session) => Promise<void>;

export interface HopOptions {
  /** model turns allowed in this hop */
  maxTurns: number;
  /** the task's turn budget (shared across hops and attempts); null for sessions outside a task budget */
  budget: Budget | null;
  beforeTurn?: BeforeTurn;
  /** run even though a close request is pending (the one-time missing-handover prompt) */
  whileClosePending?: boolean;
  /** a call after which the hop ends ('final-call'); later calls of the same turn are not executed */
  isFinal?: (call: ToolCall, result: ToolResult) => boolean;
  /** end when the step budget is spent (default); false lets an agent that has the step tool close on its own */
  endWhenStepsSpent?: boolean;
}

export interface SessionOptions {
  onEvent?: (e: SessionEvent) => void;
  /** sent with every request when set */
  maxOutputTokens?: number;
  /** how a failed model call is tried again before the turn throws ModelCallError */
  retry?: RetryPolicy;
  /** hops are run by this backend instead of the turn loop */
  external?: ExternalHops;
}

/** Why the hop ends now, or null: the conditions every backend's hop ends by. */
export function hopBoundary(session: Pick<Session, 'tools'>, ctx: ToolContext, opts: HopOptions, turns: number): HopEnd | null {
  if (ctx.closeRequest && !opts.whileClosePending) return 'close';
  if (ctx.recoveryRequest) return 'recovery';
  if (ctx.terminated) return 'terminated';
  if (stepsLeft(ctx) === 0 && opts.endWhenStepsSpent !== false && session.tools.some((t) => t.name === 'step')) return 'steps-exhausted';
  if (opts.budget && remaining(opts.budget) === 0) return 'turn-budget';
  if (turns >= opts.maxTurns) return 'hop-turns';
  return null;
}

const NOT_EXECUTED = 'Not executed: the episode has ended.';

const FRAME_TOOLS = new Set(['observe', 'step']);

/** Camera images a call's result gave the session (the ΔE frame count counts observe and step only). */
export const framesOf = (name: string, result: ToolResult): number =>
  !result.isError && FRAME_TOOLS.has(name) ? result.content.filter((c) => c.type === 'image').length : 0;

export class Session {
  messages: Message[] = [];
  usage: Usage = { ...ZERO_USAGE };
  turns = 0;
  /** usage of the most recent model call (for context-size estimates) */
  lastUsage: Usage | null = null;

  constructor(
    readonly name: string,
    readonly model: Model,
    readonly system: string,
    public tools: readonly Tool[],
    private readonly opts: SessionOptions = {},
  ) {}

  say(...content: ContentPart[]): void {
    this.messages.push({ role: 'user', content });
  }

  /** A message whose text states figures (budgets), with them as data beside it. */
  tell(message: UserMessage): void {
    this.messages.push(message);
  }

  /** One model call with the current tools; the reply is appended to the conversation. */
  async turn(toolsOffered = this.tools): Promise<AssistantMessage> {
    // a snapshot: the conversation grows after the call, the request as sent does not
    const request: ModelRequest = { system: this.system, messages: [...this.messages], tools: toolSpecs(toolsOffered) };
    if ('maxOutputTokens' in this.opts) request.maxOutputTokens = this.opts.maxOutputTokens;
    const res = await completeWithRetry(this.model, request, `${this.name} session`, this.opts.retry ?? DEFAULT_RETRY);
    this.turns++;
    this.usage = addUsage(this.usage, res.usage);
    this.lastUsage = res.usage;
    this.messages.push(res.message);
    this.opts.onEvent?.({
      kind: 'turn',
      session: this.name,
      usage: res.usage,
      toolCalls: res.message.toolCalls.map((c) => c.name),
      text: res.message.text,
      request,
    });
    return res.message;
  }

  async hop(ctx: ToolContext, opts: HopOptions): Promise<HopResult> {
    if (this.opts.external) return this.opts.external.hop(this, ctx, opts);
    let turns = 0;
    let framesSeen = 0;
    const boundary = (): HopEnd | null => hopBoundary(this, ctx, opts, turns);
    for (;;) {
      const pending = boundary();
      if (pending) return { end: pending, turns, framesSeen };
      await opts.beforeTurn?.(this);
      const reply = await this.turn();
      turns++;
      if (opts.budget) opts.budget.used++;
      if (reply.toolCalls.length === 0) return { end: 'yield', turns, framesSeen };
      const calls = await this.runCalls(reply.toolCalls, ctx, opts.isFinal);
      framesSeen += calls.framesSeen;
      if (calls.final) return { end: 'final-call', turns, framesSeen };
    }
  }

  /** Runs one turn's tool calls in order; the results go back into the conversation. */
  private async runCalls(calls: readonly ToolCall[], ctx: ToolContext, isFinal: HopOptions['isFinal']): Promise<{ framesSeen: number; final: boolean }> {
    let framesSeen = 0;
    let final = false;
    for (const call of calls) {
      if (final) {
        this.messages.push({ role: 'tool', callId: call.id, name: call.name, content: [text(NOT_EXECUTED)], isError: true });
        continue;
      }
      const result = await callTool(this.tools, call.name, call.arguments, ctx);
      framesSeen += framesOf(call.name, result);
      this.messages.push({
        role: 'tool',
        callId: call.id,
        name: call.name,
        content: result.content,
        isError: result.isError,
        ...(result.facts && { facts: result.facts }),
      });
      this.opts.onEvent?.({ kind: 'tool', session: this.name, name: call.name, isError: result.isError === true });
      final = isFinal?.(call, result) === true;
    }
    return { framesSeen, final };
  }
}
