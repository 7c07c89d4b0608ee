/**
 * What every state of the scripted navigation agent reads: the oracle and the agent's settings
 * (`AgentContext`), the request in hand (`Turn`), and what a state answers (`Reply`).
 */
import type { FrontierFinder } from '../../mapping/index.js';
import type { CoarseAction, Navigator } from '../../navigator/index.js';
import { textOf, type Message, type ModelRequest, type ToolResultMessage } from '../../models/index.js';
import type { ImageGoalMatcher } from '../image-goal-matcher.js';
import type { TaskState } from './task-state.js';

export interface NavigationOracle {
  navigator: Navigator;
  /** instance ids that satisfy the current goal (privileged: ground-truth perception) */
  goalInstanceIds(): readonly number[];
  /** a short name for the goal, for handovers */
  goalLabel(): string;
}

export interface AgentContext {
  readonly oracle: NavigationOracle;
  readonly frontiers: FrontierFinder;
  /** distance (m) from the seen goal surface at which the agent claims success */
  readonly closeEnough: number;
  /** coarse actions per step call while travelling */
  readonly perStep: number;
  readonly imageGoals: ImageGoalMatcher | null;
  /** tool calls made so far (names the marks) */
  readonly calls: number;
}

/** One tool call, or text with no call (which ends the session's turn). */
export type Reply = { tool: string; args: Record<string, unknown> } | { say: string };

export const call = (tool: string, args: Record<string, unknown>): Reply => ({ tool, args });
export const say = (text: string): Reply => ({ say: text });
export const step = (actions: CoarseAction[]): Reply => call('step', { actions });

/** A state answers the turn, or returns null to hand it to the next state. */
export type StateResult = Reply | null | Promise<Reply | null>;

export interface Turn {
  messages: Message[];
  last: Message | undefined;
  /** the last message's text when the user sent it */
  prompt: string;
  tools: ReadonlySet<string>;
  /** the handover path this session must write, if it names one */
  handover: string | undefined;
  task: TaskState;
}

const HANDOVER_RE = /(tasks\/[\w.-]+\/handover\.md)/;

export function readTurn(req: ModelRequest, task: TaskState): Turn {
  const last = req.messages[req.messages.length - 1];
  const allText = req.messages.filter((m) => m.role === 'user').map((m) => textOf(m.content)).join('\n');
  return {
    messages: req.messages,
    last,
    prompt: last && last.role === 'user' ? textOf(last.content) : '',
    tools: new Set(req.tools.map((t) => t.name)),
    // the assigned path is the last one named (an opening lists the previous task's handover first)
    handover: [...allText.matchAll(new RegExp(HANDOVER_RE.source, 'g'))].pop()?.[1],
    task,
  };
}

export function lastCallWas(messages: Message[], name: string): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === 'assistant') return m.toolCalls.some((c) => c.name === name);
  }
  return false;
}

/** The result of `name` when it answers the latest assistant turn. */
export function lastResultOf(messages: Message[], name: string): ToolResultMessage | null {
  const m = messages[messages.length - 1];
  return m?.role === 'tool' && m.name === name ? m : null;
}

/** Whether the latest step result says `re`. */
export function lastStepSaid(messages: Message[], re: RegExp): boolean {
  const m = messages[messages.length - 1];
  return m?.role === 'tool' && m.name === 'step' && re.test(textOf(m.content));
}
