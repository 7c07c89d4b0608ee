/**
 * What an instruction episode keeps of its paths for its report: the agent's true path and the
 * reference path (sim frame, metres, to the centimetre), and the two drawn over the navigator's map
 * of the episode. Evaluation only: nothing here reaches an agent.
 */
import type { Vec3 } from '../geometry/index.js';
import { encodePng } from '../image/node.js';
import type { EpisodeWorld, InstructionEpisode } from '../world/index.js';

export interface EpisodePaths {
  /** where the body went (the evaluator's true trajectory), start first */
  agent: Vec3[];
  /** the episode's reference path */
  reference: Vec3[];
}

const cm = (p: readonly number[]): Vec3 => [Math.round(p[0] * 100) / 100, Math.round(p[1] * 100) / 100, Math.round(p[2] * 100) / 100];

export function episodePaths(ep: InstructionEpisode, trajectory: readonly Vec3[]): EpisodePaths {
  return { agent: trajectory.map(cm), reference: ep.referencePath.map(cm) };
}

/**
 * The navigator's map of the floor it ended on, with the agent's path of this episode (`walked`, the
 * true trajectory: in a tour the navigator's trail holds the earlier instructions' too) as the trail
 * and the reference path as the route, ending in a dot at the goal; null when nothing was mapped.
 */
export function pathMapPng(world: EpisodeWorld, ep: InstructionEpisode, walked: readonly Vec3[]): Uint8Array | null {
  if (world.navigator.map.floors().length === 0) return null;
  const onMap = (ps: readonly Vec3[]) => ps.map((p) => world.onMap(p)).filter((p): p is { x: number; z: number } => p !== null);
  return new Uint8Array(encodePng(world.navigator.render({ route: onMap(ep.referencePath), trail: onMap(walked) })));
}
