/**
 * SEEK: a run whose start turn did not find the saved map keeps looking for it, as a person back in a
 * house would: from the middle of the room it stands in, and again from each new open spot its search
 * takes it to, it looks all the way round. The tracker searches the saved map with each new keyframe
 * (late relocalisation), and a turn in place at a spot it has not looked from makes keyframes facing
 * every way, so the saved keyframes taken from anywhere near get their chance; from open floor the view
 * holds whole walls and furniture at a distance, which an earlier run's views of that room share more
 * than a close-up of a wall or a corner does. Where the saved map is in this run's frame is not known
 * until it is found, so nothing is steered toward its places. Turns cost no path length, only steps.
 * The houses 0..5 ablation (main at 88d3439): the 5 later runs of 18 whose start turn did not
 * relocalise had started 0.46–0.96 m from an earlier run's track (one 5.7 m), and found the saved map
 * late in their first task after 1.3–20 m of the search's own driving.
 */
import { Cell, type PlanarPoint } from '../../mapping/index.js';
import { type CoarseAction, FULL_TURN_ACTIONS } from '../../navigator/index.js';
import { act, type Ctx, type Decision } from './context.js';
import { driveAndFace, MAX_ACTIONS, planRoute } from './motion.js';
import type { GridView } from './grid.js';

/** a look round at least this far from every spot looked round from already, m */
export const LOOK_SPACING_M = 1.5;
/** a spot this far from the nearest obstacle or unknown cell is open enough to look round from, m */
export const OPEN_M = 0.7;
/** the open spot sought at the start lies within this of the body, m */
const OPEN_SEARCH_M = 4;
/** the search starts once the body's own map knows this many free cells (2 m² at 0.1 m) */
const MAPPED_CELLS = 200;
/** unknown cells this near a spot are the body's blind footprint, not unexplored space, m */
const BLIND_M = 0.4;
/** looks round per task while the saved map is still aside (a full turn each, of the task's steps) */
export const LOOKS_PER_TASK = 3;
/** steps of driving toward the open spot before the look round is made wherever the body is */
const OPEN_STEPS = 3;
/** a claim is preceded by a look round unless one was made this near, m */
const CLOSE_SPACING_M = 1.0;

/** The look-round spots of this run (in its own world: the join that ends the search moves nothing here). */
export class SavedMapSeek {
  private looked: PlanarPoint[] = [];
  private turnsLeft = 0;
  private task = '';
  private looksInTask = 0;
  /** the open spot driven to at the task's start, and the steps spent on the way */
  private open: { at: PlanarPoint; steps: number } | null = null;
  private started = false;
  /** the navigator of the run searched in (an agent kept over runs starts afresh with each) */
  private nav: Ctx['nav'] | null = null;

  /**
   * The next step of the search, or null: the saved map is back (or was never set aside), the task
   * has had its looks, or the body stands where it has looked round already and the task's own
   * search should take it on.
   */
  next(c: Ctx): Decision | null {
    this.adopt(c.nav);
    if (!c.nav.savedMapAside) return this.stop();
    if (c.task.key !== this.task) {
      this.task = c.task.key;
      this.looksInTask = 0;
      this.open = null;
    }
    if (this.turnsLeft > 0) return this.turn('look round for the saved map (continued)');
    if (!this.started) {
      // the map the start turn made was set aside with the saved one: the task's search maps round here first
      if (freeCells(c.grid) < MAPPED_CELLS) return null;
      // the start turn looked round here; the first look of the search is from the open middle nearby
      this.started = true;
      this.looked.push({ x: c.pose.x, z: c.pose.z });
      const at = openSpot(c.grid, c.pose, this.looked);
      if (at) this.open = { at, steps: 0 };
    }
    if (this.looksInTask >= LOOKS_PER_TASK) return null;
    if (this.open) {
      const toward = this.towardOpen(c, this.open);
      if (toward) return toward;
      this.open = null;
      return this.lookRound(c, 'look round from the open middle for the saved map');
    }
    const here = { x: c.pose.x, z: c.pose.z };
    if (this.looked.every((p) => dist(p, here) >= LOOK_SPACING_M) && clearance(c.grid, here) >= OPEN_M)
      return this.lookRound(c, 'look round from a new open spot for the saved map');
    return null;
  }

