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

// Per-frame counters, module globals so that the inlined per-lane step can update them.
let valid: i32 = 0, nObst: i32 = 0, nFloor: i32 = 0, nEnd: i32 = 0, clipped: i32 = 0;

/** Marks one classified point: obstacle (with endpoint de-duplication) or floor (free unless obstacle). */
@inline function lane(
  grid: usize, isObst: i32, isFloor: i32, gi: i32, cxw: i32, czw: i32,
  wx0: i32, wz0: i32, W: i32, stamp: usize, endpoints: usize, frameId: u32,
): void {
  const cell = grid + <usize>gi;
  if (isObst) {
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
  } else if (isFloor) {
    if (load<u8>(cell) != OBSTACLE) store<u8>(cell, FREE);
  }
}

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

  valid = 0; nObst = 0; nFloor = 0; nEnd = 0; clipped = 0;
  // Four pixels per step: SIMD arithmetic and classification, then a scalar store per classified
  // lane. Per-lane f32 operations round exactly like the scalar tail (no fused multiply-add).
  const vMinD = f32x4.splat(minD), vMaxD = f32x4.splat(maxD);
  const vA00 = f32x4.splat(a00), vA10 = f32x4.splat(a10), vA20 = f32x4.splat(a20);
  const vB0 = f32x4.splat(b0), vB1 = f32x4.splat(b1), vB2 = f32x4.splat(b2);
  const vFloorUp = f32x4.splat(floorUp);
  const vObsMin = f32x4.splat(obsMin), vObsMax = f32x4.splat(obsMax);
  const vFlMin = f32x4.splat(flMin), vFlMax = f32x4.splat(flMax);
  const vInv = f32x4.splat(inv);
  const vOx = f32x4.splat(<f32>ox), vOz = f32x4.splat(<f32>oz), vGw = f32x4.splat(<f32>gw), vGh = f32x4.splat(<f32>gh);
  const vZero = f32x4.splat(0);
  const w4 = w & ~3;
  for (let v = 0; v < h; v++) {
    const kv: f32 = (<f32>v - cy) / fy;
    const r0: f32 = a01 * kv + a02;
    const r1: f32 = a11 * kv + a12;
    const r2: f32 = a21 * kv + a22;
    const vR0 = f32x4.splat(r0), vR1 = f32x4.splat(r1), vR2 = f32x4.splat(r2);
    const row = depth + (<usize>(v * w) << 2);
    // Left-neighbour state for de-duplication; "no class" at the start of a row.
    let prevGi = f32x4.splat(-1), prevOb = i32x4.splat(0), prevFb = i32x4.splat(0);
    for (let u = 0; u < w4; u += 4) {
      const d = v128.load(row + (<usize>u << 2));
      const ok = v128.and(f32x4.ge(d, vMinD), f32x4.le(d, vMaxD));
      if (!v128.any_true(ok)) { prevOb = i32x4.splat(0); prevFb = prevOb; continue; }
      valid += <i32>popcnt<u32>(i32x4.bitmask(ok));
      const k = v128.load(ku + (<usize>u << 2));
      const hgt = f32x4.sub(f32x4.add(f32x4.mul(d, f32x4.add(f32x4.mul(vA20, k), vR2)), vB2), vFloorUp);
      const obst = v128.and(ok, v128.and(f32x4.gt(hgt, vObsMin), f32x4.lt(hgt, vObsMax)));
      const flr = v128.andnot(v128.and(ok, v128.and(f32x4.gt(hgt, vFlMin), f32x4.le(hgt, vFlMax))), obst);
      const any = v128.or(obst, flr);
      if (!v128.any_true(any)) { prevOb = i32x4.splat(0); prevFb = prevOb; continue; }
      const px = f32x4.add(f32x4.mul(d, f32x4.add(f32x4.mul(vA00, k), vR0)), vB0);
      const pz = f32x4.add(f32x4.mul(d, f32x4.add(f32x4.mul(vA10, k), vR1)), vB1);
      // Cell arithmetic stays in f32: every value is an integer below 2^24 (the grid is capped at
      // 2^24 cells), so it is exact, and only the lanes that get stored are converted to i32.
      const cxf = f32x4.floor(f32x4.mul(px, vInv));
      const czf = f32x4.floor(f32x4.mul(pz, vInv));
      const gx = f32x4.sub(cxf, vOx), gz = f32x4.sub(czf, vOz);
      const inside = v128.and(
        v128.and(f32x4.ge(gx, vZero), f32x4.lt(gx, vGw)),
        v128.and(f32x4.ge(gz, vZero), f32x4.lt(gz, vGh)),
      );
      const gi = f32x4.add(f32x4.mul(gz, vGw), gx);
      const obV = v128.and(obst, inside), fbV = v128.and(flr, inside);
      const obAll = i32x4.bitmask(obV);
      const fbAll = i32x4.bitmask(fbV);
      clipped += <i32>popcnt<u32>(i32x4.bitmask(v128.andnot(any, inside)));
      nObst += <i32>popcnt<u32>(obAll);
      nFloor += <i32>popcnt<u32>(fbAll);
      // A lane that repeats its left neighbour's cell and class changes nothing: neighbouring pixels
      // mostly land in the same 10 cm cell, so this removes most of the scalar stores.
      const giPrev = i32x4.shuffle(prevGi, gi, 3, 4, 5, 6);
      const same = f32x4.eq(gi, giPrev);
      const obPrev = i32x4.shuffle(prevOb, obV, 3, 4, 5, 6);
      const fbPrev = i32x4.shuffle(prevFb, fbV, 3, 4, 5, 6);
      const ob = obAll & ~i32x4.bitmask(v128.and(same, obPrev));
      const fb = fbAll & ~i32x4.bitmask(v128.and(same, fbPrev));
      prevGi = gi; prevOb = obV; prevFb = fbV;
      if ((ob | fb) == 0) continue;
      lane(grid, ob & 1, fb & 1, <i32>f32x4.extract_lane(gi, 0), <i32>f32x4.extract_lane(cxf, 0), <i32>f32x4.extract_lane(czf, 0), wx0, wz0, W, stamp, endpoints, frameId);
      lane(grid, ob & 2, fb & 2, <i32>f32x4.extract_lane(gi, 1), <i32>f32x4.extract_lane(cxf, 1), <i32>f32x4.extract_lane(czf, 1), wx0, wz0, W, stamp, endpoints, frameId);
      lane(grid, ob & 4, fb & 4, <i32>f32x4.extract_lane(gi, 2), <i32>f32x4.extract_lane(cxf, 2), <i32>f32x4.extract_lane(czf, 2), wx0, wz0, W, stamp, endpoints, frameId);
      lane(grid, ob & 8, fb & 8, <i32>f32x4.extract_lane(gi, 3), <i32>f32x4.extract_lane(cxf, 3), <i32>f32x4.extract_lane(czf, 3), wx0, wz0, W, stamp, endpoints, frameId);
    }
    for (let u = w4; u < w; u++) {
      const d = load<f32>(row + (<usize>u << 2));
      if (!(d >= minD && d <= maxD)) continue;
      valid++;
      const k = load<f32>(ku + (<usize>u << 2));
      const hgt: f32 = (d * (a20 * k + r2) + b2) - floorUp;
      let isObst = false;
      if (hgt > obsMin && hgt < obsMax) isObst = true;
      else if (!(hgt > flMin && hgt <= flMax)) continue;
      const px: f32 = d * (a00 * k + r0) + b0;
      const pz: f32 = d * (a10 * k + r1) + b1;
      const cxw = <i32>Mathf.floor(px * inv);
      const czw = <i32>Mathf.floor(pz * inv);
      const gx = cxw - ox, gz = czw - oz;
      if (<u32>gx >= <u32>gw || <u32>gz >= <u32>gh) { clipped++; continue; }
      if (isObst) nObst++; else nFloor++;
      lane(grid, isObst ? 1 : 0, isObst ? 0 : 1, gz * gw + gx, cxw, czw, wx0, wz0, W, stamp, endpoints, frameId);
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
