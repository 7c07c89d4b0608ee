/**
 * GOAT scoring, the one place that scores a goal and a sequence (evaluation only; nothing here
 * reaches an agent). A goal succeeds only when the agent closed the task, scored at the position
 * where it closed (a budget- or environment-ended task fails even when it ends near the goal), under
 * one of the two published definitions (SuccessDefinition): the papers' 1.0 m of a goal instance's
 * footprint on its floor, or GOAT-Bench's code, a geodesic distance < 0.25 m to the nearest goal view
 * point. SPL uses the navmesh geodesic from where that subtask started to the nearest view point.
 * The per-goal units (success, shortest path, SPL) are the metrics of src/sim/metrics.
 */
import type { Vec3 } from '../geometry/index.js';
import { DEFAULT_SUCCESS, type EvaluationRecord, type SuccessDefinition } from '../memory/index.js';
import {
  type GoatGoal,
  distanceToFootprint,
  goalSuccess,
  shortestToGoal,
  type Footprint,
  spl,
  type DistanceOracle,
  floorAt,
  objectById,
  type Scene,
} from '../sim/index.js';

export function goalFootprints(scene: Scene, goal: GoatGoal): Footprint[] {
  return goal.instanceIds
    .map((id) => objectById(scene, id))
    .filter((o) => o !== undefined)
    .map((o) => ({ x0: o.min[0], z0: o.min[2], x1: o.max[0], z1: o.max[2], floor: o.floor }));
}

/** Where the body ended a goal: success (1 or 0) and the horizontal distance to the nearest goal instance on its floor. */
export function goalReached(scene: Scene, goal: GoatGoal, final: Vec3): { success: number; distance: number | null } {
  const fps = goalFootprints(scene, goal);
  const floor = floorAt(scene, final[1]).index;
  const onFloor = fps.filter((f) => f.floor === floor);
  const distance = onFloor.length ? Math.min(...onFloor.map((f) => distanceToFootprint(final, f))) : null;
  return { success: goalSuccess(final, floor, fps, goal.successRadius), distance };
}

/** GOAT-Bench's `success_distance` to the view points (strict <). */
export const GOAT_BENCH_VIEWPOINT_DISTANCE = 0.25;

/** Success (1 or 0) of a body that closed the task at `final`, under a definition. */
export function closedGoalSuccess(scene: Scene, oracle: DistanceOracle, goal: GoatGoal, final: Vec3, definition: SuccessDefinition): number {
  if (definition === 'papers-1m') return goalReached(scene, goal, final).success;
  return shortestToGoal(final, goal.viewpoints, oracle) < GOAT_BENCH_VIEWPOINT_DISTANCE ? 1 : 0;
}

export interface GoalRun {
  taskId: string;
  /** where this subtask started (the episode start, or where the previous subtask ended) */
  start: Vec3;
  final: Vec3;
  walked: number;
  /** the agent closed the task (close_task honoured); false when a budget or the environment ended it */
  closed: boolean;
}

/** One goal's outcome as the sequence score takes it. */
export interface GoalOutcome {
  success: number;
  /** shortest geodesic from where this goal started to its success region */
  shortest: number;
  /** length the body walked for this goal */
  walked: number;
}

export function goalOutcome(
  scene: Scene,
  oracle: DistanceOracle,
  goal: GoatGoal,
  run: Omit<GoalRun, 'taskId'>,
  definition: SuccessDefinition = DEFAULT_SUCCESS,
): GoalOutcome {
  const success = run.closed ? closedGoalSuccess(scene, oracle, goal, run.final, definition) : 0;
  return { success, shortest: shortestToGoal(run.start, goal.viewpoints, oracle), walked: run.walked };
}

/** A task's evaluation record (the run directory's evaluation-only file). */
export function evaluateGoal(
  scene: Scene,
  oracle: DistanceOracle,
  goal: GoatGoal,
  run: GoalRun,
  definition: SuccessDefinition = DEFAULT_SUCCESS,
): EvaluationRecord {
  const { distance } = goalReached(scene, goal, run.final);
  const success = run.closed ? closedGoalSuccess(scene, oracle, goal, run.final, definition) : 0;
  const shortestRaw = shortestToGoal(run.start, goal.viewpoints, oracle);
  const shortest = Number.isFinite(shortestRaw) ? shortestRaw : null;
  return {
    task_id: run.taskId,
    success: success === 1,
    spl: shortest === null ? 0 : spl(success, shortest, run.walked),
    distance_to_goal: distance,
    shortest_path: shortest,
    path_length: run.walked,
    success_definition: definition,
  };
}

export interface GoatScores {
  /** per-goal success rate over all goals of all sequences */
  sSR: number;
  /** fraction of sequences with every goal successful */
  eSR: number;
  /** mean SPL over all goals */
  spl: number;
  goals: number;
  sequences: number;
}

export function scoreGoat(sequences: readonly (readonly GoalOutcome[])[]): GoatScores {
  let goals = 0,
    succ = 0,
    splSum = 0,
    full = 0;
  for (const seq of sequences) {
    let all = seq.length > 0;
    for (const g of seq) {
      goals++;
      succ += g.success;
      // a goal no route reaches scores SPL 0, as its evaluation record says (evaluateGoal)
      splSum += Number.isFinite(g.shortest) ? spl(g.success, g.shortest, g.walked) : 0;
      if (!g.success) all = false;
    }
    if (all) full++;
  }
  return {
    sSR: goals ? succ / goals : 0,
    eSR: sequences.length ? full / sequences.length : 0,
    spl: goals ? splSum / goals : 0,
    goals,
    sequences: sequences.length,
  };
}

/** One GOAT-Bench subtask's outcome: a goal outcome (success, d_k, L_k) and the subtask's kind. */
export interface GoatBenchSubtaskOutcome extends GoalOutcome {
  kind: 'object' | 'description' | 'image';
}

/** GOAT-Bench's episode metrics (goat_bench/measurements/nav.py), averaged over episodes. */
export interface GoatBenchScores {
  episodes: number;
  subtasks: number;
  /** share of episodes whose every subtask succeeded */
  task_success: number;
  /** mean over episodes of the fraction of subtasks that succeeded */
  partial_success: number;
  /** mean over episodes of Σ_k SPL_k / subtasks, SPL_k = s_k · d_k / max(d_k, L_k) from the subtask's own start */
  composite_spl: number;
  /** success rate of the subtasks of each kind (null when the split has none of that kind) */
  object_success: number | null;
  description_success: number | null;
  image_success: number | null;
}

export function scoreGoatBench(episodes: readonly (readonly GoatBenchSubtaskOutcome[])[]): GoatBenchScores {
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const scored = episodes.filter((e) => e.length > 0);
  const all = scored.flat();
  const kindRate = (k: GoatBenchSubtaskOutcome['kind']) => {
    const xs = all.filter((s) => s.kind === k);
    return xs.length ? mean(xs.map((s) => s.success)) : null;
  };
  return {
    episodes: scored.length,
    subtasks: all.length,
    task_success: mean(scored.map((e) => (e.every((s) => s.success === 1) ? 1 : 0))),
    partial_success: mean(scored.map((e) => mean(e.map((s) => s.success)))),
    composite_spl: mean(scored.map((e) => mean(e.map((s) => (Number.isFinite(s.shortest) ? spl(s.success, s.shortest, s.walked) : 0))))),
    object_success: kindRate('object'),
    description_success: kindRate('description'),
    image_success: kindRate('image'),
  };
}
