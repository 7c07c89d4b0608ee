import { describe, expect, it } from 'vitest';
import { boundaryAction, certificationPlan, prestopCheckDue, withholdsStop, type BoundaryState } from '../../src/harness/closure-rules.js';
import type { StoredVerdict } from '../../src/memory/schemas.js';

const verdict = (v: StoredVerdict['verdict'], steps: number): StoredVerdict => ({
  verdict: v,
  evidence: 'e',
  searched_places: [],
  confidence: 0.5,
  check: 'prestop',
  steps_at_check: steps,
});

describe('paper 001 §3.4 pre-stop verification: only the first checked request of a task is checked', () => {
  it.each([
    { enabled: true, checked: 0, due: true },
    { enabled: true, checked: 1, due: false },
    { enabled: true, checked: 3, due: false },
    { enabled: false, checked: 0, due: false },
  ])('enabled=$enabled, checked=$checked → due=$due', ({ enabled, checked, due }) => {
    expect(prestopCheckDue(enabled, checked)).toBe(due);
  });
});

describe('paper 001 §3.4 veto: withheld exactly when the verdict is definite and contradicts the claim', () => {
  it.each([
    { claim: 'complete', verdict: 'incomplete', withheld: true },
    { claim: 'incomplete', verdict: 'complete', withheld: true },
    { claim: 'complete', verdict: 'complete', withheld: false },
    { claim: 'incomplete', verdict: 'incomplete', withheld: false },
    { claim: 'complete', verdict: 'unknown', withheld: false },
    { claim: 'incomplete', verdict: 'unknown', withheld: false },
  ] as const)('claim $claim, verdict $verdict → withheld $withheld', ({ claim, verdict, withheld }) => {
    expect(withholdsStop(claim, verdict)).toBe(withheld);
  });
});

describe('paper 001 §3.4 certification: reuse the pre-stop verdict when the step count is unchanged', () => {
  it.each([
    { enabled: false, prestop: verdict('complete', 10), steps: 10, kind: 'off' },
    { enabled: true, prestop: null, steps: 10, kind: 'fresh' },
    { enabled: true, prestop: verdict('complete', 10), steps: 10, kind: 'reuse' },
    { enabled: true, prestop: verdict('incomplete', 10), steps: 10, kind: 'reuse' },
    { enabled: true, prestop: verdict('complete', 10), steps: 14, kind: 'fresh' },
  ])('enabled=$enabled steps=$steps → $kind', ({ enabled, prestop, steps, kind }) => {
    const plan = certificationPlan(enabled, prestop, steps);
    expect(plan.kind).toBe(kind);
    if (plan.kind === 'reuse') expect(plan.verdict).toBe(prestop);
  });
});

describe('seed 001 §3.1 hop boundary: environment end, then close, budgets, recovery; else resume', () => {
  const base: BoundaryState = { closePending: false, recoveryPending: false, terminated: false, stepsLeft: 10, turnsLeft: 10, fallbackDue: false };
  it.each([
    { s: {}, action: 'resume' },
    { s: { closePending: true, recoveryPending: true }, action: 'close' },
    { s: { closePending: true, terminated: true, stepsLeft: 0 }, action: 'environment-ended' },
    { s: { closePending: true, terminated: true }, action: 'environment-ended' },
    { s: { closePending: true, stepsLeft: 0 }, action: 'close' },
    { s: { closePending: true, turnsLeft: 0, fallbackDue: true }, action: 'close' },
    { s: { terminated: true, recoveryPending: true }, action: 'environment-ended' },
    { s: { stepsLeft: 0, recoveryPending: true }, action: 'steps-exhausted' },
    { s: { turnsLeft: 0, recoveryPending: true }, action: 'turns-exhausted' },
    { s: { recoveryPending: true }, action: 'recovery' },
    { s: { fallbackDue: true }, action: 'recovery' },
  ] as { s: Partial<BoundaryState>; action: string }[])('$s → $action', ({ s, action }) => {
    expect(boundaryAction({ ...base, ...s })).toBe(action);
  });
});
