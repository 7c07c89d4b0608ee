/**
 * Provider errors (issue 19 item 4). The SDKs already retry a failed request a few times; what still
 * fails (an HTTP 500 after those retries, a broken response body, a dropped connection) reaches the
 * harness here. A session's model call is tried again with exponential back-off; when the tries are
 * spent it throws `ModelCallError`, which ends only the acting attempt (the orchestrator records the
 * task as ended by the model failure) or, in consolidation, leaves the previous house notes. The
 * judge and the wake-up do not throw: they degrade as paper 001 §3.4 says for an unparseable reply.
 */
import type { Model, ModelRequest, ModelResponse } from '../models/index.js';

export interface RetryPolicy {
  /** calls in all, the first included */
  tries: number;
  /** the wait before the second call; doubled before each later one */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { tries: 3, baseDelayMs: 2000, maxDelayMs: 30_000 };

const MESSAGE_CHARS = 300;

/** A short, single-line description of a provider error: HTTP status when there is one, then the message. */
export function providerMessage(err: unknown): string {
  const e = err as { status?: unknown; message?: unknown; name?: unknown };
  const status = typeof e?.status === 'number' ? `HTTP ${e.status}: ` : '';
  const own = typeof e?.message === 'string' ? e.message : String(err);
  // the SDKs wrap what their fetch threw ("Connection error."), and fetch wraps the socket's error
  // ("fetch failed"): the innermost causes say what happened (ECONNREFUSED, a refused reply)
  const causes: string[] = [];
  for (let c = (err as { cause?: unknown })?.cause, depth = 0; c && depth < 4; c = (c as { cause?: unknown }).cause, depth++) {
    const m = (c as { message?: unknown }).message;
    if (typeof m === 'string' && m && !own.includes(m)) causes.push(m);
  }
  const msg = causes.length ? `${own} (${causes.join(': ')})` : own;
  const line = `${status}${msg}`.replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS)}…` : line;
}

/** A request the service refused for its content (4xx other than time-out, conflict, rate limit) is not retried. */
function retryable(err: unknown): boolean {
  const status = (err as { status?: unknown })?.status;
  if (typeof status !== 'number') return true;
  return !(status >= 400 && status < 500 && ![408, 409, 429].includes(status));
}

export class ModelCallError extends Error {
  constructor(
    readonly role: string,
    readonly tries: number,
    readonly detail: string,
  ) {
    super(`the ${role} model call failed after ${tries} ${tries === 1 ? 'try' : 'tries'}: ${detail}`);
    this.name = 'ModelCallError';
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `model.complete` with back-off; throws `ModelCallError` naming the role when every try failed. */
export async function completeWithRetry(model: Model, request: ModelRequest, role: string, policy: RetryPolicy = DEFAULT_RETRY): Promise<ModelResponse> {
  const tries = Math.max(1, Math.floor(policy.tries));
  for (let n = 1; ; n++) {
    try {
      return await model.complete(request);
    } catch (err) {
      if (n >= tries || !retryable(err)) throw new ModelCallError(role, n, providerMessage(err));
      await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1)));
    }
  }
}
