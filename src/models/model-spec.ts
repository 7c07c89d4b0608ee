/** A model spec as a command line or a job names one (`openai:MODEL`, `openai-chat:MODEL@URL`, …), checked without loading a provider. */
import { z } from 'zod';

export const MODEL_SPEC_FORMS = ['openai:MODEL', 'openai-chat:MODEL@URL', 'anthropic:MODEL', 'scripted', 'mock'] as const;

const ModelName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/, 'a model name of letters, digits and . _ : / -');

export const HttpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'the server URL must start with http:// or https://');

export const ModelSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('openai'), model: ModelName }),
  z.object({ kind: z.literal('openai-chat'), model: ModelName, baseURL: HttpUrl }),
  z.object({ kind: z.literal('anthropic'), model: ModelName }),
  z.object({ kind: z.literal('scripted') }),
  z.object({ kind: z.literal('mock') }),
]);
export type ModelSpec = z.infer<typeof ModelSpecSchema>;

export type SpecParse = { ok: true; spec: ModelSpec } | { ok: false; error: string };

const accepted = `accepted forms: ${MODEL_SPEC_FORMS.join(', ')}`;

export function parseModelSpec(input: unknown): SpecParse {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: `model spec must be a non-empty string; ${accepted}` };
  const s = input.trim();
  let candidate: unknown;
  if (s === 'scripted' || s === 'mock') candidate = { kind: s };
  else if (s.startsWith('openai-chat:')) {
    const rest = s.slice('openai-chat:'.length);
    const at = rest.indexOf('@');
    if (at < 0) return { ok: false, error: `'${s}' names no server: write openai-chat:MODEL@URL, e.g. openai-chat:qwen2.5-vl@http://127.0.0.1:8000/v1` };
    candidate = { kind: 'openai-chat', model: rest.slice(0, at), baseURL: rest.slice(at + 1) };
  } else if (s.startsWith('openai:')) candidate = { kind: 'openai', model: s.slice('openai:'.length) };
  else if (s.startsWith('anthropic:')) candidate = { kind: 'anthropic', model: s.slice('anthropic:'.length) };
  else return { ok: false, error: `unknown model spec '${s}'; ${accepted}` };
  const r = ModelSpecSchema.safeParse(candidate);
  if (!r.success)
    return { ok: false, error: `bad model spec '${s}': ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}; ${accepted}` };
  return { ok: true, spec: r.data };
}
