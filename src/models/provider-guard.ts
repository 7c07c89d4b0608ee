/**
 * The boundary with a model provider (issue 38): what a hosted or local service sends back is outside
 * input. Every SDK-backed model goes through these limits, so that a slow, huge or malformed reply ends
 * one model call with a named error instead of holding the run, filling memory or corrupting records:
 *
 * - one deadline per model call (`--request-timeout`), covering the connection, the reply body and the
 *   SDK's own retries and their waits: a body that drips a byte every few seconds cannot hold a run;
 * - a Retry-After (or retry-after-ms) header is honoured only up to `maxRetryAfterS`;
 * - a reply body larger than `maxReplyBytes` is refused while it is read, never kept whole;
 * - the kept parts of a reply (its text and each tool call's arguments) are capped, because they are
 *   sent back with every later turn of the session;
 * - token counts are whole numbers within reason, checked before any arithmetic (a string would be
 *   concatenated by `+`, a negative or fractional count would corrupt the usage records).
 */
import { z } from 'zod';
import { DEFAULT_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_S } from './choices.js';
import type { ModelResponse } from './types.js';

export interface ProviderLimits {
  /** one model call, everything included (connection, reply body, the SDK's retries and waits), ms */
  requestTimeoutMs: number;
  /** the largest reply body accepted, bytes */
  maxReplyBytes: number;
  /** the longest wait a Retry-After header may ask for, seconds */
  maxRetryAfterS: number;
}

export const DEFAULT_PROVIDER_LIMITS: ProviderLimits = Object.freeze({
  requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  maxReplyBytes: 8 * 1024 * 1024,
  maxRetryAfterS: 60,
});

export { REQUEST_TIMEOUT_S };

/** The kept text of one reply and of one tool call's arguments, characters. */
export const MAX_REPLY_TEXT_CHARS = 200_000;
export const MAX_TOOL_ARGUMENT_CHARS = 100_000;
export const MAX_TOOL_CALLS = 64;

/** Tokens one call may report in one field: far above any context window, far below 2^53. */
export const MAX_TOKENS_PER_CALL = 100_000_000;

/** A reply the boundary refused (too large, malformed usage, too slow); the harness treats it as a failed call. */
export class ProviderReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderReplyError';
  }
}

const TokenCount = z.number().int().min(0).max(MAX_TOKENS_PER_CALL);

/**
 * One token count of a reply's usage: absent (undefined or null) reads as 0, as the providers omit
 * fields they do not count; anything else must be a whole number from 0 to `MAX_TOKENS_PER_CALL`.
 */
export function tokenCount(value: unknown, field: string, provider: string): number {
  if (value === undefined || value === null) return 0;
  const r = TokenCount.safeParse(value);
  if (r.success) return r.data;
  const shown = JSON.stringify(value)?.slice(0, 40) ?? String(value);
  throw new ProviderReplyError(
    `${provider} reply refused: usage.${field} is ${shown}; expected a whole number of tokens from 0 to ${MAX_TOKENS_PER_CALL.toLocaleString('en-US')}`,
  );
}

/** The reply's kept parts within their caps, or a `ProviderReplyError` naming the part. */
export function acceptReply(r: ModelResponse, provider: string): ModelResponse {
  const m = r.message;
  if (m.text.length > MAX_REPLY_TEXT_CHARS)
    throw new ProviderReplyError(
      `${provider} reply refused: its text holds ${m.text.length.toLocaleString('en-US')} characters; at most ${MAX_REPLY_TEXT_CHARS.toLocaleString('en-US')} are accepted`,
    );
  if (m.toolCalls.length > MAX_TOOL_CALLS)
    throw new ProviderReplyError(`${provider} reply refused: ${m.toolCalls.length} tool calls; at most ${MAX_TOOL_CALLS} are accepted`);
  for (const c of m.toolCalls) {
    if (c.rawArguments.length > MAX_TOOL_ARGUMENT_CHARS)
      throw new ProviderReplyError(
        `${provider} reply refused: the arguments of tool call '${c.name.slice(0, 64)}' hold ${c.rawArguments.length.toLocaleString('en-US')} characters; at most ${MAX_TOOL_ARGUMENT_CHARS.toLocaleString('en-US')} are accepted`,
      );
  }
  return r;
}

/** A Retry-After value in milliseconds (seconds, or an HTTP date), or null when unreadable. */
function retryAfterMs(h: Headers): number | null {
  const ms = h.get('retry-after-ms');
  if (ms !== null && Number.isFinite(parseFloat(ms))) return parseFloat(ms);
  const v = h.get('retry-after');
  if (v === null) return null;
  const s = parseFloat(v);
  if (Number.isFinite(s)) return s * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? at - Date.now() : null;
}

/** The response's headers with a Retry-After over the cap brought down to it (the SDKs obey it as given). */
function cappedHeaders(h: Headers, maxS: number): Headers {
  const wait = retryAfterMs(h);
  if (wait === null || wait <= maxS * 1000) return h;
  const out = new Headers(h);
  out.delete('retry-after-ms');
  out.set('retry-after', String(maxS));
  return out;
}

/** The body read whole, refused as soon as it passes `max` bytes. */
async function boundedBody(res: Response, max: number, url: string): Promise<Uint8Array<ArrayBuffer>> {
  const tooLarge = (n: string) =>
    new ProviderReplyError(`the reply from ${url} is larger than ${max.toLocaleString('en-US')} bytes (${n}); refused without keeping it`);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(`content-length ${declared.toLocaleString('en-US')}`);
  }
  if (!res.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`${total.toLocaleString('en-US')} read so far`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * A `fetch` for the SDK clients: the reply body is read inside the call (so the SDK's own timeout,
 * which stops at the headers, covers the body too), with the size cap, and a Retry-After over the cap
 * is brought down to it.
 */
export function guardedFetch(limits: ProviderLimits): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = await boundedBody(res, limits.maxReplyBytes, new URL(url).origin);
    const empty = res.status === 204 || res.status === 304;
    return new Response(empty ? null : body, { status: res.status, statusText: res.statusText, headers: cappedHeaders(res.headers, limits.maxRetryAfterS) });
  };
}

/**
 * Runs `call` with a signal that aborts after `ms` (or when `outer` aborts) and rejects at the deadline
 * even if the call does not notice the abort (an SDK sleeping before a retry). A refusal of this
 * boundary that the SDK wrapped is rethrown as itself.
 */
export async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, provider: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctl = new AbortController();
  const onOuter = () => ctl.abort(outer?.reason);
  if (outer?.aborted) ctl.abort(outer.reason);
  else outer?.addEventListener('abort', onOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new ProviderReplyError(
        `the ${provider} model call took longer than the request timeout of ${ms / 1000} s (--request-timeout; it counts the reply body and the SDK's retries)`,
      );
      ctl.abort(e);
      reject(e);
    }, ms);
  });
  try {
    return await Promise.race([call(ctl.signal), deadline]);
  } catch (err) {
    // the SDKs wrap what their fetch threw as a bare "Connection error.": the refusal says what happened
    const cause = (err as { cause?: unknown })?.cause;
    throw cause instanceof ProviderReplyError ? cause : err;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}
