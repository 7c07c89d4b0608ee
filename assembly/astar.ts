// 8-connected A* over FREE cells (SPEC §4), in cell units (straight 1, diagonal √2); the caller
// scales by the cell size. Octile heuristic (consistent, so the first time the goal is popped its
// cost is optimal); ties on f go to the larger g; a diagonal step needs both orthogonal neighbours
// free, so paths never cut an obstacle's corner. Indexed binary heap with decrease-key.
//
// Work memory, owned by the caller and reused across searches, laid out so that one neighbour
// touches one cache line rather than five arrays:
//   nodes: one 24-byte record per grid cell {g: f64, parent: i32, heapPos: i32, mark: u32, pad};
//   heap:  one 24-byte entry per slot {f: f64, g: f64, node: i32, pad} (keys kept in the heap so
//          that sifting never leaves it).
// `mark == gen` means open, `gen + 1` closed; the caller advances gen by 2 per search and zeroes
// the marks when it wraps, so nothing is cleared between searches.
import { FREE } from './cells';

const SQRT2: f64 = 1.4142135623730951;
const NODE: usize = 24;
const N_G: usize = 0, N_PARENT: usize = 8, N_POS: usize = 12, N_MARK: usize = 16;
const ENTRY: usize = 24;
const E_F: usize = 0, E_G: usize = 8, E_NODE: usize = 16;

let nodes: usize = 0, heap: usize = 0;
let heapSize: i32 = 0;

@inline function rec(i: i32): usize { return nodes + <usize>i * NODE; }
@inline function slot(k: i32): usize { return heap + <usize>k * ENTRY; }

// entry a sorts before entry b: smaller f, then larger g
@inline function before(fa: f64, ga: f64, fb: f64, gb: f64): bool {
  return fa < fb || (fa == fb && ga > gb);
}

@inline function put(k: i32, f: f64, g: f64, node: i32): void {
  const e = slot(k);
  store<f64>(e + E_F, f);
  store<f64>(e + E_G, g);
  store<i32>(e + E_NODE, node);
  store<i32>(rec(node) + N_POS, k);
}

function siftUp(k: i32, f: f64, g: f64, node: i32): void {
  while (k > 0) {
    const p = (k - 1) >> 1;
    const e = slot(p);
    const pf = load<f64>(e + E_F), pg = load<f64>(e + E_G);
    if (!before(f, g, pf, pg)) break;
    put(k, pf, pg, load<i32>(e + E_NODE));
    k = p;
  }
  put(k, f, g, node);
}

function siftDown(k: i32, f: f64, g: f64, node: i32): void {
  while (true) {
    const l = 2 * k + 1;
    if (l >= heapSize) break;
    let c = l;
    let cf = load<f64>(slot(l) + E_F), cg = load<f64>(slot(l) + E_G);
    const r = l + 1;
    if (r < heapSize) {
      const rf = load<f64>(slot(r) + E_F), rg = load<f64>(slot(r) + E_G);
      if (before(rf, rg, cf, cg)) { c = r; cf = rf; cg = rg; }
    }
    if (!before(cf, cg, f, g)) break;
    put(k, cf, cg, load<i32>(slot(c) + E_NODE));
    k = c;
  }
  put(k, f, g, node);
}

@inline function octile(x: i32, z: i32, tx: i32, tz: i32): f64 {
  const dx = <f64>abs<i32>(x - tx), dz = <f64>abs<i32>(z - tz);
  return dx > dz ? dx - dz + SQRT2 * dz : dz - dx + SQRT2 * dx;
}

@inline function isFree(grid: usize, i: i32): bool {
  return load<u8>(grid + <usize>i) == FREE;
}

/**
 * Searches from cell `start` to cell `goal` (row-major indices; both must be FREE). On success writes
 * the path (start..goal indices) to `path` and returns its node count; returns -1 when unreachable.
 * stats (f64): [0] path cost in cells, [1] expansions, [2] path node count.
 */
