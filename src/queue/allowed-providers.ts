/**
 * Where a worker may send its API keys (issue 38). A job names its agent, and with `openai-chat` the
 * agent names a server URL; a worker that took that URL from the job would send its key to whoever
 * wrote the job. So the worker's own configuration (`--providers`) lists the providers it serves: the
 * hosted `openai` and `anthropic` (their endpoints and keys from the worker's environment), and each
 * OpenAI-compatible server by its exact URL. A job for any other is failed for good before a call.
 */
import { z } from 'zod';
import { parseModelSpec } from '../models/index.js';

export interface AllowedProviders {
  openai: boolean;
  anthropic: boolean;
  /** OpenAI-compatible servers, each as a normalised base URL */
  openaiChat: readonly string[];
}

/** A base URL as compared: parsed, without a trailing slash. */
const normalise = (url: string): string => new URL(url).href.replace(/\/+$/, '');

export const DEFAULT_ALLOWED_PROVIDERS: AllowedProviders = Object.freeze({ openai: true, anthropic: true, openaiChat: [] });

const ACCEPTED =
  "a comma-separated list of openai, anthropic and openai-chat=URL (an OpenAI-compatible server's base URL, e.g. openai-chat=http://10.0.0.5:8000/v1)";

/** `--providers openai,anthropic,openai-chat=http://HOST:PORT/v1`. */
export const AllowedProvidersSchema = z
  .string()
  .trim()
  .transform((s, ctx): AllowedProviders => {
    const out = { openai: false, anthropic: false, openaiChat: [] as string[] };
    for (const part of s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      if (part === 'openai' || part === 'anthropic') out[part] = true;
      else if (
        part.startsWith('openai-chat=') &&
        /^https?:\/\/[^\s]+$/.test(part.slice('openai-chat='.length)) &&
        URL.canParse(part.slice('openai-chat='.length))
      )
        out.openaiChat.push(normalise(part.slice('openai-chat='.length)));
      else ctx.addIssue({ code: 'custom', message: `'${part.slice(0, 200)}' is not a provider; give ${ACCEPTED}` });
    }
    if (!out.openai && !out.anthropic && out.openaiChat.length === 0) ctx.addIssue({ code: 'custom', message: `no provider given; give ${ACCEPTED}` });
    return out;
  });

/** The allowed providers in the words of the flag. */
export function describeProviders(a: AllowedProviders): string {
  return [...(a.openai ? ['openai'] : []), ...(a.anthropic ? ['anthropic'] : []), ...a.openaiChat.map((u) => `openai-chat=${u}`)].join(', ') || 'none';
}

/** Why this worker must not run a job's agent (null: it may; offline agents call no provider). */
export function providerRefusal(agent: string, allowed: AllowedProviders): string | null {
  const p = parseModelSpec(agent);
  if (!p.ok) return p.error;
  const spec = p.spec;
  const refuse = (what: string) =>
    `its agent '${agent.slice(0, 200)}' would send this worker's API key to ${what}, which this worker's --providers (${describeProviders(allowed)}) does not name; a worker sends its keys only to the providers of its own configuration`;
  switch (spec.kind) {
    case 'scripted':
    case 'mock':
      return null;
    case 'openai':
    case 'anthropic':
      return allowed[spec.kind] ? null : refuse(spec.kind);
    case 'openai-chat':
      return allowed.openaiChat.includes(normalise(spec.baseURL)) ? null : refuse(normalise(spec.baseURL));
  }
}
