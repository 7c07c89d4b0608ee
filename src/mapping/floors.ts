/**
 * Floor registration (SPEC §3): the map writes to the layer of the floor the body stands on. A new
 * layer opens when the estimated floor height settles more than `newFloorM` from every registered
 * floor; while the height is in transit (stairs) and not settled, nothing is written.
 */
import { z } from 'zod';

export const FloorTrackerOptionsSchema = z.object({
  newFloorM: z.number().positive().default(1.0),
  settleFrames: z.number().int().min(1).default(10),
  settleToleranceM: z.number().positive().default(0.1),
});
export type FloorTrackerOptions = z.input<typeof FloorTrackerOptionsSchema>;

export interface FloorDecision {
  /** index into the registered floors, or null while in transit */
  floor: number | null;
  opened: boolean;
}

export class FloorTracker {
  private readonly opts: z.infer<typeof FloorTrackerOptionsSchema>;
  /** floor heights (up-coordinate of each floor plane), in registration order */
  readonly floors: number[] = [];
  private current: number | null = null;
  private recent: number[] = [];

  constructor(options: FloorTrackerOptions = {}) {
    this.opts = FloorTrackerOptionsSchema.parse(options);
  }

  /** Continues with floors registered earlier (a resumed run), standing on floor `current`. */
  restore(floors: number[], current: number | null): void {
    if (!floors.every(Number.isFinite)) throw new Error('saved floor heights must be finite numbers');
    if (current !== null && !(Number.isInteger(current) && current >= 0 && current < floors.length)) {
      throw new Error(`saved current floor ${current} is not one of the ${floors.length} saved floors`);
    }
    this.floors.splice(0, this.floors.length, ...floors);
    this.current = current;
    this.recent = [];
  }

  /** Feed the floor height implied by the current pose (camera height minus its height above the floor). */
  update(floorUp: number): FloorDecision {
    if (!Number.isFinite(floorUp)) return { floor: this.current, opened: false };
    const { newFloorM, settleFrames, settleToleranceM } = this.opts;
    this.recent.push(floorUp);
    if (this.recent.length > settleFrames) this.recent.shift();
    if (this.floors.length === 0) {
      this.floors.push(floorUp);
      this.current = 0;
      return { floor: 0, opened: true };
    }
    if (this.current !== null && Math.abs(floorUp - this.floors[this.current]) <= newFloorM) return { floor: this.current, opened: false };

    const settled =
      this.recent.length === settleFrames && Math.max(...this.recent) - Math.min(...this.recent) <= settleToleranceM;
    if (!settled) {
      this.current = null;
      return { floor: null, opened: false };
    }
    const mean = this.recent.reduce((a, b) => a + b, 0) / this.recent.length;
    let best = -1;
    for (let i = 0; i < this.floors.length; i++) {
      if (Math.abs(mean - this.floors[i]) <= newFloorM && (best < 0 || Math.abs(mean - this.floors[i]) < Math.abs(mean - this.floors[best]))) best = i;
    }
    if (best >= 0) {
      this.current = best;
      return { floor: best, opened: false };
    }
    this.floors.push(mean);
    this.current = this.floors.length - 1;
    return { floor: this.current, opened: true };
  }
}
