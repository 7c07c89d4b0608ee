// Occupancy update from one depth frame (SPEC §3): back-projection, height classification, marking,
// per-frame de-duplication of obstacle endpoint cells, and ray carving from the camera cell.
//
// The result is order-independent: a cell becomes OBSTACLE if any endpoint lands in it, FREE if it
// was carved or seen as floor and is not an obstacle, so the TypeScript reference can mirror it
// exactly as long as it repeats the same f32 arithmetic in the same order.
import { FREE, OBSTACLE } from './cells';

// Float parameters (f32 slots of `params`).
const P_A: i32 = 0; // 3×3 row-major: map basis (right, forward, up) times camera rotation
const P_B: i32 = 9; // map basis times camera translation
const P_FX: i32 = 12;
const P_FY: i32 = 13;
const P_CX: i32 = 14;
const P_CY: i32 = 15;
const P_MIN_DEPTH: i32 = 16;
const P_MAX_DEPTH: i32 = 17;
const P_FLOOR_UP: i32 = 18;
const P_OBST_MIN: i32 = 19;
const P_OBST_MAX: i32 = 20;
const P_FLOOR_MIN: i32 = 21;
const P_FLOOR_MAX: i32 = 22;
const P_INV_CELL: i32 = 23;

// Integer parameters (i32 slots of `iparams`).
const I_GW: i32 = 0;
const I_GH: i32 = 1;
const I_OX: i32 = 2; // world cell of grid column 0
const I_OZ: i32 = 3; // world cell of grid row 0
const I_WIN_R: i32 = 4; // half-size of the endpoint de-duplication window, in cells
const I_FRAME_ID: i32 = 5; // stamp for this frame; never 0

// Stats written to `stats` (i32 slots).
const S_VALID: i32 = 0;
const S_OBSTACLE_PTS: i32 = 1;
const S_FLOOR_PTS: i32 = 2;
const S_ENDPOINTS: i32 = 3;
const S_CARVED: i32 = 4;
const S_CLIPPED: i32 = 5;
const S_CAM_X: i32 = 6;
const S_CAM_Z: i32 = 7;

@inline function pf(params: usize, i: i32): f32 {
  return load<f32>(params + (<usize>i << 2));
}
@inline function pi(iparams: usize, i: i32): i32 {
  return load<i32>(iparams + (<usize>i << 2));
}

/**
 * Integrates one float32 depth frame (metres; anything outside [minDepth, maxDepth], NaN included,
 * is ignored) into `grid`. `ku` is scratch for `w` floats; `stamp` holds (2R+1)² u32 and must be
 * zeroed whenever R changes; `endpoints` holds (2R+1)² i32. Returns the number of distinct obstacle
 * endpoint cells.
 */
