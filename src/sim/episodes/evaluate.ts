/**
 * Scoring helpers that tie episode data to a scene (evaluation only; nothing here reaches the agent):
 * the photograph of an image goal, and the outcome of one GOAT goal from where the body started it,
 * where it closed the task and how far it walked.
 */
import type { Vec3 } from '../../geometry/pose.js';
import { simCameraPose } from '../../geometry/sim-frame.js';
import { goalSuccess, shortestToGoal, type GoalOutcome } from '../metrics/goat.js';
import type { DistanceOracle } from '../metrics/types.js';
import type { Frame, Renderer } from '../render/renderer.js';
import { floorAt, type Scene } from '../scene.js';
import type { GoatGoal, Pose2 } from './schema.js';
import { footprintOf } from './sites.js';

/** The goal photograph of an image goal, rendered from its stored viewpoint (a view into renderer memory). */
export function goalPhotograph(renderer: Renderer, view: Pose2): Frame {
  return renderer.render(simCameraPose(view.position, view.yaw, renderer.camera.cameraHeight));
}

export function goatGoalOutcome(scene: Scene, goal: GoatGoal, start: Vec3, final: Vec3, walked: number, oracle: DistanceOracle): GoalOutcome {
  const instances = goal.instanceIds.map((id) => {
    const o = scene.objects[id - 1];
    if (!o || o.id !== id) throw new Error(`goal names instance ${id}, which scene '${scene.name}' does not have`);
    return footprintOf(o);
  });
  return {
    success: goalSuccess(final, floorAt(scene, final[1]).index, instances, goal.successRadius),
    shortest: shortestToGoal(start, goal.viewpoints, oracle),
    walked,
  };
}
