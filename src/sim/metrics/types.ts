import type { Vec3 } from '../../geometry/index.js';

/** Shortest walkable distance between two points (the navmesh in the simulator; Euclidean in tests). */
export interface DistanceOracle {
  geodesic(a: Vec3, b: Vec3): number;
}

/** A habitat-lab style measure: reset at the episode start, updated after every motion. */
export interface Measure<T = number> {
  readonly name: string;
  reset(start: Vec3): void;
  update(position: Vec3): void;
  value(): T;
}

export const euclidean = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
export const euclideanOracle: DistanceOracle = { geodesic: euclidean };
