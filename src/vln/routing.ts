/**
 * Verification-driven routing (paper 003 §3, seed 003 §3.3 and C.3–C.4): the Verify Agent's answer to a
 * verification the Visuomotor Agent requested decides whether the goal advances.
 *  - complete            → advance: the goal is done (compression may run), the Goal Agent sets the next one
 *  - incomplete/uncertain → continue: the feedback joins the history; the Visuomotor Agent reads it
 *                          and either acts on toward the goal or requests a corrective goal
 * A revision ('revise') is never the harness's inference from the feedback: it happens only when the
 * Visuomotor Agent calls request_corrective_goal (loop.ts).
 */
import type { VerifyAgentReply } from '../prompts/index.js';

export type Route = 'continue' | 'revise' | 'advance';

export function routeAfterVerification(v: Pick<VerifyAgentReply, 'status'>): Exclude<Route, 'revise'> {
  return v.status === 'complete' ? 'advance' : 'continue';
}
