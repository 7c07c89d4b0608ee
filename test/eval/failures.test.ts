import { describe, expect, it } from 'vitest';
import { classifyFailure, countFailures, FAILURE_CLASSES, failureSummary, isBudgetEnd, type TaskEvidence } from '../../src/eval/failures.js';

const base: TaskEvidence = {
  success: false,
  providerError: false,
  claim: null,
  minDistanceM: 3,
  successRadiusM: 1,
  seen: true,
  goalOnFinalFloor: true,
  routeOnMap: true,
  trackingLost: false,
  budgetSpent: false,
};

describe('classifyFailure', () => {
  it('gives no class to a success', () => {
    expect(classifyFailure({ ...base, success: true, claim: 'complete', minDistanceM: 0.4 })).toBeNull();
  });

  it('blames a provider error first: the agent never had its say (issue 38: it read "goal never seen")', () => {
    expect(classifyFailure({ ...base, providerError: true, seen: false })).toBe('provider-error');
    expect(classifyFailure({ ...base, providerError: true, minDistanceM: 0.5 })).toBe('provider-error');
    expect(classifyFailure({ ...base, providerError: true, success: true, claim: 'complete', minDistanceM: 0.4 })).toBeNull();
  });

  it('blames a wrong complete claim first, whatever else happened', () => {
    expect(classifyFailure({ ...base, claim: 'complete', trackingLost: true, seen: false })).toBe('claimed-but-wrong');
  });

  it('tells reached-but-not-claimed by the closest approach, at the radius inclusive', () => {
    expect(classifyFailure({ ...base, minDistanceM: 1.0 })).toBe('reached-but-not-claimed');
    expect(classifyFailure({ ...base, minDistanceM: 1.01 })).toBe('seen-but-not-reached');
  });

  it('puts tracking loss before floor, sight and route', () => {
    expect(classifyFailure({ ...base, trackingLost: true, seen: false, goalOnFinalFloor: false })).toBe('tracking-lost');
  });

  it('tells a wrong floor from a goal never seen on the right floor', () => {
    expect(classifyFailure({ ...base, goalOnFinalFloor: false, minDistanceM: null })).toBe('wrong-floor');
    expect(classifyFailure({ ...base, seen: false })).toBe('goal-never-seen');
  });

  it('splits seen-not-reached by the map route and the budget', () => {
    expect(classifyFailure({ ...base, routeOnMap: false, budgetSpent: true })).toBe('route-unreachable-on-map');
    expect(classifyFailure({ ...base, budgetSpent: true })).toBe('budget');
    expect(classifyFailure({ ...base, routeOnMap: null })).toBe('seen-but-not-reached');
  });
});

describe('countFailures', () => {
  it('counts every class, zeros included, and skips successes', () => {
    const c = countFailures(['budget', null, 'budget', 'goal-never-seen']);
    expect(Object.keys(c)).toEqual([...FAILURE_CLASSES]);
    expect(c.budget).toBe(2);
    expect(c['goal-never-seen']).toBe(1);
    expect(c['wrong-floor']).toBe(0);
  });
});

describe('isBudgetEnd', () => {
  it('reads the orchestrator and body wording', () => {
    expect(isBudgetEnd('model-turn budget exhausted')).toBe(true);
    expect(isBudgetEnd('step budget exhausted')).toBe(true);
    expect(isBudgetEnd('closed by the agent')).toBe(false);
    expect(isBudgetEnd(null)).toBe(false);
  });
});

describe('failureSummary', () => {
  it('says the classes in words, most frequent first, or none', () => {
    expect(failureSummary({ budget: 1, 'goal-never-seen': 2, 'wrong-floor': 0 })).toBe('2 goal never seen, 1 budget');
    expect(failureSummary({ budget: 0 })).toBe('none');
    expect(failureSummary(undefined)).toBe('none');
  });
});
