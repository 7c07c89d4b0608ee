/**
 * Per-goal evaluation from the simulator's privileged state: success when the final body position is
 * within the goal's radius of a goal instance's footprint on the body's floor (src/sim/metrics/goat),
 * SPL from the navmesh geodesic. These numbers go to evaluation files only.
 */
import type { Vec3 } from '../geometry/pose.js';
import type { EvaluationRecord } from '../memory/schemas.js';
import type { GoatGoal } from '../sim/episodes/schema.js';
import { distanceToFootprint, goalSuccess, shortestToGoal, type Footprint } from '../sim/metrics/goat.js';
import { spl } from '../sim/metrics/spl.js';
import type { DistanceOracle } from '../sim/metrics/types.js';
import { floorAt, objectById, type Scene } from '../sim/scene.js';

export function goalFootprints(scene: Scene, goal: GoatGoal): Footprint[] {
  return goal.instanceIds
    .map((id) => objectById(scene, id))
    .filter((o) => o !== undefined)
    .map((o) => ({ x0: o.min[0], z0: o.min[2], x1: o.max[0], z1: o.max[2], floor: o.floor }));
}

export interface GoalRun {
  taskId: string;
  start: Vec3;
  final: Vec3;
  walked: number;
}

export function evaluateGoal(scene: Scene, oracle: DistanceOracle, goal: GoatGoal, run: GoalRun): EvaluationRecord {
  const fps = goalFootprints(scene, goal);
  const floor = floorAt(scene, run.final[1]).index;
  const success = goalSuccess(run.final, floor, fps, goal.successRadius);
  const shortestRaw = shortestToGoal(run.start, goal.viewpoints, oracle);
  const shortest = Number.isFinite(shortestRaw) ? shortestRaw : null;
  const onFloor = fps.filter((f) => f.floor === floor);
  const dist = onFloor.length ? Math.min(...onFloor.map((f) => distanceToFootprint(run.final, f))) : null;
  return {
    task_id: run.taskId,
    success: success === 1,
    spl: shortest === null ? 0 : spl(success, shortest, run.walked),
    distance_to_goal: dist,
    shortest_path: shortest,
    path_length: run.walked,
  };
}
