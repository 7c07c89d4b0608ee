/**
 * The decisions of paper 001 §3.4 as pure functions, so each rule has a table-driven test:
 * whether a close request is checked before STOP, whether a verdict withholds STOP, and how
 * certification obtains its verdict.
 */
import type { StoredVerdict, VerdictLabel } from '../memory/index.js';

export type Claim = 'complete' | 'incomplete';

/** Only the FIRST checked request of a task is checked before STOP; the counter belongs to the task. */
export function prestopCheckDue(enabled: boolean, checkedRequests: number): boolean {
  return enabled && checkedRequests === 0;
}

/** STOP is withheld exactly when the verdict is definite and contradicts the claim; unknown never blocks. */
export function withholdsStop(claim: Claim, verdict: VerdictLabel): boolean {
  return verdict !== 'unknown' && verdict !== claim;
}

export type CertificationPlan = { kind: 'off' } | { kind: 'reuse'; verdict: StoredVerdict } | { kind: 'fresh' };

/**
 * Certification assigns the ledger status (never the score): with certification off nothing is
 * checked; otherwise the pre-stop verdict is reused when the step count has not changed since it was
 * taken, and a fresh check runs on the final evidence when it has.
 */
export function certificationPlan(enabled: boolean, prestop: StoredVerdict | null, stepsNow: number): CertificationPlan {
  if (!enabled) return { kind: 'off' };
  if (prestop && prestop.steps_at_check === stepsNow) return { kind: 'reuse', verdict: prestop };
  return { kind: 'fresh' };
}

export interface BoundaryState {
  closePending: boolean;
  recoveryPending: boolean;
  /** the environment ended the task */
  terminated: boolean;
  stepsLeft: number;
  turnsLeft: number;
  /** the duration fallback threshold T_f is reached in this attempt */
  fallbackDue: boolean;
}

export type BoundaryAction = 'close' | 'environment-ended' | 'steps-exhausted' | 'turns-exhausted' | 'recovery' | 'resume';

/**
 * What the orchestrator does at a hop boundary, in seed 001 §3.1's order: "If the environment has
 * already ended the task, the orchestrator records its outcome. Otherwise, it handles a pending
 * closure request before considering recovery." A pending close then comes before the budgets: a
 * claim made on the last step or turn is still a claim ("Task closure records the outcome …
 * including after budget exhaustion"; the spent budget only removes the chance to act on a veto).
 * Then the budgets, a pending (or fallback) recovery, else the same conversation resumes.
 */
export function boundaryAction(s: BoundaryState): BoundaryAction {
  if (s.terminated) return 'environment-ended';
  if (s.closePending) return 'close';
  if (s.stepsLeft <= 0) return 'steps-exhausted';
  if (s.turnsLeft <= 0) return 'turns-exhausted';
  if (s.recoveryPending || s.fallbackDue) return 'recovery';
  return 'resume';
}
