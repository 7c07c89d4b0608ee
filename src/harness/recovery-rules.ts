/**
 * The recovery controller's rules (paper 001 §3.3), applied in order; a continue decision returns at once.
 * Confidence is recorded with the decision but is never a threshold. Every signal computed here is
 * read by a rule. The papers also list a "first visit" signal, but their text gives no rule that
 * reads it (Equation 14 is not in the text) and the project's rules (paper 001 §3.3) use none, so it is not
 * computed: a signal that decides nothing would only suggest it does (docs/harness.md).
 */
import { SCOPES, type Scope } from '../memory/index.js';
import type { RecoveryConfig } from './config.js';

export const PROGRESS_AREA_M2 = 1.5;
export const FRAMES_PER_EVIDENCE = 4;

export interface RecoverySignals {
  /** t_a: model turns in the current attempt */
  attemptTurns: number;
  /** ΔA: newly explored area since the previous checkpoint, m² */
  newArea: number;
  /** Δ frames seen by the session since the previous checkpoint */
  newFrames: number;
  /** Δ markers since the previous checkpoint */
  newMarkers: number;
  trackingLost: boolean;
  floorMismatch: boolean;
  previousScope: Scope | null;
  /** n: recoveries already used in this task */
  recoveriesUsed: number;
}

export const evidenceGain = (s: RecoverySignals): number => Math.floor(s.newFrames / FRAMES_PER_EVIDENCE) + s.newMarkers;
export const progressed = (s: RecoverySignals): boolean => s.newArea >= PROGRESS_AREA_M2 || evidenceGain(s) >= 1;

export const rank = (s: Scope): number => SCOPES.indexOf(s);
const atLeast = (s: Scope, floor: Scope): Scope => (rank(s) >= rank(floor) ? s : floor);
const above = (s: Scope): Scope => SCOPES[Math.min(rank(s) + 1, SCOPES.length - 1)];

export interface RecoveryProposal {
  /** the session's requested scope; a fallback trigger proposes `attempt` */
  scope: Scope;
  fallback: boolean;
  confidence: number | null;
}

export type RecoveryDecision = { kind: 'continue'; rule: 1 | 2 | 3; reason: string } | { kind: 'recover'; scope: Scope; rules: number[]; reason: string };

export function decideRecovery(p: RecoveryProposal, s: RecoverySignals, cfg: RecoveryConfig): RecoveryDecision {
  if (s.recoveriesUsed >= cfg.maxRecoveries) return { kind: 'continue', rule: 1, reason: `the task's ${cfg.maxRecoveries} recoveries are used` };
  if (!p.fallback && s.attemptTurns < cfg.minTurns) {
    return { kind: 'continue', rule: 2, reason: `only ${s.attemptTurns} turns into this attempt (at least ${cfg.minTurns} before a recovery)` };
  }
  if (!p.fallback && progressed(s) && p.scope === 'attempt') {
    return { kind: 'continue', rule: 3, reason: 'the attempt is still making progress (new area or new observations since the last check)' };
  }
  let scope = p.scope;
  const rules: number[] = [];
  if (s.floorMismatch) {
    const next = atLeast(scope, 'floor');
    if (next !== scope) rules.push(4);
    scope = next;
  } else if (s.trackingLost) {
    const next = atLeast(scope, 'place');
    if (next !== scope) rules.push(4);
    scope = next;
  }
  if (cfg.maxRecoveries > 1 && s.previousScope !== null && rank(s.previousScope) >= rank(scope)) {
    scope = above(s.previousScope);
    rules.push(5);
  }
  if (rank(scope) > rank(cfg.maxScope)) {
    scope = cfg.maxScope;
    rules.push(6);
  }
  const why = [p.fallback ? 'duration fallback reached' : `requested ${p.scope}`];
  if (rules.includes(4)) why.push(s.floorMismatch ? 'floor mismatch widens to floor' : 'tracking lost widens to place');
  if (rules.includes(5)) why.push(`a previous ${s.previousScope} recovery escalates one rung`);
  if (rules.includes(6)) why.push(`clamped to ${cfg.maxScope}`);
  return { kind: 'recover', scope, rules, reason: why.join('; ') };
}
