import type { Vec3 } from '../../geometry/index.js';
import { euclidean, type Measure } from './types.js';

/** Length of the path the agent actually walked: sum of straight steps between positions (VLN-CE). */
export class PathLength implements Measure {
  readonly name = 'path_length';
  private last: Vec3 = [0, 0, 0];
  private total = 0;

  reset(start: Vec3): void {
    this.last = start;
    this.total = 0;
  }

  update(p: Vec3): void {
    this.total += euclidean(this.last, p);
    this.last = p;
  }

  value(): number {
    return this.total;
  }
}
