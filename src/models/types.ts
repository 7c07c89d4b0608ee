/**
 * One interface for every reasoning backend. A conversation is a system brief, tool definitions and
 * messages whose content mixes text and PNG images; tool results carry text and images too. Each
 * backend maps this onto its own wire format (where an image may go differs per API) and reports
 * usage split into uncached input, cached input and output tokens.
 */

export type ContentPart = { type: 'text'; text: string } | { type: 'image'; png: Uint8Array };

export interface ToolCall {
  /** provider's call id, echoed back in the matching tool result */
  id: string;
  name: string;
  /** parsed JSON arguments (the tool layer validates them); undefined when the JSON did not parse */
  arguments: unknown;
  /** the raw argument text as the model sent it */
  rawArguments: string;
}

/**
 * The figures a message states in its text, as data beside it: an offline agent reads these, never the
 * prose (rewording a prompt must not change what it does). Providers send only the content.
 */
export interface StatedFacts {
  /** the budgets an opening gives this conversation (the turns are this conversation's own) */
  budget?: { steps: number; turns: number };
  /** the task's step counter as a tool result's state line gives it */
  steps?: { used: number; limit: number };
  /** what a step call did (absent on results of other tools); in a request that shows execution records, the latest record's */
  step?: StepFacts;
  /** what the step calls of a list of execution records did, oldest first */
  records?: readonly (StepFacts | undefined)[];
}

export interface StepFacts {
  /** the coarse actions executed, in order (none when the call was refused) */
  executed: readonly string[];
  /** how many of them collided */
  collisions: number;
  /** no further motion: the environment ended the task, or the step budget was spent before the call */
  ended: boolean;
}

export interface UserMessage {
  role: 'user';
  content: ContentPart[];
  facts?: StatedFacts;
}

export interface AssistantMessage {
  role: 'assistant';
  /** visible text (may be empty when the turn is only tool calls) */
  text: string;
  toolCalls: ToolCall[];
  /**
   * Provider items that must be replayed verbatim to the same backend (e.g. reasoning items of the
   * Responses API). Other backends ignore them.
   */
  opaque?: { provider: string; items: unknown[] };
}

export interface ToolResultMessage {
  role: 'tool';
  callId: string;
  name: string;
  content: ContentPart[];
  isError?: boolean;
  facts?: StatedFacts;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object */
  parameters: Record<string, unknown>;
}

export interface ModelRequest {
  /** the standing system brief: the stable prefix together with the tools */
  system: string;
  messages: Message[];
  tools: ToolDefinition[];
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export interface Usage {
  /** input tokens not served from a prompt cache (cache writes count here) */
  uncachedInput: number;
  /** input tokens read from a prompt cache */
  cachedInput: number;
  output: number;
}

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'other';

export interface ModelResponse {
  message: AssistantMessage;
  usage: Usage;
  stopReason: StopReason;
}

export interface Model {
  /** e.g. 'openai:gpt-5', 'anthropic:claude-sonnet-4-5', 'scripted' */
  readonly id: string;
  /**
   * where the usage it reports comes from: the provider's counts, or an estimate (offline agents,
   * 4 characters per token and a fixed cost per image); absent means an estimate
   */
  readonly tokenSource?: TokenSource;
  complete(request: ModelRequest): Promise<ModelResponse>;
}

export type TokenSource = 'provider' | 'estimate';
export const tokenSourceOf = (m: Pick<Model, 'tokenSource'>): TokenSource => m.tokenSource ?? 'estimate';

export const ZERO_USAGE: Usage = Object.freeze({ uncachedInput: 0, cachedInput: 0, output: 0 });

export function addUsage(a: Usage, b: Usage): Usage {
  return { uncachedInput: a.uncachedInput + b.uncachedInput, cachedInput: a.cachedInput + b.cachedInput, output: a.output + b.output };
}

export const text = (t: string): ContentPart => ({ type: 'text', text: t });
export const image = (png: Uint8Array): ContentPart => ({ type: 'image', png });
export const user = (...content: ContentPart[]): UserMessage => ({ role: 'user', content });

export function textOf(parts: readonly ContentPart[]): string {
  return parts
    .filter((p): p is { type: 'text'; text: string } => p.type === 'text')
    .map((p) => p.text)
    .join('\n');
}

export function pngBase64(png: Uint8Array): string {
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
}

export function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${pngBase64(png)}`;
}

/** Parses tool-call argument text; a model's malformed JSON becomes `undefined`, never an exception. */
export function parseArguments(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The parameters schema as sent to a provider: the `$schema` dialect marker (from z.toJSONSchema) is dropped. */
export function wireParameters(def: ToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = def.parameters;
  return rest;
}
