/**
 * OpenAI Responses API backend. Images returned by a tool travel inside the function_call_output
 * item itself (the Responses API accepts text and image parts there). Reasoning items the API returns
 * are kept opaque on the assistant message and replayed verbatim, as the API expects for tool loops.
 */
import { lazySdkClient, providerLimits, sdkClientOptions, type ServiceOptions } from './client-options.js';
import { acceptReply, tokenCount, withDeadline } from './provider-guard.js';
import type OpenAI from 'openai';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseFunctionCallOutputItemList,
  ResponseInputItem,
  ResponseInputMessageContentList,
  Response as OpenAIResponse,
} from 'openai/resources/responses/responses';
import {
  parseArguments,
  wireParameters,
  pngDataUrl,
  type AssistantMessage,
  type ContentPart,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StopReason,
  type ToolCall,
} from './types.js';

export interface OpenAIClientOptions extends ServiceOptions {
  /** reasoning effort for reasoning models; omitted from the request when undefined */
  reasoningEffort?: 'minimal' | 'low' | 'medium' | 'high';
}

const PROVIDER = 'openai-responses';

function userContent(parts: readonly ContentPart[]): ResponseInputMessageContentList {
  return parts.map((p) =>
    p.type === 'text' ? { type: 'input_text' as const, text: p.text } : { type: 'input_image' as const, image_url: pngDataUrl(p.png), detail: 'auto' as const },
  );
}

function toolOutput(parts: readonly ContentPart[]): ResponseFunctionCallOutputItemList {
  return parts.map((p) =>
    p.type === 'text' ? { type: 'input_text' as const, text: p.text } : { type: 'input_image' as const, image_url: pngDataUrl(p.png), detail: 'auto' as const },
  );
}

export function toResponsesInput(messages: ModelRequest['messages']): ResponseInputItem[] {
  const items: ResponseInputItem[] = [];
  for (const m of messages) {
    if (m.role === 'user') items.push({ role: 'user', content: userContent(m.content) });
    else if (m.role === 'tool') {
      const content = m.isError ? [{ type: 'text' as const, text: 'ERROR: ' }, ...m.content] : m.content;
      items.push({ type: 'function_call_output', call_id: m.callId, output: toolOutput(content) });
    } else {
      if (m.opaque?.provider === PROVIDER) items.push(...(m.opaque.items as ResponseInputItem[]));
      if (m.text) items.push({ role: 'assistant', content: m.text });
      for (const c of m.toolCalls) items.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.rawArguments });
    }
  }
  return items;
}

function fromResponse(r: OpenAIResponse): ModelResponse {
  const toolCalls: ToolCall[] = [];
  const texts: string[] = [];
  const opaque: unknown[] = [];
  for (const item of r.output) {
    if (item.type === 'function_call') {
      toolCalls.push({ id: item.call_id, name: item.name, rawArguments: item.arguments, arguments: parseArguments(item.arguments) });
    } else if (item.type === 'message') {
      for (const c of item.content) if (c.type === 'output_text') texts.push(c.text);
    } else if (item.type === 'reasoning' && item.encrypted_content) {
      // Without server-side storage only encrypted reasoning can be replayed; an id alone would be rejected.
      opaque.push(item);
    }
  }
  const message: AssistantMessage = { role: 'assistant', text: texts.join('\n'), toolCalls };
  if (opaque.length) message.opaque = { provider: PROVIDER, items: opaque };
  const input = tokenCount(r.usage?.input_tokens, 'input_tokens', PROVIDER);
  const cached = tokenCount(r.usage?.input_tokens_details?.cached_tokens, 'input_tokens_details.cached_tokens', PROVIDER);
  const output = tokenCount(r.usage?.output_tokens, 'output_tokens', PROVIDER);
  let stopReason: StopReason = toolCalls.length ? 'tool_use' : 'end_turn';
  if (r.status === 'incomplete') stopReason = r.incomplete_details?.reason === 'max_output_tokens' ? 'max_tokens' : 'other';
  return {
    message,
    // The Responses API counts cached tokens inside input_tokens.
    usage: { uncachedInput: Math.max(0, input - cached), cachedInput: cached, output },
    stopReason,
  };
}

export class OpenAIResponsesModel implements Model {
  readonly tokenSource = 'provider' as const;
  readonly id: string;
  private readonly sdk: () => Promise<OpenAI>;

  constructor(private readonly options: OpenAIClientOptions) {
    this.id = `openai:${options.model}`;
    this.sdk = lazySdkClient('openai', this.id, () => sdkClientOptions(this.options, 'OPENAI_API_KEY'));
  }

  buildRequest(req: ModelRequest): ResponseCreateParamsNonStreaming {
    const body: ResponseCreateParamsNonStreaming = {
      model: this.options.model,
      instructions: req.system,
      input: toResponsesInput(req.messages),
      tools: req.tools.map((t) => ({ type: 'function' as const, name: t.name, description: t.description, parameters: wireParameters(t), strict: false })),
      store: false,
    };
    if (req.maxOutputTokens) body.max_output_tokens = req.maxOutputTokens;
    if (this.options.reasoningEffort) {
      body.reasoning = { effort: this.options.reasoningEffort };
      // Without server-side storage, reasoning items must come back encrypted to be replayable.
      body.include = ['reasoning.encrypted_content'];
    }
    return body;
  }

  async complete(req: ModelRequest): Promise<ModelResponse> {
    const r = await withDeadline(providerLimits(this.options).requestTimeoutMs, req.signal, PROVIDER, async (signal) =>
      (await this.sdk()).responses.create(this.buildRequest(req), { signal }),
    );
    return acceptReply(fromResponse(r), PROVIDER);
  }
}
