/**
 * Floor registration (paper 001 §3.2): the map writes to the layer of the floor the body stands on. A new
 * layer opens when the estimated floor height settles more than `newFloorM` from every registered
 * floor; while the height is in transit (stairs) and not settled, nothing is written. A height settles
 * when it holds for at least `settleFrames` frames while the body moves `settleMoveM` (further than one
 * stair tread is long), or, with no horizontal motion, for `stillFrames` frames: a pause on a flight of
 * stairs (turning to re-aim) holds the height too, and so does a step along one tread, but neither is
 * a floor.
 *
 * Two rules keep the estimated vertical from splitting a floor (SLAM under-reads the rise of a stair
 * riser that the body mounts in one sub-motion, so a climb can come out 0.3–0.7 m short):
 * - between two registered floors a new one opens only where a storey fits (`minStoreyM` from both):
 *   a held height there is a pause on the flight between them, however long; elsewhere closer than
 *   `minStoreyM` to a registered floor, only once the height holds over `driftMoveM` of travel (a
 *   missed riser makes two treads one, longer than `settleMoveM`);
 * - a height that holds while the body travels `driftMoveM` (further than a flight is wide or a pause
 *   on it lasts) is a floor surface; its offset from the registered floor it matches is vertical drift
 *   of the pose, reported as `drift` for the caller to remove from later poses, so that drift does not
 *   accumulate over trips up and down the stairs.
 */
import { z } from '../geometry/index.js';

export const FloorTrackerOptionsSchema = z.object({
  newFloorM: z._default(z.number().check(z.positive()), 1.0),
  settleFrames: z._default(z.int().check(z.minimum(1)), 10),
  settleToleranceM: z._default(z.number().check(z.positive()), 0.1),
  /**
   * horizontal motion while the height holds that makes it a floor, m: more than a stair tread's going
   * (0.28 m here, rarely over 0.35 m anywhere), since one tread holds the height along its length
   */
  settleMoveM: z._default(z.number().check(z.nonnegative()), 0.5),
  /** frames a height must hold to settle when the body does not move horizontally */
  stillFrames: z._default(z.int().check(z.minimum(1)), 30),
  /**
   * a height settled without horizontal motion joins a registered floor only this close to it, m: a
   * pause on a flight (turning, or pressed against its side) holds a height one riser (0.18 m) or more
   * off the floors it joins, and the generous `newFloorM` would take a pause halfway down as the floor
   * below; travel along a held height (`settleMoveM`) still joins a floor up to `newFloorM` away
   */
  stillJoinM: z._default(z.number().check(z.positive()), 0.3),
  /**
   * a new floor between two registered floors opens only this far from both, m: less than any storey
   * (2.4 m and more), more than the 1.2–1.7 m from a mid-flight pause to the nearer floor
   */
  minStoreyM: z._default(z.number().check(z.positive()), 2.0),
  /** horizontal extent over which a held height is a floor surface whose offset is drift, m */
  driftMoveM: z._default(z.number().check(z.positive()), 1.0),
  /** frames kept to find that extent (at 0.05 m per forward sub-motion, with turns between) */
  driftFrames: z._default(z.int().check(z.minimum(1)), 60),
});
export type FloorTrackerOptions = z.input<typeof FloorTrackerOptionsSchema>;

export interface FloorDecision {
  /** index into the registered floors, or null while in transit */
  floor: number | null;
  opened: boolean;
  /**
   * set when the height has held over `driftMoveM` on a registered floor, away from its height by more
   * than `settleToleranceM`: the settled height minus the floor's. The caller lowers later poses by it;
   * the tracker has already shifted the heights it keeps.
   */
  drift?: number;
  /** with `drift`: over how many of the newest frames (this one included) the height held that far off */
  driftFrames?: number;
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