export function integrate(
  depth: usize, w: i32, h: i32,
  params: usize, iparams: usize,
  grid: usize, ku: usize, stamp: usize, endpoints: usize, stats: usize,
): i32 {
  const a00 = pf(params, P_A), a01 = pf(params, P_A + 1), a02 = pf(params, P_A + 2);
  const a10 = pf(params, P_A + 3), a11 = pf(params, P_A + 4), a12 = pf(params, P_A + 5);
  const a20 = pf(params, P_A + 6), a21 = pf(params, P_A + 7), a22 = pf(params, P_A + 8);
  const b0 = pf(params, P_B), b1 = pf(params, P_B + 1), b2 = pf(params, P_B + 2);
  const fx = pf(params, P_FX), fy = pf(params, P_FY), cx = pf(params, P_CX), cy = pf(params, P_CY);
  const minD = pf(params, P_MIN_DEPTH), maxD = pf(params, P_MAX_DEPTH);
  const floorUp = pf(params, P_FLOOR_UP);
  const obsMin = pf(params, P_OBST_MIN), obsMax = pf(params, P_OBST_MAX);
  const flMin = pf(params, P_FLOOR_MIN), flMax = pf(params, P_FLOOR_MAX);
  const inv = pf(params, P_INV_CELL);
  const gw = pi(iparams, I_GW), gh = pi(iparams, I_GH);
  const ox = pi(iparams, I_OX), oz = pi(iparams, I_OZ);
  const R = pi(iparams, I_WIN_R);
  const W = 2 * R + 1;
  const frameId = <u32>pi(iparams, I_FRAME_ID);

  const camX = <i32>Mathf.floor(b0 * inv);
  const camZ = <i32>Mathf.floor(b1 * inv);
  // Window origin in world cells, so that window index = (z - wz0)·W + (x - wx0).
  const wx0 = camX - R, wz0 = camZ - R;

  for (let u = 0; u < w; u++) {
    store<f32>(ku + (<usize>u << 2), (<f32>u - cx) / fx);
  }

  let valid = 0, nObst = 0, nFloor = 0, nEnd = 0, clipped = 0;
  for (let v = 0; v < h; v++) {
    const kv: f32 = (<f32>v - cy) / fy;
    const r0: f32 = a01 * kv + a02;
    const r1: f32 = a11 * kv + a12;
    const r2: f32 = a21 * kv + a22;
    const row = depth + (<usize>(v * w) << 2);
    for (let u = 0; u < w; u++) {
      const d = load<f32>(row + (<usize>u << 2));
      if (!(d >= minD && d <= maxD)) continue;
      valid++;
      const k = load<f32>(ku + (<usize>u << 2));
      const hgt: f32 = (d * (a20 * k + r2) + b2) - floorUp;
      let obstacle = false;
      if (hgt > obsMin && hgt < obsMax) obstacle = true;
      else if (!(hgt > flMin && hgt <= flMax)) continue;
      const px: f32 = d * (a00 * k + r0) + b0;
      const pz: f32 = d * (a10 * k + r1) + b1;
      const cxw = <i32>Mathf.floor(px * inv);
      const czw = <i32>Mathf.floor(pz * inv);
      const gx = cxw - ox, gz = czw - oz;
      if (<u32>gx >= <u32>gw || <u32>gz >= <u32>gh) { clipped++; continue; }
      const cell = grid + <usize>(gz * gw + gx);
      if (obstacle) {
        nObst++;
        store<u8>(cell, OBSTACLE);
        const wx = cxw - wx0, wz = czw - wz0;
        if (<u32>wx < <u32>W && <u32>wz < <u32>W) {
          const wi = wz * W + wx;
          const sp = stamp + (<usize>wi << 2);
          if (load<u32>(sp) != frameId) {
            store<u32>(sp, frameId);
            store<i32>(endpoints + (<usize>nEnd << 2), wi);
            nEnd++;
          }
        } else {
          clipped++;
        }
      } else {
        nFloor++;
        if (load<u8>(cell) != OBSTACLE) store<u8>(cell, FREE);
      }
    }
  }

  let carved = 0;
  for (let e = 0; e < nEnd; e++) {
    const wi = load<i32>(endpoints + (<usize>e << 2));
    const ex = wi % W + wx0, ez = wi / W + wz0;
    carved += carve(grid, gw, gh, ox, oz, camX, camZ, ex, ez);
  }

  store<i32>(stats + (<usize>S_VALID << 2), valid);
  store<i32>(stats + (<usize>S_OBSTACLE_PTS << 2), nObst);
  store<i32>(stats + (<usize>S_FLOOR_PTS << 2), nFloor);
  store<i32>(stats + (<usize>S_ENDPOINTS << 2), nEnd);
  store<i32>(stats + (<usize>S_CARVED << 2), carved);
  store<i32>(stats + (<usize>S_CLIPPED << 2), clipped);
  store<i32>(stats + (<usize>S_CAM_X << 2), camX);
  store<i32>(stats + (<usize>S_CAM_Z << 2), camZ);
  return nEnd;
}

/**
 * Bresenham from (x0, z0) to (x1, z1), excluding the endpoint: every visited cell that is not an
 * obstacle becomes FREE. Returns the number of cells visited.
 */
function carve(grid: usize, gw: i32, gh: i32, ox: i32, oz: i32, x0: i32, z0: i32, x1: i32, z1: i32): i32 {
  const dx = abs<i32>(x1 - x0), dz = -abs<i32>(z1 - z0);
  const sx: i32 = x0 < x1 ? 1 : -1, sz: i32 = z0 < z1 ? 1 : -1;
  let err = dx + dz;
  let x = x0, z = z0, n = 0;
  while (x != x1 || z != z1) {
    const gx = x - ox, gz = z - oz;
    if (<u32>gx < <u32>gw && <u32>gz < <u32>gh) {
      const cell = grid + <usize>(gz * gw + gx);
      if (load<u8>(cell) != OBSTACLE) store<u8>(cell, FREE);
    }
    n++;
    const e2 = 2 * err;
    if (e2 >= dz) { err += dz; x += sx; }
    if (e2 <= dx) { err += dx; z += sz; }
  }
  return n;
}

/** Counts FREE and OBSTACLE cells of a grid into out[0], out[1]. */
export function countCells(grid: usize, n: i32, out: usize): void {
  let free = 0, obst = 0;
  for (let i = 0; i < n; i++) {
    const c = load<u8>(grid + <usize>i);
    free += <i32>(c == FREE);
    obst += <i32>(c == OBSTACLE);
  }
  store<i32>(out, free);
  store<i32>(out + 4, obst);
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
