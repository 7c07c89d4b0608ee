import type { Vec3 } from '../../geometry/index.js';
import type { DistanceOracle, Measure } from './types.js';

/** Geodesic distance from the current position to the goal; at the episode's end this is NE. */
export class DistanceToGoal implements Measure {
  readonly name = 'distance_to_goal';
  private d = Infinity;

  constructor(private readonly goal: Vec3, private readonly oracle: DistanceOracle) {}

  reset(start: Vec3): void {
    this.d = this.oracle.geodesic(start, this.goal);
  }

  update(p: Vec3): void {
    this.d = this.oracle.geodesic(p, this.goal);
  }

  value(): number {
    return this.d;
  }
}
