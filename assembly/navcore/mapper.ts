// Occupancy update from one depth frame (SPEC §3): back-projection and height classification
// (classify.ts), marking, per-frame de-duplication of obstacle endpoint cells, and ray carving from
// the camera cell.
//
// The result is order-independent: a cell becomes OBSTACLE if any endpoint lands in it, FREE if it
// was carved or seen as floor and is not an obstacle (with column shadows, shadows.ts, also only if
// the frame saw its column's band whole), so the TypeScript reference can mirror it exactly as long
// as it repeats the same f32 arithmetic in the same order.
//
// A REMEMBERED cell (an earlier run's obstacle, placed by the relocalisation's join) gives way to a
// ray only when no obstacle of this run lies within P_REMEMBERED_MARGIN cells of it, and a floor point
// never frees it. This run's pose is off the saved map by the join's error, so the rays that end on a
// wall's face, or graze the end of a wall or a post, cross a cell or two of the remembered one, and the
// floor seen at a wall's foot lands inside it: freeing those cells eroded the saved walls run after
// run. An obstacle that is truly gone is crossed by rays to whatever stands behind it, with nothing
// seen beside it.
import { pf, bump } from './blocks';
import { FREE, OBSTACLE, REMEMBERED } from './cells';
import { codeCell, isObstacleCode } from './classify';
import { candidate } from './shadows';
import { P_CAMERA, P_REMEMBERED_MARGIN, C_CLIPPED } from '../../src/mapping/mapper-abi';

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
    } else if (s == REMEMBERED) {
      continue;
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
  const margin = <i32>pf(params, P_REMEMBERED_MARGIN);
  let carved = 0;
  for (let e = 0; e < nEnd; e++) {
    const i = load<i32>(endpoints + (<usize>e << 2));
    carved += carve(grid, gw, gh, camX, camZ, i % gw, i / gw, margin, cands, cap, counts);
  }
  for (let e = 0; e < nEnd; e++) store<u8>(grid + <usize>load<i32>(endpoints + (<usize>e << 2)), OBSTACLE);
  return carved;
}

/**
 * Bresenham from grid cell (x0, z0) to (x1, z1), excluding the endpoint: every visited cell that is
 * not an obstacle becomes FREE (with `cands`, a candidate), a remembered one only if no obstacle of
 * this run (seen before or an endpoint of this frame) lies within `margin` cells of it. Returns the
 * number of cells visited.
 */
function carve(
  grid: usize, gw: i32, gh: i32, x0: i32, z0: i32, x1: i32, z1: i32, margin: i32, cands: usize, cap: i32, counts: usize,
): i32 {
  const dx = abs<i32>(x1 - x0), dz = -abs<i32>(z1 - z0);
  const sx: i32 = x0 < x1 ? 1 : -1, sz: i32 = z0 < z1 ? 1 : -1;
  let err = dx + dz;
  let x = x0, z = z0, n = 0;
  while (x != x1 || z != z1) {
    if (<u32>x < <u32>gw && <u32>z < <u32>gh) {
      const cell = grid + <usize>(z * gw + x);
      const s = load<u8>(cell);
      // an earlier run's obstacle this close to one this run sees is the same, a join's error off: kept
      if (s != REMEMBERED || !nearSeen(grid, gw, gh, x, z, margin)) {
        if (cands) candidate(grid, z * gw + x, cands, cap, counts);
        else if (!(s & OBSTACLE)) store<u8>(cell, FREE);
      }
    }
    n++;
    const e2 = 2 * err;
    if (e2 >= dz) { err += dz; x += sx; }
    if (e2 <= dx) { err += dx; z += sz; }
  }
  return n;
}

/** Whether a cell within `m` cells (a square) of grid cell (x, z) holds an obstacle this run saw. */
function nearSeen(grid: usize, gw: i32, gh: i32, x: i32, z: i32, m: i32): bool {
  const z1 = min<i32>(gh - 1, z + m), x0 = max<i32>(0, x - m), x1 = min<i32>(gw - 1, x + m);
  for (let r = max<i32>(0, z - m); r <= z1; r++) {
    const row = grid + <usize>(r * gw);
    for (let c = x0; c <= x1; c++) if (load<u8>(row + <usize>c) & OBSTACLE) return true;
  }
  return false;
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
