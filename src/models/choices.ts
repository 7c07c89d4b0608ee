/**
 * The model layer's light surface: the backbone settings and provider limits a command line names,
 * with no provider behind them, so that a command's flag table reads them without loading an SDK.
 */

export { MODEL_SPEC_FORMS, parseModelSpec } from './model-spec.js';

export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** One provider call's overall deadline when none is given: ten minutes, the reply body and retries included. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** The request timeout's accepted range, seconds (the CLI's `--request-timeout`). */
export const REQUEST_TIMEOUT_S = { min: 1, max: 86_400, default: DEFAULT_REQUEST_TIMEOUT_MS / 1000 } as const;

/** The thinking budget an Anthropic backbone accepts per turn, tokens (`--thinking-budget`). */
export const THINKING_BUDGET = { min: 1024, max: 128_000 } as const;
