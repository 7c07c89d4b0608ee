/**
 * What the agent is told of a GOAT goal: the category, the description, or the photograph rendered
 * from the goal's stored viewpoint. The photograph is a rendering; the category of an image goal is
 * never named.
 */
import { simCameraPose } from '../geometry/index.js';
import { rgbPng } from '../image/node.js';
import type { Pose2, GoatGoal, Frame, Renderer } from '../sim/index.js';

export interface AgentGoal {
  /** how the goal is given: an object category, a description of one instance, a photograph, or a route instruction to follow (IR2R-CE) */
  kind: 'object' | 'description' | 'image' | 'instruction';
  text: string;
  /** PNG of the goal photograph for image goals */
  image?: Uint8Array;
}

/**
 * The goal photograph of an image goal, rendered from its stored viewpoint with the camera at
 * `cameraHeight` (a view into renderer memory: use it before the next render).
 */
export function goalPhotograph(renderer: Renderer, view: Pose2, cameraHeight = renderer.camera.cameraHeight, pitch = 0): Frame {
  return renderer.render(simCameraPose(view.position, view.yaw, cameraHeight, pitch));
}

export function agentGoalOf(goal: GoatGoal, renderer: Renderer, cameraHeight: number): AgentGoal {
  if (goal.type === 'object') return { kind: 'object', text: goal.category };
  if (goal.type === 'description') return { kind: 'description', text: goal.description };
  // a benchmark's goal camera keeps its height and pitch; the body's renderer gives the field of view
  const frame = goalPhotograph(renderer, goal.view, goal.camera?.heightM ?? cameraHeight, goal.camera?.pitch ?? 0);
  // The text names no category: an image goal is given by the photograph alone.
  return { kind: 'image', text: 'the object in the goal photograph', image: rgbPng(frame) };
}

/** An instruction episode's goal: the route instruction itself, its end the place to stop (IR2R-CE tours through the harness). */
export function instructionGoal(instruction: string): AgentGoal {
  return { kind: 'instruction', text: instruction };
}
