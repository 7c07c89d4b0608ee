// 8-connected A* over FREE cells (SPEC §4), in cell units (straight 1, diagonal √2); the caller
// scales by the cell size. Octile heuristic (consistent, so the first time the goal is popped its
// cost is optimal); ties on f go to the larger g; a diagonal step needs both orthogonal neighbours
// free, so paths never cut an obstacle's corner.
//
// Work arrays, one slot per grid cell, owned by the caller and reused across searches:
//   g: f64, f: f64, parent: i32, heapPos: i32, mark: u32, heap: i32.
// `mark[i] == gen` means open, `gen + 1` closed; the caller advances gen by 2 per search and zeroes
// `mark` when it wraps, so nothing is cleared between searches.
import { FREE } from './cells';

const SQRT2: f64 = 1.4142135623730951;

// stats slots (f64): [0] cost of the path in cells, [1] expansions, [2] path node count
let gArr: usize = 0, fArr: usize = 0, posArr: usize = 0, heapArr: usize = 0;
let heapSize: i32 = 0;

@inline function gOf(i: i32): f64 { return load<f64>(gArr + (<usize>i << 3)); }
@inline function fOf(i: i32): f64 { return load<f64>(fArr + (<usize>i << 3)); }
@inline function heapAt(k: i32): i32 { return load<i32>(heapArr + (<usize>k << 2)); }
@inline function setHeap(k: i32, node: i32): void {
  store<i32>(heapArr + (<usize>k << 2), node);
  store<i32>(posArr + (<usize>node << 2), k);
}
// a before b: smaller f, then larger g
@inline function before(a: i32, b: i32): bool {
  const fa = fOf(a), fb = fOf(b);
  return fa < fb || (fa == fb && gOf(a) > gOf(b));
}

function siftUp(k: i32): void {
  const node = heapAt(k);
  while (k > 0) {
    const p = (k - 1) >> 1;
    const pn = heapAt(p);
    if (!before(node, pn)) break;
    setHeap(k, pn);
    k = p;
  }
  setHeap(k, node);
}

function siftDown(k: i32): void {
  const node = heapAt(k);
  while (true) {
    const l = 2 * k + 1;
    if (l >= heapSize) break;
    let c = l;
    const r = l + 1;
    if (r < heapSize && before(heapAt(r), heapAt(l))) c = r;
    const cn = heapAt(c);
    if (!before(cn, node)) break;
    setHeap(k, cn);
    k = c;
  }
  setHeap(k, node);
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
 */
export function astar(
  grid: usize, w: i32, h: i32, start: i32, goal: i32,
  g: usize, f: usize, parent: usize, pos: usize, mark: usize, heap: usize, gen: u32,
  path: usize, stats: usize,
): i32 {
  gArr = g; fArr = f; posArr = pos; heapArr = heap; heapSize = 0;
  const closed = gen + 1;
  const n = w * h;
  store<f64>(stats, -1);
  store<f64>(stats + 8, 0);
  store<f64>(stats + 16, 0);
  if (<u32>start >= <u32>n || <u32>goal >= <u32>n || !isFree(grid, start) || !isFree(grid, goal)) return -1;
  const tx = goal % w, tz = goal / w;

  store<f64>(g + (<usize>start << 3), 0);
  store<f64>(f + (<usize>start << 3), octile(start % w, start / w, tx, tz));
  store<i32>(parent + (<usize>start << 2), -1);
  store<u32>(mark + (<usize>start << 2), gen);
  setHeap(0, start);
  heapSize = 1;

  let expansions: i32 = 0;
  let found = false;
  while (heapSize > 0) {
    const cur = heapAt(0);
    heapSize--;
    if (heapSize > 0) { setHeap(0, heapAt(heapSize)); siftDown(0); }
    store<u32>(mark + (<usize>cur << 2), closed);
    if (cur == goal) { found = true; break; }
    expansions++;
    const cx = cur % w, cz = cur / w;
    const gc = gOf(cur);
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
      const m = load<u32>(mark + (<usize>nb << 2));
      if (m == closed) continue;
      const ng = gc + cost;
      if (m == gen) {
        if (ng >= gOf(nb)) continue;
        store<f64>(g + (<usize>nb << 3), ng);
        store<f64>(f + (<usize>nb << 3), ng + octile(nb % w, nb / w, tx, tz));
        store<i32>(parent + (<usize>nb << 2), cur);
        siftUp(load<i32>(pos + (<usize>nb << 2)));
      } else {
        store<u32>(mark + (<usize>nb << 2), gen);
        store<f64>(g + (<usize>nb << 3), ng);
        store<f64>(f + (<usize>nb << 3), ng + octile(nb % w, nb / w, tx, tz));
        store<i32>(parent + (<usize>nb << 2), cur);
        setHeap(heapSize, nb);
        heapSize++;
        siftUp(heapSize - 1);
      }
    }
  }
  store<f64>(stats + 8, <f64>expansions);
  if (!found) return -1;

  let count = 0;
  for (let i = goal; i != -1; i = load<i32>(parent + (<usize>i << 2))) count++;
  let k = count - 1;
  for (let i = goal; i != -1; i = load<i32>(parent + (<usize>i << 2))) {
    store<i32>(path + (<usize>k << 2), i);
    k--;
  }
  store<f64>(stats, gOf(goal));
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
