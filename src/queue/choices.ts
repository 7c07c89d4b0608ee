/**
 * The distributed eval's light surface: the Redis URL and the rate limits its command lines take,
 * importing nothing but zod, so that `eval` and `worker` declare their flags without loading BullMQ.
 */
import { z } from 'zod';

export { type RedisTarget, RedisUrlSchema } from './redis-url.js';

export const PROVIDERS = ['openai', 'anthropic', 'openai-chat'] as const;

/** `--rate-limit openai=500,anthropic=50`: model requests per window (a minute unless said otherwise) for each provider. */
export const RateLimitsSchema = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const out: Record<string, number> = {};
    for (const part of s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const m = /^([a-z-]+)=(\d+)$/.exec(part);
      if (!m || !(PROVIDERS as readonly string[]).includes(m[1]) || Number(m[2]) < 1 || Number(m[2]) > 1_000_000) {
        ctx.addIssue({
          code: 'custom',
          message: `'${part}' is not PROVIDER=N with PROVIDER one of ${PROVIDERS.join(', ')} and N requests per window, 1..1000000 (e.g. openai=500,anthropic=50)`,
        });
        return z.NEVER;
      }
      out[m[1]] = Number(m[2]);
    }
    if (Object.keys(out).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'give PROVIDER=N[,PROVIDER=N…], e.g. openai=500' });
      return z.NEVER;
    }
    return out;
  });
export type RateLimits = z.infer<typeof RateLimitsSchema>;