  /**
   * Before a claim while the saved map is still aside: a look round where the body stands (turns
   * only, so the task's path is unchanged; it ends facing the goal again), unless it looked round
   * near here already; the rest of a look round under way. Null: close now.
   */
  beforeClose(c: Pick<Ctx, 'nav' | 'pose'>): Decision | null {
    this.adopt(c.nav);
    if (!c.nav.savedMapAside) return this.stop();
    if (this.turnsLeft > 0) return this.turn('look round for the saved map before claiming (continued)');
    const here = { x: c.pose.x, z: c.pose.z };
    if (this.looked.some((p) => dist(p, here) < CLOSE_SPACING_M)) return null;
    this.looked.push(here);
    this.turnsLeft = FULL_TURN_ACTIONS;
    return this.turn('look round for the saved map before claiming');
  }

  /** A new run's navigator: nothing looked round from yet. */
  private adopt(nav: Ctx['nav']): void {
    if (nav === this.nav) return;
    this.nav = nav;
    this.looked = [];
    this.started = false;
    this.task = '';
    this.turnsLeft = 0;
  }

  private towardOpen(c: Ctx, o: { at: PlanarPoint; steps: number }): Decision | null {
    if (dist(o.at, c.pose) < 0.4 || o.steps >= OPEN_STEPS) return null;
    const route = planRoute(c.nav, o.at);
    if (route.status !== 'ok') return null;
    const actions = driveAndFace(route.path, c.pose, null);
    if (!actions.includes('forward')) return null;
    o.steps++;
    return act(actions, `to the open middle ${dist(o.at, c.pose).toFixed(1)} m off, to look round for the saved map`);
  }

  private lookRound(c: Ctx, why: string): Decision {
    this.looked.push({ x: c.pose.x, z: c.pose.z });
    this.looksInTask++;
    this.turnsLeft = FULL_TURN_ACTIONS;
    return this.turn(why);
  }

  private turn(why: string): Decision {
    const n = Math.min(this.turnsLeft, MAX_ACTIONS);
    this.turnsLeft -= n;
    return act(
      Array.from({ length: n }, (): CoarseAction => 'left'),
      why,
    );
  }

  private stop(): null {
    this.turnsLeft = 0;
    this.open = null;
    return null;
  }
}

/**
 * The most open known free spot within OPEN_SEARCH_M of `from` (largest clearance, at least OPEN_M,
 * nearer spots first among equals) at least LOOK_SPACING_M from every spot looked round from; null
 * when there is none.
 */
export function openSpot(grid: GridView, from: PlanarPoint, looked: readonly PlanarPoint[]): PlanarPoint | null {
  const [fx, fz] = grid.cellOf(from);
  const r = Math.round(OPEN_SEARCH_M / grid.cell);
  let best: PlanarPoint | null = null,
    bestScore = -Infinity;
  // every second cell is enough: clearance changes by at most a cell between neighbours
  for (let dz = -r; dz <= r; dz += 2) {
    for (let dx = -r; dx <= r; dx += 2) {
      if (grid.state(fx + dx, fz + dz) !== Cell.Free) continue;
      const p = grid.centre(fx + dx, fz + dz);
      const d = dist(p, from);
      if (d > OPEN_SEARCH_M || looked.some((q) => dist(q, p) < LOOK_SPACING_M)) continue;
      const open = clearance(grid, p);
      if (open < OPEN_M) continue;
      const score = open - 0.1 * d;
      if (score > bestScore) [best, bestScore] = [p, score];
    }
  }
  return best;
}

/**
 * Distance from `p` to the nearest obstacle or unknown cell over 16 rays, up to 2 m. Unknown cells
 * within BLIND_M are passed: the camera never sees the floor under and right round the body.
 */
export function clearance(grid: GridView, p: PlanarPoint): number {
  let min = 2;
  for (let k = 0; k < 16; k++) {
    const a = (k * Math.PI) / 8;
    for (let s = grid.cell; s < min; s += grid.cell) {
      const [cx, cz] = grid.cellOf({ x: p.x + Math.cos(a) * s, z: p.z + Math.sin(a) * s });
      const cell = grid.state(cx, cz);
      if (cell === Cell.Free || (cell === Cell.Unknown && s < BLIND_M)) continue;
      min = s;
      break;
    }
  }
  return min;
}

function freeCells(grid: GridView): number {
  let n = 0;
  for (const v of grid.g.cells) if (v === Cell.Free) n++;
  return n;
}

const dist = (a: PlanarPoint, b: PlanarPoint) => Math.hypot(a.x - b.x, a.z - b.z);
