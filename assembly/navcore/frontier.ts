// Frontier search for exploration: breadth-first over FREE cells from the robot's cell (8-connected,
// no corner cutting, as A*), returning the nearest FREE cell that borders enough UNKNOWN cells.
// `mark` holds one u32 per cell (generation stamps, never cleared between calls); `queue` one i32.
import { FREE, OBSTACLE, REMEMBERED, UNKNOWN } from './cells';

@inline function free(grid: usize, i: i32): bool {
  return load<u8>(grid + <usize>i) == FREE;
}

@inline function unknownAround(grid: usize, w: i32, h: i32, i: i32): i32 {
  const x = i % w, z = i / w;
  let n = 0;
  for (let dz = -1; dz <= 1; dz++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx == 0 && dz == 0) continue;
      const cx = x + dx, cz = z + dz;
      // outside the grid is unexplored too
      if (<u32>cx >= <u32>w || <u32>cz >= <u32>h) { n++; continue; }
      n += <i32>(load<u8>(grid + <usize>(cz * w + cx)) == UNKNOWN);
    }
  }
  return n;
}

/**
 * Returns the index of the nearest frontier cell at BFS depth ≥ minDepth whose `ignore` byte is 0,
 * or -1. out[0] receives its BFS depth (steps), out[1] the number of cells visited.
 */
export function nearestFrontier(
  grid: usize, w: i32, h: i32, start: i32, minDepth: i32, minUnknown: i32,
  ignore: usize, mark: usize, queue: usize, gen: u32, out: usize,
): i32 {
  store<i32>(out, -1);
  store<i32>(out + 4, 0);
  const n = w * h;
  if (<u32>start >= <u32>n || !free(grid, start)) return -1;
  let head = 0, tail = 0;
  store<i32>(queue, start);
  tail = 1;
  store<u32>(mark + (<usize>start << 2), gen);
  let depth = 0;
  let levelEnd = 1;
  while (head < tail) {
    const cur = load<i32>(queue + (<usize>head << 2));
    head++;
    if (depth >= minDepth && load<u8>(ignore + <usize>cur) == 0 && unknownAround(grid, w, h, cur) >= minUnknown) {
      store<i32>(out, depth);
      store<i32>(out + 4, tail);
      return cur;
    }
    const x = cur % w, z = cur / w;
    const l = x > 0 && free(grid, cur - 1);
    const r = x < w - 1 && free(grid, cur + 1);
    const u = z > 0 && free(grid, cur - w);
    const d = z < h - 1 && free(grid, cur + w);
    for (let k = 0; k < 8; k++) {
      let nb: i32;
      switch (k) {
        case 0: if (!l) continue; nb = cur - 1; break;
        case 1: if (!r) continue; nb = cur + 1; break;
        case 2: if (!u) continue; nb = cur - w; break;
        case 3: if (!d) continue; nb = cur + w; break;
        case 4: if (!(l && u)) continue; nb = cur - w - 1; break;
        case 5: if (!(r && u)) continue; nb = cur - w + 1; break;
        case 6: if (!(l && d)) continue; nb = cur + w - 1; break;
        default: if (!(r && d)) continue; nb = cur + w + 1; break;
      }
      if (k >= 4 && !free(grid, nb)) continue;
      const mp = mark + (<usize>nb << 2);
      if (load<u32>(mp) == gen) continue;
      store<u32>(mp, gen);
      store<i32>(queue + (<usize>tail << 2), nb);
      tail++;
    }
    if (head == levelEnd) { depth++; levelEnd = tail; }
  }
  store<i32>(out + 4, tail);
  return -1;
}

/**
 * Writes into `dst` a copy of `src` in which every FREE cell within `r` cells (Euclidean) of an
 * obstacle (remembered or seen) is marked blocked (2): the grid a robot of that radius can plan on.
 */
export function inflate(src: usize, dst: usize, w: i32, h: i32, r: i32): void {
  const n = w * h;
  memory.copy(dst, src, <usize>n);
  const r2 = r * r;
  for (let z = 0; z < h; z++) {
    for (let x = 0; x < w; x++) {
      const s = load<u8>(src + <usize>(z * w + x));
      if (s != OBSTACLE && s != REMEMBERED) continue;
      const z0 = max(0, z - r), z1 = min(h - 1, z + r);
      const x0 = max(0, x - r), x1 = min(w - 1, x + r);
      for (let zz = z0; zz <= z1; zz++) {
        const dz = zz - z;
        for (let xx = x0; xx <= x1; xx++) {
          const dx = xx - x;
          if (dx * dx + dz * dz > r2) continue;
          const p = dst + <usize>(zz * w + xx);
          if (load<u8>(p) == FREE) store<u8>(p, 2);
        }
      }
    }
  }
}
