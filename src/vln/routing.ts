/**
 * Verification-driven routing (SPEC §12): the Verify Agent's answer decides what happens next.
 *  - complete            → advance: the goal is done (compression may run), the Goal Agent sets the next one
 *  - uncertain           → revise: the Goal Agent rewrites the goal; raw history is kept
 *  - incomplete          → continue toward the same goal, unless the advice asks for a corrective
 *                          goal, or the goal has used `maxInteractions` interactions without being
 *                          verified (it no longer fits the scene) → revise
 */
import type { VerifyAgentReply } from '../prompts/index.js';

export type Route = 'continue' | 'revise' | 'advance';

export const DEFAULT_MAX_INTERACTIONS_PER_GOAL = 10;
const ASKS_FOR_REVISION = /\b(revise|revision|corrective goal|new goal|re-?plan|does not fit|no longer fits)\b/i;

export function routeAfterVerification(v: Pick<VerifyAgentReply, 'status' | 'next_step'>, interactionsOnGoal: number, maxInteractions = DEFAULT_MAX_INTERACTIONS_PER_GOAL): Route {
  if (v.status === 'complete') return 'advance';
  if (v.status === 'uncertain') return 'revise';
  if (ASKS_FOR_REVISION.test(v.next_step) || interactionsOnGoal >= maxInteractions) return 'revise';
  return 'continue';
}
