/**
 * Compaction of the single-session baseline: when the conversation nears the context window, the
 * model summarises it (no tools) and the conversation is replaced by that summary. The size is read
 * from the last model call's usage when there is one, else estimated from characters.
 */
import { type Message, type Model, type Usage, addUsage, text, textOf, ZERO_USAGE, IMAGE_TOKEN_ESTIMATE } from '../models/index.js';
import { completeWithRetry, DEFAULT_RETRY, type RetryPolicy } from './model-call.js';
import type { Session } from './session.js';

export const COMPACTION_REQUEST =
  'The conversation is about to exceed the context window. Summarise it for yourself in under 400 words: the current goal, what you have seen and where, the places you marked, what you have ruled out and why, and what you planned next. Refer to places by name, not coordinates. Reply with the summary only.';

export const COMPACTED_PREFIX = 'Summary of the conversation so far (the earlier messages were compacted to fit the context window):';

export function estimateTokens(system: string, messages: readonly Message[]): number {
  let chars = system.length;
  let images = 0;
  for (const m of messages) {
    if (m.role === 'assistant') chars += m.text.length + m.toolCalls.reduce((s, c) => s + c.rawArguments.length + c.name.length, 0);
    else {
      chars += textOf(m.content).length;
      images += m.content.filter((p) => p.type === 'image').length;
    }
  }
  return Math.ceil(chars / 4) + images * IMAGE_TOKEN_ESTIMATE;
}

export function contextTokens(session: Pick<Session, 'system' | 'messages' | 'lastUsage'>): number {
  const u = session.lastUsage;
  const fromUsage = u ? u.uncachedInput + u.cachedInput + u.output : 0;
  return Math.max(fromUsage, estimateTokens(session.system, session.messages));
}

export class Compactor {
  usage: Usage = { ...ZERO_USAGE };
  compactions = 0;

  constructor(
    readonly window: number,
    readonly threshold: number,
    private readonly model: Model,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  due(session: Session): boolean {
    return contextTokens(session) >= this.window * this.threshold;
  }

  /** Replaces the conversation with the model's own summary when the window is nearly full. */
  readonly beforeTurn = async (session: Session): Promise<void> => {
    if (!this.due(session)) return;
    // the acting model's own call: retried like its turns, and its failure ends the attempt (ModelCallError)
    const request = { system: session.system, messages: [...session.messages, { role: 'user' as const, content: [text(COMPACTION_REQUEST)] }], tools: [] };
    const res = await completeWithRetry(this.model, request, 'compaction', this.retry);
    this.usage = addUsage(this.usage, res.usage);
    session.messages = [{ role: 'user', content: [text(`${COMPACTED_PREFIX}\n${res.message.text.trim()}\n\nContinue the current task.`)] }];
    session.lastUsage = null;
    this.compactions++;
  };
}
