/** What every SDK-backed model takes to reach its service, and how it becomes the SDK's options. */
import { DEFAULT_PROVIDER_LIMITS, guardedFetch, type ProviderLimits } from './provider-guard.js';
import { optionalImport } from '../runtime/index.js';

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

type SdkOptions = ReturnType<typeof sdkClientOptions>;

/**
 * The SDK client, made at the first request: the SDKs are optional dependencies, so a model that is
 * never called never needs its package, and the key is read from the environment only then.
 */
export function lazySdkClient<T>(pkg: string, modelId: string, options: () => SdkOptions): () => Promise<T> {
  let client: Promise<T> | null = null;
  return () => (client ??= optionalImport<{ default: new (o: SdkOptions) => T }>(pkg, `the model ${modelId}`).then((m) => new m.default(options())));
}
