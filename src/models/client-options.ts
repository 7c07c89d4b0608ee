/** What every SDK-backed model takes to reach its service, and how it becomes the SDK's options. */
import { DEFAULT_PROVIDER_LIMITS, guardedFetch, type ProviderLimits } from './provider-guard.js';

export interface ServiceOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  /** one model call's overall deadline (ms): connection, reply body, the SDK's retries and waits */
  timeoutMs?: number;
  maxRetries?: number;
  /** the reply size and Retry-After caps (provider-guard.ts); the defaults unless given */
  limits?: Partial<Omit<ProviderLimits, 'requestTimeoutMs'>>;
}

/** The limits of one service's calls: the defaults, the given caps and the deadline. */
export function providerLimits(o: ServiceOptions): ProviderLimits {
  return { ...DEFAULT_PROVIDER_LIMITS, ...o.limits, requestTimeoutMs: o.timeoutMs ?? DEFAULT_PROVIDER_LIMITS.requestTimeoutMs };
}

/** The SDK client options (OpenAI and Anthropic share their shape), key from the environment by default. */
export function sdkClientOptions(o: ServiceOptions, envKey: string, fallbackKey?: string) {
  const limits = providerLimits(o);
  return {
    apiKey: o.apiKey ?? process.env[envKey] ?? fallbackKey,
    baseURL: o.baseURL,
    timeout: limits.requestTimeoutMs,
    maxRetries: o.maxRetries ?? 2,
    fetch: guardedFetch(limits),
  };
}
