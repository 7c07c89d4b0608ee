/**
 * Route queries on a floor layer (paper 001 §3.2): the target snaps to the nearest free cell when it lands
 * on unknown or obstacle — and, when asked and that cell lies in a pocket the start cannot reach (free
 * space seen past furniture or through an unmapped doorway), to the nearest cell the start can reach
 * within the snap radius; A* over free cells; length in metres, or `unreachable`. Nothing moves.
 */
import type { OccupancyMap } from './occupancy-map.js';
import { GridSearch, type GridRef } from './grid-search.js';
import type { WasmBlock } from '../wasm/index.js';
import { Cell } from './params.js';

export interface PlanarPoint {
  x: number;
  z: number;
}

export type PlanResult =
  | {
      status: 'ok';
      /** cell centres from start to target, metres */
      path: PlanarPoint[];
      lengthM: number;
      start: PlanarPoint;
      target: PlanarPoint;
      /** true when the requested target (or start) was not free and was moved to the nearest free cell */
      targetSnapped: boolean;
      startSnapped: boolean;
      expansions: number;
    }
  | { status: 'unreachable'; reason: string; expansions: number };

export interface PlanOptions {
  /** how far (m) the target may move to reach a free cell */
  targetSnapM?: number;
  /** how far (m) the start may move to reach a free cell (the body's own cell may still be unknown) */
  startSnapM?: number;
  /**
   * keep this far (m) from obstacles: free cells closer than this count as blocked, for routes a
   * body of that radius can drive. 0 (the default) plans over every free cell, as paper 001 §3.2 says.
   */
  clearanceM?: number;
  /**
   * when the free cell nearest the target lies in a pocket the start cannot reach, end at the cell
   * the start can reach nearest the target, within `targetSnapM` (for getting close to something
   * seen, not for going to a place)
   */
  nearestReachable?: boolean;
  /**
   * points the body found blocked whatever the map says (a railing the depth sees through): free cells
   * within `avoidM` of one (plus the clearance) are planned round, as obstacles are
   */
  avoid?: readonly PlanarPoint[];
  /** radius (m) round each `avoid` point; default 0.25 */
  avoidM?: number;
}

export class Planner {
  private readonly search: GridSearch;
  private inflated: WasmBlock<Uint8Array> | null = null;

  constructor(private readonly map: OccupancyMap) {
    this.search = new GridSearch(map.core);
  }

  plan(from: PlanarPoint, to: PlanarPoint, layer = 0, opts: PlanOptions = {}): PlanResult {
    for (const [name, p] of [
      ['start', from],
      ['target', to],
    ] as const) {
      if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.z)) {
        return { status: 'unreachable', reason: `${name} must be a point with finite x and z (metres)`, expansions: 0 };
      }
    }
    const cell = this.map.params.cellSize;
    const grid = this.planningGrid(layer, opts.clearanceM ?? 0, opts.avoid ?? [], opts.avoidM ?? 0.25);
    const snapCells = (m: number | undefined, dflt: number) => Math.max(0, Math.ceil((m ?? dflt) / cell));
    const locate = (p: PlanarPoint, maxR: number) => {
      const c = this.map.worldToCell(p.x, p.z);
      const i = this.search.nearestFree(grid, c.x - grid.ox, c.z - grid.oz, maxR);
      const exact = c.x - grid.ox + (c.z - grid.oz) * grid.w;
      const inside = c.x >= grid.ox && c.z >= grid.oz && c.x < grid.ox + grid.w && c.z < grid.oz + grid.h;
      return { index: i, snapped: !(inside && i === exact) };
    };
    const s = locate(from, snapCells(opts.startSnapM, 0.5));
    if (s.index < 0) return { status: 'unreachable', reason: 'no free cell known near the start', expansions: 0 };
    const t = locate(to, snapCells(opts.targetSnapM, 100));
    if (t.index < 0) return { status: 'unreachable', reason: 'no free cell known near the target', expansions: 0 };
    let found = this.search.search(grid, s.index, t.index);
    let snapped = t.snapped;
    if (!found && opts.nearestReachable) {
      // the free cell nearest the target lies in a pocket the start cannot reach (seen past a table, or
      // through a doorway not yet mapped): the nearest cell the start CAN reach within the snap radius
      const c = this.map.worldToCell(to.x, to.z);
      const near = this.search.nearestReachable(grid, s.index, c.x - grid.ox, c.z - grid.oz, snapCells(opts.targetSnapM, 100));
      found = near < 0 ? null : this.search.search(grid, s.index, near);
      snapped = true;
    }
    if (!found) {
      return { status: 'unreachable', reason: 'no path over known free cells joins start and target', expansions: this.search.lastExpansions };
    }
    const path = Array.from(found.path, (i) => this.map.cellCentre((i % grid.w) + grid.ox, Math.floor(i / grid.w) + grid.oz));
    return {
      status: 'ok',
      path,
      lengthM: found.cost * cell,
      start: path[0],
      target: path[path.length - 1],
      targetSnapped: snapped,
      startSnapped: s.snapped,
      expansions: found.expansions,
    };
  }

  /** The layer's grid, or a copy with obstacles grown by the clearance and the avoided points closed. */
  private planningGrid(layer: number, clearanceM: number, avoid: readonly PlanarPoint[], avoidM: number): GridRef & { ox: number; oz: number } {
    const g = this.map.gridRef(layer);
    const cell = this.map.params.cellSize;
    const r = Math.max(0, Math.round(clearanceM / cell));
    if (r <= 0 && avoid.length === 0) return g;
    const n = g.w * g.h;
    if (!this.inflated || this.inflated.length < n) {
      this.inflated?.free();
      this.inflated = this.map.core.block<Uint8Array>(Uint8Array, n);
    }
    this.map.core.exports.inflate(g.ptr, this.inflated.ptr, g.w, g.h, r);
    if (avoid.length)
      closeAround(
        this.inflated.view(),
        g,
        avoid.map((p) => this.map.worldToCell(p.x, p.z)),
        (avoidM + clearanceM) / cell,
      );
    return { ...g, ptr: this.inflated.ptr };
  }
}

/** Free cells of `cells` (row-major over `g`'s box) within `radius` cells of a centre become obstacles. */
function closeAround(
  cells: Uint8Array,
  g: { ox: number; oz: number; w: number; h: number },
  centres: readonly { x: number; z: number }[],
  radius: number,
): void {
  const r = Math.ceil(radius);
  for (const c of centres) {
    for (let z = Math.max(0, c.z - g.oz - r); z <= Math.min(g.h - 1, c.z - g.oz + r); z++) {
      for (let x = Math.max(0, c.x - g.ox - r); x <= Math.min(g.w - 1, c.x - g.ox + r); x++) {
        const i = z * g.w + x;
        if (cells[i] === Cell.Free && (x + g.ox - c.x) ** 2 + (z + g.oz - c.z) ** 2 <= radius * radius) cells[i] = Cell.Obstacle;
      }
    }
  }
}