export function astar(
  grid: usize, w: i32, h: i32, start: i32, goal: i32,
  nodeMem: usize, heapMem: usize, gen: u32, path: usize, stats: usize,
): i32 {
  nodes = nodeMem; heap = heapMem; heapSize = 0;
  const closed = gen + 1;
  const n = w * h;
  store<f64>(stats, -1);
  store<f64>(stats + 8, 0);
  store<f64>(stats + 16, 0);
  if (<u32>start >= <u32>n || <u32>goal >= <u32>n || !isFree(grid, start) || !isFree(grid, goal)) return -1;
  const tx = goal % w, tz = goal / w;

  const s = rec(start);
  store<f64>(s + N_G, 0);
  store<i32>(s + N_PARENT, -1);
  store<u32>(s + N_MARK, gen);
  put(0, octile(start % w, start / w, tx, tz), 0, start);
  heapSize = 1;

  let expansions: i32 = 0;
  let found = false;
  while (heapSize > 0) {
    const top = slot(0);
    const cur = load<i32>(top + E_NODE);
    const gc = load<f64>(top + E_G);
    heapSize--;
    if (heapSize > 0) {
      const last = slot(heapSize);
      siftDown(0, load<f64>(last + E_F), load<f64>(last + E_G), load<i32>(last + E_NODE));
    }
    store<u32>(rec(cur) + N_MARK, closed);
    if (cur == goal) { found = true; break; }
    expansions++;
    const cx = cur % w, cz = cur / w;
    // The four orthogonal neighbours' freeness gates the diagonals.
    const left = cx > 0 && isFree(grid, cur - 1);
    const right = cx < w - 1 && isFree(grid, cur + 1);
    const up = cz > 0 && isFree(grid, cur - w);
    const down = cz < h - 1 && isFree(grid, cur + w);
    for (let k = 0; k < 8; k++) {
      let nb: i32, cost: f64;
      switch (k) {
        case 0: if (!left) continue; nb = cur - 1; cost = 1; break;
        case 1: if (!right) continue; nb = cur + 1; cost = 1; break;
        case 2: if (!up) continue; nb = cur - w; cost = 1; break;
        case 3: if (!down) continue; nb = cur + w; cost = 1; break;
        case 4: if (!(left && up)) continue; nb = cur - w - 1; cost = SQRT2; break;
        case 5: if (!(right && up)) continue; nb = cur - w + 1; cost = SQRT2; break;
        case 6: if (!(left && down)) continue; nb = cur + w - 1; cost = SQRT2; break;
        default: if (!(right && down)) continue; nb = cur + w + 1; cost = SQRT2; break;
      }
      if (k >= 4 && !isFree(grid, nb)) continue;
      const r = rec(nb);
      const m = load<u32>(r + N_MARK);
      if (m == closed) continue;
      const ng = gc + cost;
      if (m == gen) {
        if (ng >= load<f64>(r + N_G)) continue;
        store<f64>(r + N_G, ng);
        store<i32>(r + N_PARENT, cur);
        siftUp(load<i32>(r + N_POS), ng + octile(nb % w, nb / w, tx, tz), ng, nb);
      } else {
        store<u32>(r + N_MARK, gen);
        store<f64>(r + N_G, ng);
        store<i32>(r + N_PARENT, cur);
        heapSize++;
        siftUp(heapSize - 1, ng + octile(nb % w, nb / w, tx, tz), ng, nb);
      }
    }
  }
  store<f64>(stats + 8, <f64>expansions);
  if (!found) return -1;

  let count = 0;
  for (let i = goal; i != -1; i = load<i32>(rec(i) + N_PARENT)) count++;
  let k = count - 1;
  for (let i = goal; i != -1; i = load<i32>(rec(i) + N_PARENT)) {
    store<i32>(path + (<usize>k << 2), i);
    k--;
  }
  store<f64>(stats, load<f64>(rec(goal) + N_G));
  store<f64>(stats + 16, <f64>count);
  return count;
}

/**
 * The FREE cell nearest (Euclidean, in cells) to (x, z), searching rings of growing Chebyshev radius
 * up to maxR; ties keep the first found in ring order. (x, z) may lie outside the grid. Returns the
 * cell index or -1.
 */
export function nearestFree(grid: usize, w: i32, h: i32, x: i32, z: i32, maxR: i32): i32 {
  let best = -1;
  let bestD2: i64 = i64.MAX_VALUE;
  for (let r = 0; r <= maxR; r++) {
    for (let dz = -r; dz <= r; dz++) {
      const onEdgeRow = dz == -r || dz == r;
      const step = onEdgeRow ? 1 : 2 * r;
      for (let dx = -r; dx <= r; dx += step) {
        const cx = x + dx, cz = z + dz;
        if (<u32>cx < <u32>w && <u32>cz < <u32>h) {
          const i = cz * w + cx;
          if (isFree(grid, i)) {
            const d2 = <i64>dx * dx + <i64>dz * dz;
            if (d2 < bestD2) { bestD2 = d2; best = i; }
          }
        }
        if (step == 0) break;
      }
    }
    if (best >= 0 && bestD2 <= <i64>(r + 1) * (r + 1)) break;
  }
  return best;
}
