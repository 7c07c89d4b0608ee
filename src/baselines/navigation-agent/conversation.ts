/** Reading the conversation the way a model would, and building the agent's replies. */
import {
  estimateUsage,
  textOf,
  type Message,
  type ModelRequest,
  type ModelResponse,
  type StepFacts,
  type ToolCall,
  type ToolResultMessage,
} from '../../models/index.js';

const HANDOVER_RE = /(tasks\/[\w.-]+\/handover\.md)/g;
const RECOVERY_RE = /(tasks\/[\w.-]+\/recovery-\d+\.json)/;

export class Turn {
  readonly last: Message | undefined;
  readonly prompt: string;
  readonly tools: Set<string>;

  constructor(readonly req: ModelRequest) {
    this.last = req.messages[req.messages.length - 1];
    this.prompt = this.last && this.last.role === 'user' ? textOf(this.last.content) : '';
    this.tools = new Set(req.tools.map((t) => t.name));
  }

  /** The task number of the latest opening ("Task N."), for telling tasks apart. */
  taskKey(): string {
    for (let i = this.req.messages.length - 1; i >= 0; i--) {
      const m = this.req.messages[i];
      const n = m.role === 'user' ? textOf(m.content).match(/Task (\d+)\./) : null;
      if (n) return n[1];
    }
    return '?';
  }

  /** The handover path assigned to this task (the last one named: an opening lists the previous one first). */
  handoverPath(): string | undefined {
    const all = this.req.messages
      .filter((m) => m.role === 'user')
      .map((m) => textOf(m.content))
      .join('\n');
    return [...all.matchAll(HANDOVER_RE)].pop()?.[1];
  }

  /** The opening asks for an ordinary summary of the task instead of the structured handover (an ablation). */
  wantsSummary(): boolean {
    const first = this.req.messages.find((m) => m.role === 'user');
    return /write a summary of this task/i.test(first ? textOf(first.content) : '');
  }

  recoveryPath(): string | undefined {
    return this.prompt.match(RECOVERY_RE)?.[1];
  }

  /** Files the opening asks to read before moving. */
  filesToRead(): string[] {
    const first = this.req.messages.find((m) => m.role === 'user');
    const text = first ? textOf(first.content) : '';
    const block = text.split('Read these files before moving:')[1]?.split('\n\n')[0] ?? '';
    return [...block.matchAll(/^\s*[-•*]\s*(\S+)/gm)].map((m) => m[1]);
  }

  lastCallWas(name: string): boolean {
    for (let i = this.req.messages.length - 1; i >= 0; i--) {
      const m = this.req.messages[i];
      if (m.role === 'assistant') return m.toolCalls.some((c) => c.name === name);
    }
    return false;
  }

  /** The latest result of `name` since the last assistant turn. */
  result(name: string): ToolResultMessage | null {
    for (let i = this.req.messages.length - 1; i >= 0; i--) {
      const m = this.req.messages[i];
      if (m.role === 'assistant') return null;
      if (m.role === 'tool' && m.name === name) return m;
    }
    return null;
  }

  /** Text of the latest result of `name` since the last assistant turn. */
  resultOf(name: string): string | null {
    const m = this.result(name);
    return m ? textOf(m.content) : null;
  }

  /** Every result of the last turn's calls of `name`, with the path each call gave (in call order). */
  resultsOf(name: string): [string, string][] {
    const msgs = this.req.messages;
    let last = msgs.length - 1;
    while (last >= 0 && msgs[last].role !== 'assistant') last--;
    const m = msgs[last];
    if (!m || m.role !== 'assistant') return [];
    const results = msgs.slice(last + 1);
    return m.toolCalls.flatMap((c) => {
      const r = c.name === name ? results.find((x) => x.role === 'tool' && x.callId === c.id && !x.isError) : undefined;
      return r && r.role === 'tool' ? [[String((c.arguments as { path?: unknown })?.path ?? ''), textOf(r.content)] as [string, string]] : [];
    });
  }

  /** What the latest step call did (since the last assistant turn), as its result states it. */
  private stepFacts(): StepFacts | undefined {
    return this.result('step')?.facts?.step;
  }

  collided(): boolean {
    return (this.stepFacts()?.collisions ?? 0) > 0;
  }

  /** No further motion: the step budget was spent or the environment ended the task. */
  stepsOver(): boolean {
    return this.stepFacts()?.ended === true;
  }

  /** The step counter and budget, from the latest tool result that states them (null before any). */
  steps(): { used: number; limit: number } | null {
    for (let i = this.req.messages.length - 1; i >= 0; i--) {
      const m = this.req.messages[i];
      const s = m.role === 'tool' ? m.facts?.steps : undefined;
      if (s) return s;
    }
    return null;
  }

  /** Model turns used so far in this conversation. */
  turnsUsed(): number {
    return this.req.messages.filter((m) => m.role === 'assistant').length;
  }

  /** The turn budget the opening states (none stated: no limit of its own). */
  turnBudget(): number {
    const first = this.req.messages.find((m) => m.role === 'user');
    return first?.role === 'user' ? (first.facts?.budget?.turns ?? Infinity) : Infinity;
  }
}

let callId = 0;

/** One assistant turn with one or more tool calls (a model may call several tools in one turn). */
export function calls(req: ModelRequest, list: { name: string; args: Record<string, unknown> }[]): ModelResponse {
  const toolCalls: ToolCall[] = list.map(({ name, args }) => ({ id: `nav_${++callId}`, name, arguments: args, rawArguments: JSON.stringify(args) }));
  const raw = toolCalls.map((c) => c.rawArguments).join('');
  return { message: { role: 'assistant', text: '', toolCalls }, usage: estimateUsage(req, raw), stopReason: 'tool_use' };
}

export function say(req: ModelRequest, text: string): ModelResponse {
  return { message: { role: 'assistant', text, toolCalls: [] }, usage: estimateUsage(req, text), stopReason: 'end_turn' };
}
