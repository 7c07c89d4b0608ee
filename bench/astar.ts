/**
 * A* on a 1024×1024 grid with 20 % random obstacles, corner to corner: navcore.wasm against the npm
 * package `pathfinding` (PathFinding.js, octile heuristic, no corner cutting; its grid is cloned for
 * every search, as its users must) and against the plain TypeScript reference, in the same run.
 * Also the nearest-reachable flood (the planner's fallback end for targets in unreachable pockets)
 * over the same grid, to its centre with no radius limit: navcore.wasm against the TypeScript flood.
 */
import PF from 'pathfinding';
import { Navcore } from '../src/wasm/navcore.js';
import { GridSearch } from '../src/mapping/grid-search.js';
import { astarRef } from './reference/astar-ref.js';
import { nearestReachableRef } from './reference/reach-ref.js';
import { rng } from './support/synthetic.js';
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const N = 1024;
  const r = rng(2024);
  // Draw grids until corner-to-corner is reachable (20 % obstacles percolates almost always).
  let cells: Uint8Array;
  const core = await Navcore.load();
  const search = new GridSearch(core);
  const block = core.block<Uint8Array>(Uint8Array, N * N);
  const start = 0,
    goal = N * N - 1;
  let first;
  for (;;) {
    cells = new Uint8Array(N * N).map(() => (r() < 0.2 ? 2 : 1));
    cells[start] = cells[goal] = 1;
    block.view().set(cells);
    first = search.search({ ptr: block.ptr, w: N, h: N }, start, goal);
    if (first) break;
  }
  const grid = { ptr: block.ptr, w: N, h: N };
  const matrix = Array.from({ length: N }, (_, y) => Array.from({ length: N }, (_, x) => (cells[y * N + x] === 1 ? 0 : 1)));
  const pfGrid = new PF.Grid(matrix);
  const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
  const pfPath = finder.findPath(0, 0, N - 1, N - 1, pfGrid.clone());
  const pfLen = pfPath.reduce((s, p, i) => (i ? s + Math.hypot(p[0] - pfPath[i - 1][0], p[1] - pfPath[i - 1][1]) : 0), 0);
  const ref = astarRef(cells, N, N, start, goal);
  opts.log(
    `astar: ${N}×${N}, 20 % obstacles; wasm cost ${first.cost.toFixed(3)} cells, ${first.expansions} expansions; pathfinding.js length ${pfLen.toFixed(3)}; TS reference ${ref.cost.toFixed(3)}`,
  );
  if (Math.abs(pfLen - first.cost) > 1e-6 || Math.abs(ref.cost - first.cost) > 1e-6) {
    throw new Error('the three planners disagree on the optimal path length: the comparison would be unfair');
  }

  const centre = N >> 1,
    reachR = 2 * N;
  const reached = search.nearestReachable(grid, start, centre, centre, reachR);
  if (reached < 0 || reached !== nearestReachableRef(cells, N, N, start, centre, centre, reachR)) {
    throw new Error('the wasm and TypeScript nearest-reachable floods disagree: the comparison would be unfair');
  }
  const m = await medians(
    {
      wasm: () => search.search(grid, start, goal),
      pathfindingjs: () => finder.findPath(0, 0, N - 1, N - 1, pfGrid.clone()),
      ts_reference: () => astarRef(cells, N, N, start, goal),
      reach_wasm: () => search.nearestReachable(grid, start, centre, centre, reachR),
      reach_ts_reference: () => nearestReachableRef(cells, N, N, start, centre, centre, reachR),
    },
    { time: opts.quick ? 500 : 3000, iterations: opts.quick ? 3 : 10 },
  );
  const ns = (ms: number) => (ms * 1e6) / first.expansions;
  const table = Object.entries(m).map(([task, ms]) => {
    const flood = task.startsWith('reach_');
    return {
      task,
      median_ms: +ms.toFixed(3),
      ns_per_expansion: flood ? '' : +ns(ms).toFixed(1),
      wasm_speedup: +(ms / (flood ? m.reach_wasm : m.wasm)).toFixed(2),
    };
  });
  return {
    table,
    summary: {
      grid: N,
      expansions: first.expansions,
      path_cost_cells: +first.cost.toFixed(4),
      median_ms: +m.wasm.toFixed(3),
      ns_per_expansion: +ns(m.wasm).toFixed(1),
      pathfindingjs_median_ms: +m.pathfindingjs.toFixed(3),
      ts_reference_median_ms: +m.ts_reference.toFixed(3),
      speedup_vs_pathfindingjs: +(m.pathfindingjs / m.wasm).toFixed(2),
      speedup_vs_ts: +(m.ts_reference / m.wasm).toFixed(2),
      reach_median_ms: +m.reach_wasm.toFixed(3),
      reach_ts_reference_median_ms: +m.reach_ts_reference.toFixed(3),
      reach_speedup_vs_ts: +(m.reach_ts_reference / m.reach_wasm).toFixed(2),
    },
  };
}
