/**
 * A join with a saved map is provisional until the body has moved (issue 34 item 1). A look-alike place
 * fools the tracker's features and even a start turn's whole scan (seed:5 run 3: 1.80 m off, the turn
 * fitting the saved grid at 0.976 where the join put it), but it is alike only locally: as the body
 * moves on, the depth it sees at the joined poses stops agreeing with the saved grid there. The watch
 * keeps a sparse copy of the frames since the join (with the start turn's), and each time the body has
 * gone CHECK_EVERY_M farther it lays them on the saved grid (join-fit.ts). A scan that fits clearly
 * better elsewhere, or that the saved grid does not predict at all, refutes the join; one that fits
 * after CONFIRM_AFTER_M of path confirms it.
 */
import { NAVIGATOR_FRAME, planarPose, wrapAngle, type Mat4 } from '../geometry/index.js';
import { judgeJoin, type DepthFrame, type JoinFit, type PosedDepth } from '../mapping/index.js';

/** path (metres) between two checks of the scan */
export const CHECK_EVERY_M = 1.5;
/** path after which a join that kept fitting is taken for good */
export const CONFIRM_AFTER_M = 4.5;
/** path after which a join the saved grid could say nothing about is taken for good as well */
const GIVE_UP_AFTER_M = 8;
/** a frame is kept when the body moved this far or turned this much since the last kept one */
const KEEP_EVERY_M = 0.2;
const KEEP_EVERY_RAD = (20 * Math.PI) / 180;
/** the scan is fitted this far round the join (a look-alike seen 1.8 m off) */
export const FIT_RADIUS_M = 2.5;
/** a join this close (cells of 0.1 m) to where the scan fits stands: grids saved with their own drift */
export const JOIN_OFF_CELLS = 5;

/** the fits on stderr (a run's joins traced; Node only) */
export const JOIN_DEBUG = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NAV_JOIN_DEBUG === '1';

export type JoinVerdict = 'refuted' | 'confirmed' | null;

export class JoinWatch {
  private views: PosedDepth[] = [];
  private pathM = 0;
  private nextCheckM = CHECK_EVERY_M;
  private last: { x: number; z: number; yaw: number } | null = null;
  private kept: { x: number; z: number; yaw: number } | null = null;
  /** the fits judged so far (evaluation and debugging read them) */
  readonly fits: { pathM: number; fit: JoinFit | null }[] = [];

  constructor(seed: readonly PosedDepth[] = []) {
    this.views = seed.map((v) => ({ frame: { ...v.frame, depth: Float32Array.from(v.frame.depth) }, pose: Float64Array.from(v.pose) }));
  }

  /**
   * A frame posed in the saved world since the join. `fit` lays the views kept on the saved grid. Returns
   * the verdict when one was reached at this frame.
   */
  frame(depth: DepthFrame, pose: Mat4, fit: (views: readonly PosedDepth[]) => JoinFit | null): JoinVerdict {
    const p = planarPose(NAVIGATOR_FRAME, pose);
    if (this.last) this.pathM += Math.hypot(p.x - this.last.x, p.z - this.last.z);
    this.last = { x: p.x, z: p.z, yaw: p.yaw };
    const k = this.kept;
    if (!k || Math.hypot(p.x - k.x, p.z - k.z) >= KEEP_EVERY_M || Math.abs(wrapAngle(p.yaw - k.yaw)) >= KEEP_EVERY_RAD) {
      // intermediate frames share the sensor's buffers: the depth is copied
      this.views.push({ frame: { ...depth, depth: Float32Array.from(depth.depth) }, pose: Float64Array.from(pose) });
      this.kept = { x: p.x, z: p.z, yaw: p.yaw };
    }
    if (this.pathM < this.nextCheckM) return null;
    this.nextCheckM += CHECK_EVERY_M;
    const t0 = performance.now();
    const f = fit(this.views);
    this.fits.push({ pathM: this.pathM, fit: f });
    const verdict = f ? judgeJoin(f, JOIN_OFF_CELLS) : 'unknown';
    if (JOIN_DEBUG)
      console.error(
        `[join-watch] path ${this.pathM.toFixed(2)} m, ${this.views.length} views, ${(performance.now() - t0).toFixed(0)} ms: ${verdict} ${f ? JSON.stringify(f) : 'no saved layer'}`,
      );
    if (verdict === 'refuted') return 'refuted';
    if (verdict === 'fits' && this.pathM >= CONFIRM_AFTER_M) return 'confirmed';
    return this.pathM >= GIVE_UP_AFTER_M ? 'confirmed' : null;
  }
}
