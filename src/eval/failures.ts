/**
 * Why a task failed, decided by evaluation from privileged evidence (the goal's true footprints, the
 * body's true path, the instance ids of every frame) and never shown to the agent. Each failed task
 * gets one primary class, taken in the order below: the first that explains the failure.
 */
import { z } from 'zod';

export const FAILURE_CLASSES = [
  /** a call to the model provider failed after its retries (unreachable, refused, too slow, a reply refused at the boundary) and ended the task */
  'provider-error',
  /** the agent claimed complete where the goal was not within the success radius */
  'claimed-but-wrong',
  /** the body was within the success radius at some moment but the task did not end there */
  'reached-but-not-claimed',
  /** the tracker lost the pose during the task (a re-anchor or a lost status at the end) */
  'tracking-lost',
  /** no goal instance on the floor the body ended on, and none was ever reached */
  'wrong-floor',
  /** no frame of the task showed the goal */
  'goal-never-seen',
  /** the goal was seen but the robot's map had no route to it when the task ended */
  'route-unreachable-on-map',
  /** seen with a route on the map, but the task's turn or step budget ran out on the way */
  'budget',
  /** seen with a route on the map and budget left, and the agent gave up */
  'seen-but-not-reached',
] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

export const FailureClassSchema = z.enum(FAILURE_CLASSES);

/** What evaluation knows about one task when it ends. */
export interface TaskEvidence {
  success: boolean;
  /** the acting model's calls failed after their retries and ended the task (a `model-error` in its trace) */
  providerError: boolean;
  /** the agent's claim when it closed the task (null: ended without a claim) */
  claim: 'complete' | 'incomplete' | null;
  /** the closest the body came to a goal instance on its floor, metres (null: never on a goal's floor) */
  minDistanceM: number | null;
  successRadiusM: number;
  /** some frame of the task showed the goal (enough valid pixels of a goal instance) */
  seen: boolean;
  /** a goal instance stands on the floor the body ended on */
  goalOnFinalFloor: boolean;
  /** the robot's own map had a route from its estimated pose to the goal at the end (null: not checked) */
  routeOnMap: boolean | null;
  /** tracking was lost at some point of the task */
  trackingLost: boolean;
  /** the task ended because a turn or step budget was spent */
  budgetSpent: boolean;
}

/** The primary failure class of a task, or null for a success. */
export function classifyFailure(e: TaskEvidence): FailureClass | null {
  if (e.success) return null;
  // the agent never had its say: what it saw or where it stood says nothing about the agent
  if (e.providerError) return 'provider-error';
  const reached = e.minDistanceM !== null && e.minDistanceM <= e.successRadiusM + 1e-9;
  if (e.claim === 'complete') return 'claimed-but-wrong';
  if (reached) return 'reached-but-not-claimed';
  if (e.trackingLost) return 'tracking-lost';
  if (!e.goalOnFinalFloor) return 'wrong-floor';
  if (!e.seen) return 'goal-never-seen';
  if (e.routeOnMap === false) return 'route-unreachable-on-map';
  if (e.budgetSpent) return 'budget';
  return 'seen-but-not-reached';
}

/** Counts by class over many tasks, every class present (zero included) so tables line up. */
export function countFailures(classes: readonly (FailureClass | null)[]): Record<FailureClass, number> {
  const out = Object.fromEntries(FAILURE_CLASSES.map((c) => [c, 0])) as Record<FailureClass, number>;
  for (const c of classes) if (c) out[c]++;
  return out;
}

/** Failed tasks by class in words, the most frequent first: "2 goal never seen, 1 budget" (or "none"). */
export function failureSummary(counts: Partial<Record<string, number>> | undefined): string {
  const parts = Object.entries(counts ?? {})
    .filter(([, n]) => (n ?? 0) > 0)
    .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
    .map(([k, n]) => `${n} ${k.replace(/-/g, ' ')}`);
  return parts.length ? parts.join(', ') : 'none';
}

/** Termination reasons that mean a budget ran out (the orchestrator's and the body's wording). */
export function isBudgetEnd(reason: string | null): boolean {
  return reason !== null && /budget/i.test(reason);
}
