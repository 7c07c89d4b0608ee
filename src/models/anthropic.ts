/**
 * Anthropic Messages backend. Tool results go back as tool_result blocks that hold text and image
 * blocks. Prompt caching: the stable prefix (tools, then system — Anthropic's prefix order) ends in a
 * cache_control breakpoint on the system block, and a second breakpoint on the newest message lets a
 * growing conversation reuse everything before it.
 */
import { lazySdkClient, providerLimits, sdkClientOptions, type ServiceOptions } from './client-options.js';
import { acceptReply, tokenCount, withDeadline } from './provider-guard.js';
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  ImageBlockParam,
  Message as AnthropicMessage,
  MessageCreateParamsNonStreaming,
  MessageParam,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import {
  parseArguments,
  wireParameters,
  pngBase64,
  type ContentPart,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StopReason,
  type ToolCall,
} from './types.js';

const PROVIDER = 'anthropic';

export interface AnthropicOptions extends ServiceOptions {
  /** default output budget per turn (Anthropic requires max_tokens) */
  maxOutputTokens?: number;
  /** put a cache breakpoint on the newest message as well as on the stable prefix (default true) */
  cacheConversation?: boolean;
  /** extended thinking: tokens the model may think per turn (sent as `thinking`, added to max_tokens) */
  thinkingBudget?: number;
}

const EPHEMERAL = { type: 'ephemeral' as const };

function blocks(content: readonly ContentPart[]): (TextBlockParam | ImageBlockParam)[] {
  return content.map((p) =>
    p.type === 'text'
      ? { type: 'text' as const, text: p.text }
      : { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: pngBase64(p.png) } },
  );
}

/**
 * Maps messages onto alternating user/assistant turns: consecutive tool results (and a user message
 * following them) merge into one user turn, tool_result blocks first as the API requires.
 */
export function toAnthropicMessages(messages: ModelRequest['messages']): MessageParam[] {
  const out: MessageParam[] = [];
  const lastUser = (): ContentBlockParam[] | null => {
    const last = out[out.length - 1];
    return last && last.role === 'user' && Array.isArray(last.content) ? (last.content as ContentBlockParam[]) : null;
  };
  for (const m of messages) {
    if (m.role === 'assistant') {
      // thinking blocks come back first and verbatim, as a tool loop with extended thinking requires
      const content: ContentBlockParam[] = m.opaque?.provider === PROVIDER ? [...(m.opaque.items as ContentBlockParam[])] : [];
      if (m.text) content.push({ type: 'text', text: m.text });
      for (const c of m.toolCalls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: (c.arguments ?? {}) as Record<string, unknown> });
      if (content.length === 0) content.push({ type: 'text', text: '(no output)' });
      out.push({ role: 'assistant', content });
      continue;
    }
    const newBlocks: ContentBlockParam[] =
      m.role === 'tool'
        ? [{ type: 'tool_result', tool_use_id: m.callId, content: blocks(m.content), ...(m.isError ? { is_error: true } : {}) }]
        : blocks(m.content);
    const prev = lastUser();
    if (prev) prev.push(...newBlocks);
    else out.push({ role: 'user', content: newBlocks });
  }
  return out;
}

function fromMessage(msg: AnthropicMessage): ModelResponse {
  const toolCalls: ToolCall[] = [];
  const texts: string[] = [];
  const thinking: unknown[] = [];
  for (const b of msg.content) {
    if (b.type === 'thinking' || b.type === 'redacted_thinking') thinking.push(b);
    else if (b.type === 'text') texts.push(b.text);
    else if (b.type === 'tool_use') {
      const raw = JSON.stringify(b.input ?? {});
      toolCalls.push({ id: b.id, name: b.name, rawArguments: raw, arguments: parseArguments(raw) });
    }
  }
  const u = msg.usage;
  const stop = msg.stop_reason;
  const stopReason: StopReason =
    stop === 'tool_use' ? 'tool_use' : stop === 'end_turn' || stop === 'stop_sequence' ? 'end_turn' : stop === 'max_tokens' ? 'max_tokens' : 'other';
  return {
    message: { role: 'assistant', text: texts.join('\n'), toolCalls, ...(thinking.length ? { opaque: { provider: PROVIDER, items: thinking } } : {}) },
    // input_tokens excludes cache reads and cache writes; writes are billed as (more expensive) uncached input.
    usage: {
      uncachedInput:
        tokenCount(u?.input_tokens, 'input_tokens', PROVIDER) + tokenCount(u?.cache_creation_input_tokens, 'cache_creation_input_tokens', PROVIDER),
      cachedInput: tokenCount(u?.cache_read_input_tokens, 'cache_read_input_tokens', PROVIDER),
      output: tokenCount(u?.output_tokens, 'output_tokens', PROVIDER),
    },
    stopReason,
  };
}

export class AnthropicModel implements Model {
  readonly tokenSource = 'provider' as const;
  readonly id: string;
  private readonly sdk: () => Promise<Anthropic>;

  constructor(private readonly options: AnthropicOptions) {
    this.id = `anthropic:${options.model}`;
    this.sdk = lazySdkClient('@anthropic-ai/sdk', this.id, () => sdkClientOptions(this.options, 'ANTHROPIC_API_KEY'));
  }

  buildRequest(req: ModelRequest): MessageCreateParamsNonStreaming {
    const messages = toAnthropicMessages(req.messages);
    if (this.options.cacheConversation !== false) {
      const last = messages[messages.length - 1];
      if (last && Array.isArray(last.content) && last.content.length) {
        const block = last.content[last.content.length - 1] as { cache_control?: unknown };
        block.cache_control = EPHEMERAL;
      }
    }
    const body: MessageCreateParamsNonStreaming = {
      model: this.options.model,
      // the thinking budget is part of max_tokens, which must exceed it
      max_tokens: (req.maxOutputTokens ?? this.options.maxOutputTokens ?? 4096) + (this.options.thinkingBudget ?? 0),
      system: [{ type: 'text', text: req.system, cache_control: EPHEMERAL }],
      messages,
    };
    if (req.tools.length) {
      body.tools = req.tools.map((t) => ({ name: t.name, description: t.description, input_schema: { type: 'object' as const, ...wireParameters(t) } }));
    }
    if (this.options.thinkingBudget) body.thinking = { type: 'enabled', budget_tokens: this.options.thinkingBudget };
    return body;
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const msg = await withDeadline(providerLimits(this.options).requestTimeoutMs, req.signal, PROVIDER, async (signal) =>
      (await this.sdk()).messages.create(this.buildRequest(req), { signal }),
    );
    return acceptReply(fromMessage(msg), PROVIDER);
  }
}
