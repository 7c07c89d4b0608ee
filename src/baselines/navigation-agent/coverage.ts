/**
 * What the agent has LOOKED AT for this goal. The map records every frame, but the goal can only be
 * recognised in the view a step returns (the final one), so the agent keeps its own record of the cells
 * those views covered: rays of the camera's field of view over the estimated map, up to a range where
 * a goal object still fills enough pixels, stopping at the first obstacle. Task-local: a new goal has
 * been looked for nowhere.
 */
import { Cell } from '../../mapping/index.js';
import type { BodyFrame } from '../../body/index.js';
import { columnRay, headingVector, type Intrinsics, wrapAngle } from '../../geometry/index.js';
import type { PlanarPose as Pose } from '../../geometry/index.js';
import { cellKey, type GridView } from './grid.js';

/** half the usable field of view: the camera's is 79°, a margin keeps objects at the edge out */
export const HALF_VIEW_RAD = (34 * Math.PI) / 180;
/** beyond this a goal object may be too small to be recognised */
export const SIGHT_RANGE_M = 3.5;
const RAY_STEP_RAD = (2 * Math.PI) / 180;

export class ViewCoverage {
  private readonly seen = new Set<number>();
  /** cells taken over from earlier tasks' searches (not looked at in this one) */
  private readonly carried = new Set<number>();
  /** where views were taken: a bearing already looked along from about here reveals nothing new */
  private readonly looks: Pose[] = [];

  has(cx: number, cz: number): boolean {
    const k = cellKey(cx, cz);
    return this.seen.has(k) || this.carried.has(k);
  }

  get hasCarried(): boolean {
    return this.carried.size > 0;
  }

  /** Forgets what earlier tasks were said to have looked at: the search goes over it again. */
  dropCarried(): void {
    this.carried.clear();
  }

  /**
   * Takes every cell within `radiusM` of `p` in line of sight on the map as looked at by an earlier
   * task — only along the bearings `along` accepts, when given (the sides of a place that were looked at).
   */
  markAround(grid: GridView, p: { x: number; z: number }, radiusM: number, along: (bearing: number) => boolean = () => true): void {
    const step = grid.cell * 0.8;
    for (let b = 0; b < 2 * Math.PI; b += RAY_STEP_RAD) {
      if (!along(b)) continue;
      const { x: dx, z: dz } = headingVector(b);
      for (let t = 0; t <= radiusM; t += step) {
        const cx = Math.floor((p.x + dx * t) / grid.cell),
          cz = Math.floor((p.z + dz * t) / grid.cell);
        this.carried.add(cellKey(cx, cz));
        if (grid.state(cx, cz) === Cell.Obstacle) break;
      }
    }
  }

  get size(): number {
    return this.seen.size;
  }

  /**
   * Records the cells the current view covers, from its depth: along each image column, every cell up
   * to the farthest depth the column sees (the camera looks over low furniture, which the map's rays
   * cannot tell), within the sight range.
   */
  markView(grid: GridView, pose: Pose, frame: BodyFrame | null, K: Intrinsics): void {
    this.looks.push({ ...pose });
    if (!frame) {
      for (const k of this.cone(grid, pose, pose.yaw)) this.seen.add(k);
      return;
    }
    const { width: w, height: h, depth } = frame;
    const step = grid.cell * 0.8;
    for (let u = 2; u < w; u += 4) {
      let far = 0;
      for (let v = 0; v < h; v += 2) {
        const d = depth[v * w + u];
        if (d > far && d < 20) far = d;
      }
      const ray = columnRay(K, u);
      const reach = Math.min(SIGHT_RANGE_M, far * ray.rangePerDepth);
      const { x: dx, z: dz } = headingVector(pose.yaw + ray.turn);
      for (let t = step; t <= reach + step; t += step)
        this.seen.add(cellKey(Math.floor((pose.x + dx * t) / grid.cell), Math.floor((pose.z + dz * t) / grid.cell)));
    }
  }

  /** How many cells not yet looked at a view at heading `yaw` from `pose` would cover. */
  gain(grid: GridView, pose: Pose, yaw: number): number {
    let n = 0;
    for (const k of this.cone(grid, pose, yaw)) if (!this.seen.has(k) && !this.carried.has(k)) n++;
    return n;
  }

  /** Cell keys inside the view cone; rays stop at the first obstacle (which they include). */
  private cone(grid: GridView, pose: Pose, yaw: number): Set<number> {
    const out = new Set<number>();
    const step = grid.cell * 0.8;
    const here = this.looks.filter((l) => Math.hypot(l.x - pose.x, l.z - pose.z) < 0.3);
    for (let b = -HALF_VIEW_RAD; b <= HALF_VIEW_RAD + 1e-9; b += RAY_STEP_RAD) {
      // (the map misses what is nearer than the depth sensor's minimum range: trust the looks taken)
      if (here.some((l) => Math.abs(wrapAngle(yaw + b - l.yaw)) < HALF_VIEW_RAD)) continue;
      const { x: dx, z: dz } = headingVector(yaw + b);
      for (let t = step; t <= SIGHT_RANGE_M; t += step) {
        const cx = Math.floor((pose.x + dx * t) / grid.cell),
          cz = Math.floor((pose.z + dz * t) / grid.cell);
        const s = grid.state(cx, cz);
        // unknown cells count too: rays stop at mapped walls, and a view that looked there has seen them
        out.add(cellKey(cx, cz));
        if (s === Cell.Obstacle) break;
      }
    }
    return out;
  }
}
