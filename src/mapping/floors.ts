/**
 * Floor registration (SPEC §3): the map writes to the layer of the floor the body stands on. A new
 * layer opens when the estimated floor height settles more than `newFloorM` from every registered
 * floor; while the height is in transit (stairs) and not settled, nothing is written. A height settles
 * when it holds for at least `settleFrames` frames while the body moves `settleMoveM` (further than one
 * stair tread is long), or, with no horizontal motion, for `stillFrames` frames: a pause on a flight of
 * stairs (turning to re-aim) holds the height too, and so does a step along one tread, but neither is
 * a floor.
 */
import { z } from 'zod';

export const FloorTrackerOptionsSchema = z.object({
  newFloorM: z.number().positive().default(1.0),
  settleFrames: z.number().int().min(1).default(10),
  settleToleranceM: z.number().positive().default(0.1),
  /**
   * horizontal motion while the height holds that makes it a floor, m: more than a stair tread's going
   * (0.28 m here, rarely over 0.35 m anywhere), since one tread holds the height along its length
   */
  settleMoveM: z.number().nonnegative().default(0.5),
  /** frames a height must hold to settle when the body does not move horizontally */
  stillFrames: z.number().int().min(1).default(30),
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
  /** planar positions of the recent frames (null when not given) */
  private recentAt: ({ x: number; z: number } | null)[] = [];

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
    this.recentAt = [];
  }

  /**
   * Feed the floor height implied by the current pose (camera height minus its height above the floor)
   * and, when known, the pose's planar position.
   */
  update(floorUp: number, at?: { x: number; z: number }): FloorDecision {
    if (!Number.isFinite(floorUp)) return { floor: this.current, opened: false };
    const { newFloorM, settleFrames, settleToleranceM, settleMoveM, stillFrames } = this.opts;
    this.recent.push(floorUp);
    this.recentAt.push(at ?? null);
    const keep = Math.max(settleFrames, stillFrames);
    if (this.recent.length > keep) {
      this.recent.shift();
      this.recentAt.shift();
    }
    if (this.floors.length === 0) {
      this.floors.push(floorUp);
      this.current = 0;
      return { floor: 0, opened: true };
    }
    if (this.current !== null && Math.abs(floorUp - this.floors[this.current]) <= newFloorM) return { floor: this.current, opened: false };

    // the frames over which the height has held (newest last): a floor when they are enough and the body
    // moved far enough along them (a pause, then a step along one tread, is no floor), or stood still long
    const held = this.heldFrames(settleToleranceM);
    const settled = held >= settleFrames && (this.movedOver(held) >= settleMoveM || held >= stillFrames);
    if (!settled) {
      this.current = null;
      return { floor: null, opened: false };
    }
    const last = this.recent.slice(-held);
    const mean = last.reduce((a, b) => a + b, 0) / last.length;
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

  /** How many of the newest frames have heights within `tol` of each other. */
  private heldFrames(tol: number): number {
    let lo = Infinity, hi = -Infinity, n = 0;
    for (let i = this.recent.length - 1; i >= 0; i--) {
      lo = Math.min(lo, this.recent[i]);
      hi = Math.max(hi, this.recent[i]);
      if (hi - lo > tol) break;
      n++;
    }
    return n;
  }

  /** Horizontal extent of the positions of the last `n` frames (Infinity when a position is unknown). */
  private movedOver(n: number): number {
    const at = this.recentAt.slice(-n);
    if (at.some((p) => p === null)) return Infinity;
    let span = 0;
    for (const p of at) span = Math.max(span, Math.hypot(p!.x - at[0]!.x, p!.z - at[0]!.z));
    return span;
  }
}
