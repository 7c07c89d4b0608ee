/**
 * A house's GOAT sequence and where each of its goals starts, worked out before a world opens (the
 * navigator's first frame must be where the task starts). Needs only the scene, its navmesh and a
 * renderer, all freed before returning.
 */
import type { Vec3 } from '../geometry/index.js';
import {
  generateGoatEpisodes,
  type GoatOptions,
  type GoatEpisode,
  type GoatGoal,
  type HouseRef,
  SceneNavMesh,
  Renderer,
  type StartPose,
} from '../sim/index.js';
import { openHouse } from './open-scene.js';

export type { GoatEpisode, GoatGoal, StartPose };

/**
 * Where goal `task` of a sequence starts. Each GOAT goal starts where the previous one ended; the
 * generator chains through the success viewpoint nearest (geodesically) to the previous end point, so
 * the same chain is followed here. The heading is the sequence's start heading.
 */
export function taskStart(seq: GoatEpisode, task: number, geodesic: (a: Vec3, b: Vec3) => number): StartPose {
  let at: Vec3 = seq.start.position;
  for (let k = 0; k < task; k++) {
    let best = seq.goals[k].viewpoints[0];
    let bd = Infinity;
    for (const p of seq.goals[k].viewpoints) {
      const d = geodesic(at, p);
      if (d < bd) [best, bd] = [p, d];
    }
    at = best;
  }
  return { position: [at[0], at[1], at[2]], yaw: seq.start.yaw };
}

export interface GoatPlan {
  episode: GoatEpisode;
  /** where each goal starts when every goal starts where the previous one ended (`taskStart`) */
  starts: StartPose[];
}

/** The GOAT sequence of `house` with seed `seed` (the same as `World.goatSequence`). */
export async function planGoatSequence(house: HouseRef, seed: number, opts: GoatOptions = {}): Promise<GoatPlan> {
  const scene = await openHouse(house);
  const navmesh = await SceneNavMesh.build(scene);
  try {
    const renderer = await Renderer.create(scene);
    try {
      const episode = generateGoatEpisodes(scene, house, navmesh, renderer, 1, seed, opts)[0];
      const starts = episode.goals.map((_, k) => taskStart(episode, k, (a, b) => navmesh.geodesic(a, b)));
      return { episode, starts };
    } finally {
      renderer.dispose();
    }
  } finally {
    navmesh.destroy();
  }
}
