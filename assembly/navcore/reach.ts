// The reachable cell nearest a point: breadth-first over FREE cells from `start` (4-connected, a
// subset of the 8-connected moves A* takes, so every cell it reaches A* reaches too), keeping the
// visited cell nearest (x, z) in Euclidean cells. For targets whose nearest free cell lies in a pocket
// the start cannot reach (free space seen past furniture): where to go instead.
// `mark` holds one u32 per cell (generation stamps, never cleared between calls); `queue` one i32.
import { FREE } from './cells';

@inline function open(grid: usize, mark: usize, gen: u32, i: i32): bool {
  if (load<u8>(grid + <usize>i) != FREE) return false;
  const mp = mark + (<usize>i << 2);
  if (load<u32>(mp) == gen) return false;
  store<u32>(mp, gen);
  return true;
}

/**
 * Returns the index of the cell reachable from `start` nearest (x, z) within `maxR` cells of it
 * (ties keep the first in BFS order), or -1. (x, z) may lie outside the grid.
 */
export function nearestReachable(
  grid: usize, w: i32, h: i32, start: i32, x: i32, z: i32, maxR: i32, mark: usize, queue: usize, gen: u32,
): i32 {
  const n = w * h;
  if (<u32>start >= <u32>n || load<u8>(grid + <usize>start) != FREE) return -1;
  store<u32>(mark + (<usize>start << 2), gen);
  store<i32>(queue, start);
  let head = 0, tail = 1, best = -1;
  // squared distances are integers: "within maxR" is d2 <= maxR², strictly nearer is d2 < bestD2
  let bestD2: i64 = <i64>maxR * maxR + 1;
  while (head < tail) {
    const cur = load<i32>(queue + (<usize>head << 2));
    head++;
    const cx = cur % w, cz = cur / w;
    const dx = <i64>(cx - x), dz = <i64>(cz - z);
    const d2 = dx * dx + dz * dz;
    if (d2 < bestD2) { bestD2 = d2; best = cur; }
    if (cx + 1 < w && open(grid, mark, gen, cur + 1)) { store<i32>(queue + (<usize>tail << 2), cur + 1); tail++; }
    if (cx > 0 && open(grid, mark, gen, cur - 1)) { store<i32>(queue + (<usize>tail << 2), cur - 1); tail++; }
    if (cz + 1 < h && open(grid, mark, gen, cur + w)) { store<i32>(queue + (<usize>tail << 2), cur + w); tail++; }
    if (cz > 0 && open(grid, mark, gen, cur - w)) { store<i32>(queue + (<usize>tail << 2), cur - w); tail++; }
  }
  return best;
}
