/**
 * OpenAI Chat Completions backend for OpenAI-compatible servers (vLLM, Ollama, llama.cpp). A `tool`
 * message can carry only text, so the images a tool returns are sent in a user message right after
 * the tool messages of that turn, each labelled with the call it belongs to.
 */
import { lazySdkClient, providerLimits, sdkClientOptions, type ServiceOptions } from './client-options.js';
import { acceptReply, tokenCount, withDeadline } from './provider-guard.js';
import type OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionContentPart,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import {
  parseArguments,
  wireParameters,
  pngDataUrl,
  textOf,
  type ContentPart,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StopReason,
  type ToolCall,
} from './types.js';

export interface OpenAIChatOptions extends ServiceOptions {
  /** `reasoning_effort` of the request, for servers and models that take it; omitted when undefined */
  reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high';
}

const PROVIDER = 'openai-chat';

function parts(content: readonly ContentPart[]): ChatCompletionContentPart[] {
  return content.map((p) =>
    p.type === 'text' ? { type: 'text' as const, text: p.text } : { type: 'image_url' as const, image_url: { url: pngDataUrl(p.png) } },
  );
}

export function toChatMessages(system: string, messages: ModelRequest['messages']): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [{ role: 'system', content: system }];
  // Images from the current run of tool messages, flushed as one user message when the run ends.
  let pendingImages: ChatCompletionContentPart[] = [];
  const flush = (): void => {
    if (pendingImages.length) out.push({ role: 'user', content: pendingImages });
    pendingImages = [];
  };
  for (const m of messages) {
    if (m.role === 'tool') {
      const images = m.content.filter((p) => p.type === 'image');
      const body = textOf(m.content) || '(no text)';
      const note = images.length ? `\n[${images.length} image(s) from this call follow in the next user message]` : '';
      out.push({ role: 'tool', tool_call_id: m.callId, content: `${m.isError ? 'ERROR: ' : ''}${body}${note}` });
      if (images.length) {
        pendingImages.push({ type: 'text', text: `Images returned by ${m.name} (call ${m.callId}):` }, ...parts(images));
      }
      continue;
    }
    flush();
    if (m.role === 'user') out.push({ role: 'user', content: parts(m.content) });
    else {
      out.push({
        role: 'assistant',
        content: m.text || (m.toolCalls.length ? null : ''),
        ...(m.toolCalls.length
          ? { tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.rawArguments } })) }
          : {}),
      });
    }
  }
  flush();
  return out;
}

function fromCompletion(c: ChatCompletion): ModelResponse {
  const choice = c.choices[0];
  const toolCalls: ToolCall[] = [];
  for (const tc of choice?.message.tool_calls ?? []) {
    if (tc.type !== 'function') continue;
    toolCalls.push({ id: tc.id, name: tc.function.name, rawArguments: tc.function.arguments, arguments: parseArguments(tc.function.arguments) });
  }
  const prompt = tokenCount(c.usage?.prompt_tokens, 'prompt_tokens', PROVIDER);
  const cached = tokenCount(c.usage?.prompt_tokens_details?.cached_tokens, 'prompt_tokens_details.cached_tokens', PROVIDER);
  const output = tokenCount(c.usage?.completion_tokens, 'completion_tokens', PROVIDER);
  const finish = choice?.finish_reason;
  const stopReason: StopReason =
    finish === 'tool_calls' || toolCalls.length ? 'tool_use' : finish === 'length' ? 'max_tokens' : finish === 'stop' ? 'end_turn' : 'other';
  return {
    message: { role: 'assistant', text: choice?.message.content ?? '', toolCalls },
    usage: { uncachedInput: Math.max(0, prompt - cached), cachedInput: cached, output },
    stopReason,
  };
}

export class OpenAIChatModel implements Model {
  readonly tokenSource = 'provider' as const;
  readonly id: string;
  private readonly sdk: () => Promise<OpenAI>;

  constructor(private readonly options: OpenAIChatOptions) {
    this.id = `openai-chat:${options.model}${options.baseURL ? `@${options.baseURL}` : ''}`;
    // Local OpenAI-compatible servers usually ignore the key, but the SDK requires one.
    this.sdk = lazySdkClient('openai', this.id, () => sdkClientOptions(this.options, 'OPENAI_API_KEY', 'local-server'));
  }

  buildRequest(req: ModelRequest): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.options.model,
      messages: toChatMessages(req.system, req.messages),
    };
    if (req.tools.length) {
      body.tools = req.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: wireParameters(t) } }));
    }
    if (req.maxOutputTokens) body.max_tokens = req.maxOutputTokens;
    if (this.options.reasoningEffort) body.reasoning_effort = this.options.reasoningEffort;
    return body;
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const c = await withDeadline(providerLimits(this.options).requestTimeoutMs, req.signal, PROVIDER, async (signal) =>
      (await this.sdk()).chat.completions.create(this.buildRequest(req), { signal }),
    );
    return acceptReply(fromCompletion(c), PROVIDER);
  }
}
