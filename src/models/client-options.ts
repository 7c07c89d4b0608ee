/** What every SDK-backed model takes to reach its service, and how it becomes the SDK's options. */
export interface ServiceOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  /** request timeout (ms) */
  timeoutMs?: number;
  maxRetries?: number;
}

/** The SDK client options (OpenAI and Anthropic share their shape), key from the environment by default. */
export function sdkClientOptions(o: ServiceOptions, envKey: string, fallbackKey?: string) {
  return {
    apiKey: o.apiKey ?? process.env[envKey] ?? fallbackKey,
    baseURL: o.baseURL,
    timeout: o.timeoutMs ?? 600_000,
    maxRetries: o.maxRetries ?? 2,
  };
}