  /** Heights closer than this are one floor. */
  get newFloorM(): number {
    return this.opts.newFloorM;
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
    this.recent.push(floorUp);
    this.recentAt.push(at ?? null);
    const { settleFrames, stillFrames, driftFrames } = this.opts;
    const keep = Math.max(settleFrames, stillFrames, driftFrames);
    if (this.recent.length > keep) {
      this.recent.shift();
      this.recentAt.shift();
    }
    const decision = this.decide(floorUp);
    if (decision.floor === null || decision.opened) return decision;
    const drift = this.driftOn(decision.floor);
    return drift === null ? decision : { ...decision, ...drift };
  }

  /** The floor for the newest height (registering one when it settles away from every floor). */
  private decide(floorUp: number): FloorDecision {
    const { newFloorM, settleFrames, settleToleranceM, settleMoveM, stillFrames } = this.opts;
    if (this.floors.length === 0) {
      this.floors.push(floorUp);
      this.current = 0;
      return { floor: 0, opened: true };
    }
    if (this.current !== null && Math.abs(floorUp - this.floors[this.current]) <= newFloorM) return { floor: this.current, opened: false };

    // the frames over which the height has held (newest last): a floor when they are enough and the body
    // moved far enough along them (a pause, then a step along one tread, is no floor), or stood still long
    const held = this.heldFrames(settleToleranceM, Math.max(settleFrames, stillFrames));
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
      // held without travel, and off the floor by more than a first tread: a pause on the flight
      if (this.movedOver(held) < settleMoveM && Math.abs(mean - this.floors[best]) > this.opts.stillJoinM) {
        this.current = null;
        return { floor: null, opened: false };
      }
      this.current = best;
      return { floor: best, opened: false };
    }
    // where no storey fits, a pause on the flight; within a storey of a floor, a landing only once it
    // holds over a floor's stretch: a riser the tracker under-reads merges two treads into one
    if (!this.storeyFits(mean) || (this.withinStorey(mean) && !this.heldOver(this.opts.driftMoveM))) {
      this.current = null;
      return { floor: null, opened: false };
    }
    this.floors.push(mean);
    this.current = this.floors.length - 1;
    return { floor: this.current, opened: true };
  }

  /** False where `h` lies between two registered floors closer than `minStoreyM` to either. */
  private storeyFits(h: number): boolean {
    const below = this.floors.filter((f) => f < h),
      above = this.floors.filter((f) => f > h);
    if (below.length === 0 || above.length === 0) return true;
    return h - Math.max(...below) >= this.opts.minStoreyM && Math.min(...above) - h >= this.opts.minStoreyM;
  }

  /** True where `h` is closer than `minStoreyM` to a registered floor. */
  private withinStorey(h: number): boolean {
    return this.floors.some((f) => Math.abs(h - f) < this.opts.minStoreyM);
  }

  /** True when the newest heights have held while the body travelled `m` (or positions are unknown). */
  private heldOver(m: number): boolean {
    const held = this.heldFrames(this.opts.settleToleranceM, this.recent.length);
    return held >= this.opts.settleFrames && this.movedOver(held) >= m;
  }

  /**
   * The drift of the height on floor `floor` (see FloorDecision.drift), or null; when reported, the
   * kept heights are shifted by it, as the caller's poses will be.
   */
  private driftOn(floor: number): { drift: number; driftFrames: number } | null {
    const { settleFrames, settleToleranceM, driftMoveM } = this.opts;
    const held = this.heldFrames(settleToleranceM, this.recent.length);
    if (held < settleFrames) return null;
    const moved = this.movedOver(held);
    // positions unknown (Infinity): no evidence of a floor surface
    if (!Number.isFinite(moved) || moved < driftMoveM) return null;
    const last = this.recent.slice(-held);
    const drift = last.reduce((a, b) => a + b, 0) / last.length - this.floors[floor];
    if (Math.abs(drift) <= settleToleranceM) return null;
    for (let i = 0; i < this.recent.length; i++) this.recent[i] -= drift;
    return { drift, driftFrames: held };
  }

  /** How many of the newest frames (at most `limit`) have heights within `tol` of each other. */
  private heldFrames(tol: number, limit: number): number {
    let lo = Infinity,
      hi = -Infinity,
      n = 0;
    for (let i = this.recent.length - 1; i >= Math.max(0, this.recent.length - limit); i--) {
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
