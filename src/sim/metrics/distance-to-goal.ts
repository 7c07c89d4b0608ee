import type { Vec3 } from '../../geometry/index.js';
import type { DistanceOracle, Measure } from './types.js';

/**
 * Geodesic distance from the current position to the goal, the nearest of several goals when the
 * episode has more (habitat's `DistanceToGoal` takes the minimum over goals); at the end this is NE.
 */
export class DistanceToGoal implements Measure {
  readonly name = 'distance_to_goal';
  private d = Infinity;
  private readonly goals: readonly Vec3[];

  constructor(
    goal: Vec3 | readonly Vec3[],
    private readonly oracle: DistanceOracle,
  ) {
    this.goals = typeof goal[0] === 'number' ? [goal as Vec3] : (goal as readonly Vec3[]);
    if (this.goals.length === 0) throw new Error('distance to goal needs at least one goal position');
  }

  private nearest(p: Vec3): number {
    let best = Infinity;
    for (const g of this.goals) best = Math.min(best, this.oracle.geodesic(p, g));
    return best;
  }

  reset(start: Vec3): void {
    this.d = this.nearest(start);
  }

  update(p: Vec3): void {
    this.d = this.nearest(p);
  }

  value(): number {
    return this.d;
  }
}
