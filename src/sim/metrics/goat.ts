import type { Vec3 } from '../../geometry/index.js';
import type { DistanceOracle } from './types.js';

export interface Footprint {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
  floor: number;
}

/** Horizontal distance from a point to a footprint rectangle (0 inside). */
export function distanceToFootprint(p: Vec3, f: Footprint): number {
  const dx = Math.max(f.x0 - p[0], 0, p[0] - f.x1);
  const dz = Math.max(f.z0 - p[2], 0, p[2] - f.z1);
  return Math.hypot(dx, dz);
}

/**
 * A GOAT goal succeeds when the task closes with the body within `radius` (1.0 m) horizontally of the
 * footprint of a goal instance on the body's floor. Object-category goals accept any instance.
 */
export function goalSuccess(final: Vec3, floor: number, instances: readonly Footprint[], radius = 1.0): number {
  // 1e-9 absorbs rounding of a position exactly on the circle
  return instances.some((f) => f.floor === floor && distanceToFootprint(final, f) <= radius + 1e-9) ? 1 : 0;
}

/** Shortest geodesic from `start` to any of the goal's success viewpoints. */
export function shortestToGoal(start: Vec3, viewpoints: readonly Vec3[], oracle: DistanceOracle): number {
  let best = Infinity;
  for (const v of viewpoints) best = Math.min(best, oracle.geodesic(start, v));
  return best;
}
