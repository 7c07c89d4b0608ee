// Occupancy update from one depth frame (SPEC §3): back-projection and height classification
// (classify.ts), marking, per-frame de-duplication of obstacle endpoint cells, and ray carving from
// the camera cell.
//
// The result is order-independent: a cell becomes OBSTACLE if any endpoint lands in it, FREE if it
// was carved or seen as floor and is not an obstacle (with column shadows, shadows.ts, also only if
// the frame saw its column's band whole), so the TypeScript reference can mirror it exactly as long
// as it repeats the same f32 arithmetic in the same order.
import { pf, bump } from './blocks';
import { FREE, OBSTACLE, REMEMBERED } from './cells';
import { codeCell, isObstacleCode } from './classify';
import { candidate } from './shadows';
import { P_CAMERA, C_CLIPPED } from '../../src/mapping/mapper-abi';

// Marks an obstacle cell that is already an endpoint of the current frame. Only ever present between
// `markCells` and `carveRays`: every marked cell is in the endpoint list and carveRays resets it.
const ENDPOINT: u8 = OBSTACLE | 0x80;

/**
 * Stage 2: marks the `n` codes of `fresh` in a grid of `nCells` cells. A floor code marks FREE unless
 * the cell is an obstacle; an obstacle code marks OBSTACLE and, the first time in this frame, appends
 * the cell to `endpoints` (capacity `endCap`, `nEnd` used so far; beyond it the cell is marked but
 * not carved and counted as clipped). Returns the new number of endpoints. Order-independent, so the
 * code lists of several row ranges can be marked one after the other. With column shadows (`cands`
 * not 0) a floor code lists its cell as a candidate instead (shadows.ts; `endCap` cells of room).
 */
export function markCells(
  fresh: usize, n: i32, grid: usize, nCells: i32,
  endpoints: usize, endCap: i32, nEnd: i32, counts: usize, cands: usize,
): i32 {
  let clipped = 0;
  for (let k = 0; k < n; k++) {
    const c = load<i32>(fresh + (<usize>k << 2));
    const isObst = isObstacleCode(c);
    const i = codeCell(c);
    if (<u32>i >= <u32>nCells) { clipped++; continue; }
    const cell = grid + <usize>i;
    const s = load<u8>(cell);
    if (isObst) {
      if (s == ENDPOINT) continue;
      if (nEnd < endCap) {
        store<u8>(cell, ENDPOINT);
        store<i32>(endpoints + (<usize>nEnd << 2), i);
        nEnd++;
      } else {
        store<u8>(cell, OBSTACLE);
        clipped++;
      }
    } else if (cands) {
      candidate(grid, i, cands, endCap, counts);
    } else if (!(s & OBSTACLE)) {
      store<u8>(cell, FREE);
    }
  }
  bump(counts, C_CLIPPED, clipped);
  return nEnd;
}

/**
 * Stage 3: carves a ray from the camera cell to each of the `nEnd` endpoint cells, then turns the
 * endpoints back into plain obstacles. Returns the number of cells the rays visited. With column
 * shadows (`cands` not 0) a visited cell is listed as a candidate instead of freed (shadows.ts; `cap`
 * cells of room, the list's length in `counts`).
 */
export function carveRays(
  params: usize, grid: usize, gw: i32, gh: i32, endpoints: usize, nEnd: i32, cands: usize, cap: i32, counts: usize,
): i32 {
  const camX = <i32>Mathf.floor(pf(params, P_CAMERA)), camZ = <i32>Mathf.floor(pf(params, P_CAMERA + 1));
  let carved = 0;
  for (let e = 0; e < nEnd; e++) {
    const i = load<i32>(endpoints + (<usize>e << 2));
    carved += carve(grid, gw, gh, camX, camZ, i % gw, i / gw, cands, cap, counts);
  }
  for (let e = 0; e < nEnd; e++) store<u8>(grid + <usize>load<i32>(endpoints + (<usize>e << 2)), OBSTACLE);
  return carved;
}

/**
 * Bresenham from grid cell (x0, z0) to (x1, z1), excluding the endpoint: every visited cell that is
 * not an obstacle becomes FREE (with `cands`, a candidate). Returns the number of cells visited.
 */
function carve(grid: usize, gw: i32, gh: i32, x0: i32, z0: i32, x1: i32, z1: i32, cands: usize, cap: i32, counts: usize): i32 {
  const dx = abs<i32>(x1 - x0), dz = -abs<i32>(z1 - z0);
  const sx: i32 = x0 < x1 ? 1 : -1, sz: i32 = z0 < z1 ? 1 : -1;
  let err = dx + dz;
  let x = x0, z = z0, n = 0;
  while (x != x1 || z != z1) {
    if (<u32>x < <u32>gw && <u32>z < <u32>gh) {
      if (cands) candidate(grid, z * gw + x, cands, cap, counts);
      else {
        const cell = grid + <usize>(z * gw + x);
        if (!(load<u8>(cell) & OBSTACLE)) store<u8>(cell, FREE);
      }
    }
    n++;
    const e2 = 2 * err;
    if (e2 >= dz) { err += dz; x += sx; }
    if (e2 <= dx) { err += dx; z += sz; }
  }
  return n;
}

/** Counts FREE and OBSTACLE (remembered ones included) cells of a grid into out[0], out[1]. */
export function countCells(grid: usize, n: i32, out: usize): void {
  let free = 0, obst = 0;
  for (let i = 0; i < n; i++) {
    const c = load<u8>(grid + <usize>i);
    free += <i32>(c == FREE);
    obst += <i32>(c == OBSTACLE || c == REMEMBERED);
  }
  store<i32>(out, free);
  store<i32>(out + 4, obst);
}

/**
 * Turns every OBSTACLE of a grid into REMEMBERED: the grid came from an earlier run, and what this
 * run sees free there is to win. Returns the number of cells turned.
 */
export function rememberObstacles(grid: usize, n: i32): i32 {
  let k = 0;
  for (let i = 0; i < n; i++) {
    const p = grid + <usize>i;
    if (load<u8>(p) == OBSTACLE) {
      store<u8>(p, REMEMBERED);
      k++;
    }
  }
  return k;
}

/** Copies a sw×sh grid into a larger dw-wide grid at column offX, row offZ (grid growth). */
export function blit(src: usize, sw: i32, sh: i32, dst: usize, dw: i32, offX: i32, offZ: i32): void {
  for (let r = 0; r < sh; r++) {
    memory.copy(dst + <usize>((r + offZ) * dw + offX), src + <usize>(r * sw), <usize>sw);
  }
}

/**
 * Bounding box of the known (non-UNKNOWN) cells: out = [minX, minZ, maxX, maxZ] in grid cells, or
 * [-1, -1, -1, -1] for an empty grid.
 */
export function knownBounds(grid: usize, w: i32, h: i32, out: usize): void {
  let minX = w, minZ = h, maxX = -1, maxZ = -1;
  for (let z = 0; z < h; z++) {
    const row = grid + <usize>(z * w);
    for (let x = 0; x < w; x++) {
      if (load<u8>(row + <usize>x) != 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (z < minZ) minZ = z;
        maxZ = z;
      }
    }
  }
  if (maxX < 0) { minX = -1; minZ = -1; }
  store<i32>(out, minX);
  store<i32>(out + 4, minZ);
  store<i32>(out + 8, maxX);
  store<i32>(out + 12, maxZ);
}
