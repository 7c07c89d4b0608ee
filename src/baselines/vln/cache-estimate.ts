/**
 * An estimate of automatic prompt caching for offline runs, so that the Cache column means something
 * without a provider: like OpenAI's automatic cache, the part of a request that repeats the start of
 * the previous request of the same agent is served from cache, once that prefix reaches 1024 tokens,
 * in 128-token steps. Tokens are estimated as in src/models/scripted.ts (4 characters, 765 per image).
 */
import { IMAGE_TOKEN_ESTIMATE, type ModelRequest, type Usage } from '../../models/index.js';

export const CACHE_MIN_TOKENS = 1024;
export const CACHE_STEP_TOKENS = 128;

type Unit = { kind: 'text'; s: string } | { kind: 'image'; png: Uint8Array };

function units(req: ModelRequest): Unit[] {
  const out: Unit[] = [
    { kind: 'text', s: req.system },
    { kind: 'text', s: JSON.stringify(req.tools) },
  ];
  for (const m of req.messages) {
    if (m.role === 'assistant') out.push({ kind: 'text', s: m.text + m.toolCalls.map((c) => c.name + c.rawArguments).join('') });
    else for (const p of m.content) out.push(p.type === 'text' ? { kind: 'text', s: p.text } : { kind: 'image', png: p.png });
  }
  return out;
}

function sameImage(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Estimated tokens of the longest common prefix of two requests. */
export function commonPrefixTokens(a: Unit[], b: Unit[]): number {
  let chars = 0,
    images = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i],
      y = b[i];
    if (x.kind === 'image' && y.kind === 'image' && sameImage(x.png, y.png)) {
      images++;
      continue;
    }
    if (x.kind === 'text' && y.kind === 'text') {
      if (x.s === y.s) {
        chars += x.s.length;
        continue;
      }
      let k = 0;
      while (k < x.s.length && k < y.s.length && x.s.charCodeAt(k) === y.s.charCodeAt(k)) k++;
      chars += k;
    }
    break;
  }
  return Math.floor(chars / 4) + images * IMAGE_TOKEN_ESTIMATE;
}

export class PrefixCacheEstimate {
  private readonly previous = new Map<string, Unit[]>();

  /** Splits an estimated usage into uncached and cached input for a request of agent `key`. */
  apply(key: string, req: ModelRequest, usage: Usage): Usage {
    const u = units(req);
    const prev = this.previous.get(key);
    this.previous.set(key, u);
    const input = usage.uncachedInput + usage.cachedInput;
    if (!prev) return { uncachedInput: input, cachedInput: 0, output: usage.output };
    const prefix = commonPrefixTokens(prev, u);
    const cached = prefix < CACHE_MIN_TOKENS ? 0 : Math.min(input, Math.floor(prefix / CACHE_STEP_TOKENS) * CACHE_STEP_TOKENS);
    return { uncachedInput: input - cached, cachedInput: cached, output: usage.output };
  }
}
