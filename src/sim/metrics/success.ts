import type { Vec3 } from '../../geometry/index.js';
import { DistanceToGoal } from './distance-to-goal.js';
import type { DistanceOracle, Measure } from './types.js';

/** VLN-CE success: the agent stopped with distance to goal < radius (3.0 m for R2R-CE). */
export class Success implements Measure {
  readonly name = 'success';
  private readonly dist: DistanceToGoal;
  private stopped = false;

  constructor(
    goal: Vec3 | readonly Vec3[],
    oracle: DistanceOracle,
    readonly radius = 3.0,
  ) {
    this.dist = new DistanceToGoal(goal, oracle);
  }

  reset(start: Vec3): void {
    this.dist.reset(start);
    this.stopped = false;
  }

  update(p: Vec3): void {
    this.dist.update(p);
  }

  /** The agent called STOP here (an episode ended without STOP scores 0). */
  stop(): void {
    this.stopped = true;
  }

  value(): number {
    return this.stopped && this.dist.value() < this.radius ? 1 : 0;
  }
}

/** VLN-CE oracle success: at any point of the episode the distance to goal was < radius. */
export class OracleSuccess implements Measure {
  readonly name = 'oracle_success';
  private readonly dist: DistanceToGoal;
  private hit = false;

  constructor(
    goal: Vec3 | readonly Vec3[],
    oracle: DistanceOracle,
    readonly radius = 3.0,
  ) {
    this.dist = new DistanceToGoal(goal, oracle);
  }

  reset(start: Vec3): void {
    this.dist.reset(start);
    this.hit = this.dist.value() < this.radius;
  }

  update(p: Vec3): void {
    this.dist.update(p);
    this.hit ||= this.dist.value() < this.radius;
  }

  value(): number {
    return this.hit ? 1 : 0;
  }
}
