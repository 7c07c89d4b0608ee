/**
 * Token accounting and cost: C_K = Σ_k (p_u U_k + p_c V_k) over tasks k, for uncached U_k and cached
 * V_k input tokens; prices per million tokens are configurable (output is reported beside it).
 */
import { z } from 'zod';
import type { Usage } from '../models/index.js';

export const PricesSchema = z.strictObject({
  /** p_u: price per million uncached input tokens */
  uncachedInput: z.number().nonnegative().default(0),
  /** p_c: price per million cached input tokens */
  cachedInput: z.number().nonnegative().default(0),
  /** price per million output tokens (reported separately; not part of C_K) */
  output: z.number().nonnegative().default(0),
});
export type Prices = z.infer<typeof PricesSchema>;

/** Whether any price was given: without one there is no cost to show (an estimate is no bill). */
export const pricesGiven = (p: Prices): boolean => p.uncachedInput > 0 || p.cachedInput > 0 || p.output > 0;

export function inputCost(perTask: readonly Usage[], p: Prices): number {
  return perTask.reduce((s, u) => s + (p.uncachedInput * u.uncachedInput + p.cachedInput * u.cachedInput) / 1e6, 0);
}

export function outputCost(perTask: readonly Usage[], p: Prices): number {
  return perTask.reduce((s, u) => s + (p.output * u.output) / 1e6, 0);
}
