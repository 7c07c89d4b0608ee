/**
 * Builds a model from a spec string (CLI `--agent`, config files):
 *   openai:MODEL                 OpenAI Responses API
 *   openai-chat:MODEL@URL        Chat Completions on an OpenAI-compatible server (vLLM, Ollama)
 *   anthropic:MODEL              Anthropic Messages
 *   scripted                     replays a list of responses (options.script or options.scriptFile)
 *   mock                         offline echo model
 */
import { z } from 'zod';
import { AnthropicModel } from './anthropic.js';
import { OpenAIChatModel } from './openai-chat.js';
import { OpenAIResponsesModel } from './openai-responses.js';
import { MockModel, ScriptedModel, type ScriptedStep } from './scripted.js';
import type { Model } from './types.js';
import { REASONING_EFFORTS, THINKING_BUDGET } from './choices.js';
import { HttpUrl, MODEL_SPEC_FORMS, type ModelSpec, ModelSpecSchema, parseModelSpec, type SpecParse } from './model-spec.js';

export { REASONING_EFFORTS };

/** Which providers take which setting: a setting given to a provider without it is refused, not dropped. */
export function modelSettingProblems(spec: string, o: { reasoningEffort?: string; thinkingBudget?: number }): string[] {
  const kind = spec.split(':')[0];
  const out: string[] = [];
  if (o.reasoningEffort !== undefined && kind !== 'openai' && kind !== 'openai-chat')
    out.push(`--reasoning-effort is taken by openai:MODEL and openai-chat:MODEL@URL agents, not '${spec}'`);
  if (o.thinkingBudget !== undefined && kind !== 'anthropic') out.push(`--thinking-budget is taken by anthropic:MODEL agents, not '${spec}'`);
  return out;
}

export { MODEL_SPEC_FORMS, type ModelSpec, ModelSpecSchema, parseModelSpec, type SpecParse };

export const ModelOptionsSchema = z.object({
  apiKey: z.string().min(1).optional(),
  /** overrides the provider's endpoint (openai, anthropic); openai-chat takes its URL from the spec */
  baseURL: HttpUrl.optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().nonnegative().max(10).optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  scriptFile: z.string().min(1).optional(),
  /** reasoning effort: OpenAI Responses `reasoning.effort`, Chat Completions `reasoning_effort` (reasoning models only) */
  reasoningEffort: z.enum(REASONING_EFFORTS).optional(),
  /** Anthropic extended thinking: tokens of thinking per turn (at least 1024, the API's minimum) */
  thinkingBudget: z.number().int().min(THINKING_BUDGET.min).max(THINKING_BUDGET.max).optional(),
});
export type ModelOptions = z.input<typeof ModelOptionsSchema> & { script?: readonly ScriptedStep[] };

/** A hosted service's key, given or from its environment variable; a clear error when neither is set. */
function requireKey(specText: string, given: string | undefined, envKey: string): string {
  const key = given ?? process.env[envKey];
  if (!key) throw new Error(`${specText} needs an API key: set ${envKey} or pass apiKey`);
  return key;
}

export function createModel(specText: string, options: ModelOptions = {}): Model {
  const parsed = parseModelSpec(specText);
  if (!parsed.ok) throw new Error(parsed.error);
  const { script, ...rest } = options;
  const o = ModelOptionsSchema.safeParse(rest);
  if (!o.success) throw new Error(`bad model options: ${o.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const opts = o.data;
  const spec = parsed.spec;
  switch (spec.kind) {
    case 'openai': {
      const apiKey = requireKey(specText, opts.apiKey, 'OPENAI_API_KEY');
      return new OpenAIResponsesModel({
        model: spec.model,
        apiKey,
        baseURL: opts.baseURL,
        timeoutMs: opts.timeoutMs,
        maxRetries: opts.maxRetries,
        reasoningEffort: opts.reasoningEffort,
      });
    }
    case 'openai-chat':
      return new OpenAIChatModel({
        model: spec.model,
        baseURL: spec.baseURL,
        apiKey: opts.apiKey,
        timeoutMs: opts.timeoutMs,
        maxRetries: opts.maxRetries,
        reasoningEffort: opts.reasoningEffort,
      });
    case 'anthropic': {
      const apiKey = requireKey(specText, opts.apiKey, 'ANTHROPIC_API_KEY');
      return new AnthropicModel({
        model: spec.model,
        apiKey,
        baseURL: opts.baseURL,
        timeoutMs: opts.timeoutMs,
        maxRetries: opts.maxRetries,
        maxOutputTokens: opts.maxOutputTokens,
        thinkingBudget: opts.thinkingBudget,
      });
    }
    case 'scripted':
      if (script) return new ScriptedModel(script);
      if (opts.scriptFile) return ScriptedModel.fromFile(opts.scriptFile);
      throw new Error("'scripted' needs a script: pass options.script (a list of responses) or options.scriptFile (a JSON file)");
    case 'mock':
      return new MockModel();
  }
}
