/**
 * The session loop, in one place (the Runner of the OpenAI Agents SDK shape): the model takes a turn,
 * its tool calls run through `callTool`, the results (text and images) go back into the same
 * conversation, and so on until the hop ends. A hop ends when the model yields (a turn without tool
 * calls), a close or recovery request is pending, the environment ended the task, the step budget is
 * spent, the hop's turn allowance is used, or the task's turn budget is spent. The orchestrator
 * decides what happens next; the conversation is never cleared here.
 */
import type { AssistantMessage, ContentPart, Message, Model, Usage } from '../models/types.js';
import { addUsage, ZERO_USAGE } from '../models/types.js';
import { callTool, toolSpecs } from '../tools/registry.js';
import type { Tool } from '../tools/tool.js';
import { stepsLeft, type ToolContext } from '../tools/context.js';
import { turnsLeft, type TurnBudget } from './turns.js';

export type HopEnd = 'yield' | 'close' | 'recovery' | 'terminated' | 'steps-exhausted' | 'hop-turns' | 'turn-budget';

export interface HopResult {
  end: HopEnd;
  turns: number;
  /** camera images the session received from observe/step during the hop (the ΔE frame count) */
  framesSeen: number;
}

export type SessionEvent =
  | { kind: 'turn'; session: string; usage: Usage; toolCalls: string[]; text: string }
  | { kind: 'tool'; session: string; name: string; isError: boolean };

/** Called before each model turn; may rewrite the conversation (single-session compaction). */
export type BeforeTurn = (session: Session) => Promise<void>;

export interface HopOptions {
  /** model turns allowed in this hop */
  maxTurns: number;
  /** the task's turn budget (shared across hops and attempts); null for sessions outside a task budget */
  budget: TurnBudget | null;
  beforeTurn?: BeforeTurn;
  /** run even though a close request is pending (the one-time missing-handover prompt) */
  whileClosePending?: boolean;
}

const FRAME_TOOLS = new Set(['observe', 'step']);

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
    private readonly onEvent: (e: SessionEvent) => void = () => {},
  ) {}

  say(...content: ContentPart[]): void {
    this.messages.push({ role: 'user', content });
  }

  /** One model call with the current tools; the reply is appended to the conversation. */
  async turn(toolsOffered = this.tools): Promise<AssistantMessage> {
    // a snapshot: the conversation grows after the call, the request as sent does not
    const res = await this.model.complete({ system: this.system, messages: [...this.messages], tools: toolSpecs(toolsOffered) });
    this.turns++;
    this.usage = addUsage(this.usage, res.usage);
    this.lastUsage = res.usage;
    this.messages.push(res.message);
    this.onEvent({ kind: 'turn', session: this.name, usage: res.usage, toolCalls: res.message.toolCalls.map((c) => c.name), text: res.message.text });
    return res.message;
  }

  async hop(ctx: ToolContext, opts: HopOptions): Promise<HopResult> {
    let turns = 0;
    let framesSeen = 0;
    const boundary = (): HopEnd | null => {
      if (ctx.closeRequest && !opts.whileClosePending) return 'close';
      if (ctx.recoveryRequest) return 'recovery';
      if (ctx.terminated) return 'terminated';
      if (stepsLeft(ctx) === 0 && this.tools.some((t) => t.name === 'step')) return 'steps-exhausted';
      if (opts.budget && turnsLeft(opts.budget) === 0) return 'turn-budget';
      if (turns >= opts.maxTurns) return 'hop-turns';
      return null;
    };
    for (;;) {
      const pending = boundary();
      if (pending) return { end: pending, turns, framesSeen };
      await opts.beforeTurn?.(this);
      const reply = await this.turn();
      turns++;
      if (opts.budget) opts.budget.used++;
      if (reply.toolCalls.length === 0) return { end: 'yield', turns, framesSeen };
      for (const call of reply.toolCalls) {
        const result = await callTool(this.tools, call.name, call.arguments, ctx);
        if (!result.isError && FRAME_TOOLS.has(call.name)) framesSeen += result.content.filter((c) => c.type === 'image').length;
        this.messages.push({ role: 'tool', callId: call.id, name: call.name, content: result.content, isError: result.isError });
        this.onEvent({ kind: 'tool', session: this.name, name: call.name, isError: result.isError === true });
      }
    }
  }
}
