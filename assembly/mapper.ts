// Occupancy update from one depth frame (SPEC §3): back-projection, height classification, marking,
// per-frame de-duplication of obstacle endpoint cells, and ray carving from the camera cell.
//
// Fixed-point, eight pixels per SIMD step in 16-bit lanes: depth in 1/1024 m, heights in 1/256 m,
// positions in 1/2^shift cell around the camera's cell (src/mapping/kernel-frame.ts prepares the
// per-frame tables and explains the units). The result is order-independent: a cell becomes OBSTACLE
// if any endpoint lands in it, FREE if it was carved or seen as floor and is not an obstacle, so the
// TypeScript reference repeats the same integer arithmetic and matches cell for cell.
import { FREE, OBSTACLE } from './cells';

// Marks an obstacle cell that is already an endpoint of the current frame. Only ever present while
// `integrate` runs: every marked cell is in the endpoint list and is reset to OBSTACLE before return.
const ENDPOINT: u8 = OBSTACLE | 0x80;
// Change code of a pixel that marks nothing.
const NO_CODE: u16 = 0xffff;
// 1.5·2^23: adding it to a float below 2^22 rounds it to an integer held in the low mantissa bits.
const MAGIC: f32 = 12582912.0;
const MAGIC_BITS: i32 = 0x4b400000;

// Integer parameters (i32 slots of `iparams`, see kernel-frame.ts).
const I_GW: i32 = 0, I_GH: i32 = 1, I_OX: i32 = 2, I_OZ: i32 = 3, I_END_CAP: i32 = 4;
const I_CAM_X: i32 = 5, I_CAM_Z: i32 = 6, I_R: i32 = 7, I_W: i32 = 8, I_SHIFT: i32 = 9;
const I_BX: i32 = 10, I_BZ: i32 = 11, I_BH: i32 = 12;
const I_MIN_D: i32 = 13, I_MAX_D: i32 = 14, I_OBS_MIN: i32 = 15, I_OBS_MAX: i32 = 16, I_FL_MIN: i32 = 17, I_FL_MAX: i32 = 18;

// Stats written to `stats` (i32 slots).
const S_VALID: i32 = 0;
const S_OBSTACLE_PTS: i32 = 1;
const S_FLOOR_PTS: i32 = 2;
const S_ENDPOINTS: i32 = 3;
const S_CARVED: i32 = 4;
const S_CLIPPED: i32 = 5;
const S_CAM_X: i32 = 6;
const S_CAM_Z: i32 = 7;

@inline function pi(iparams: usize, i: i32): i32 {
  return load<i32>(iparams + (<usize>i << 2));
}
/** Sum of the eight 16-bit lanes of a counter, widened. */
@inline function sum16(v: v128): i32 {
  const p = i32x4.extadd_pairwise_i16x8_s(v);
  return i32x4.extract_lane(p, 0) + i32x4.extract_lane(p, 1) + i32x4.extract_lane(p, 2) + i32x4.extract_lane(p, 3);
}
/** The scalar twin of i16x8.q15mulr_sat_s. */
@inline function q15(a: i32, b: i32): i32 {
  const r = (a * b + 0x4000) >> 15;
  return r > 32767 ? 32767 : r;
}
/** The scalar twin of a 16-bit lane add (wrapping). */
@inline function add16(a: i32, b: i32): i32 {
  return <i32><i16>(a + b);
}
/** Depth in 1/1024 m, saturated to 16 bits (NaN, infinities and negatives land out of range). */
@inline function depth16(d: f32): i32 {
  const r = reinterpret<i32>(d * 1024.0 + MAGIC) - MAGIC_BITS;
  return r > 32767 ? 32767 : r < -32768 ? -32768 : r;
}

/**
 * Integrates one float32 depth frame (metres; anything outside [minDepth, maxDepth], NaN included,
 * is ignored) into `grid`. `cols` holds 3·w8 i16 column ray terms (w8 = w rounded up to 8), `rows`
 * 3·h i16 row terms; `codes` is scratch for 2·(w8 + 16) u16; `endpoints` holds `endCap` + 1 i32 (cells that
 * would overflow it are marked but not carved and counted as clipped). Returns the number of distinct
 * obstacle endpoint cells.
 *
 * The caller grows the grid to cover the camera cell ± R cells, and R covers maxDepth times the
 * largest ray stretch, so every valid point lands inside it; the per-cell checks only keep memory safe.
 */
export function integrate(
  depth: usize, w: i32, h: i32,
  cols: usize, rows: usize, iparams: usize,
  grid: usize, codes: usize, endpoints: usize, stats: usize,
): i32 {
  const gw = pi(iparams, I_GW), gh = pi(iparams, I_GH);
  const ox = pi(iparams, I_OX), oz = pi(iparams, I_OZ);
  const endCap = pi(iparams, I_END_CAP);
  const camX = pi(iparams, I_CAM_X), camZ = pi(iparams, I_CAM_Z);
  const R = pi(iparams, I_R), W = pi(iparams, I_W), shift = pi(iparams, I_SHIFT);
  const bx = pi(iparams, I_BX), bz = pi(iparams, I_BZ), bh = pi(iparams, I_BH);
  const minD = pi(iparams, I_MIN_D), maxD = pi(iparams, I_MAX_D);
  const obsMin = pi(iparams, I_OBS_MIN), obsMax = pi(iparams, I_OBS_MAX);
  const flMin = pi(iparams, I_FL_MIN), flMax = pi(iparams, I_FL_MAX);
  const W2 = W * W;
  const invW: f32 = <f32>1 / <f32>W;
  const w8 = (w + 7) & ~7, w8b = <usize>w8 << 1;
  const colX = cols, colZ = cols + w8b, colH = cols + 2 * w8b;
  const rowX = rows, rowZ = rows + (<usize>h << 1), rowH = rows + (<usize>h << 2);

  let nEnd = 0, clipped = 0, valid = 0, nObst = 0, nFloor = 0;
  // Each row in two passes. Pass 1: per pixel a change code — window cell index for floor, index + W²
  // for an obstacle, NO_CODE for nothing. Pass 2: a pixel whose code equals its left or upper
  // neighbour's changes nothing (both were marked earlier in this frame and marking is idempotent;
  // on teddy 97 % of classified pixels repeat one of them), so only the rest reach the scalar path.
  const vMagic = f32x4.splat(MAGIC), vScale = f32x4.splat(1024), vMagicBits = i32x4.splat(MAGIC_BITS);
  const vMinD = i16x8.splat(<i16>(minD - 1)), vMaxD = i16x8.splat(<i16>(maxD + 1));
  const vObsMin = i16x8.splat(<i16>obsMin), vObsMax = i16x8.splat(<i16>obsMax);
  const vFlMin = i16x8.splat(<i16>flMin), vFlMax = i16x8.splat(<i16>(flMax + 1));
  const vBx = i16x8.splat(<i16>bx), vBz = i16x8.splat(<i16>bz), vBh = i16x8.splat(<i16>bh);
  const vW = i16x8.splat(<i16>W), vW2 = i16x8.splat(<i16>W2), vNone = i16x8.splat(-1);
  // two rows of codes, each with eight NO_CODE lanes of padding on both sides for the diagonal loads
  const stride = w8b + 32;
  memory.fill(codes, 0xff, 2 * stride);
  let cur = codes + 16, above = codes + 16 + stride;
  for (let v = 0; v < h; v++) {
    const rv = <usize>v << 1;
    const rx = <i32>load<i16>(rowX + rv), rz = <i32>load<i16>(rowZ + rv), rh = <i32>load<i16>(rowH + rv);
    const vRx = i16x8.splat(<i16>rx), vRz = i16x8.splat(<i16>rz), vRh = i16x8.splat(<i16>rh);
    const row = depth + (<usize>(v * w) << 2);
    let accV = i16x8.splat(0), accO = accV, accF = accV;
    const wFull = w & ~7;
    for (let u = 0; u < wFull; u += 8) {
      const o = <usize>u << 1;
      const a = i32x4.sub(f32x4.add(f32x4.mul(v128.load(row + (<usize>u << 2)), vScale), vMagic), vMagicBits);
      const b = i32x4.sub(f32x4.add(f32x4.mul(v128.load(row + (<usize>u << 2) + 16), vScale), vMagic), vMagicBits);
      const d = i16x8.narrow_i32x4_s(a, b);
      const ok = v128.and(i16x8.gt_s(d, vMinD), i16x8.lt_s(d, vMaxD));
      if (!v128.any_true(ok)) { v128.store(cur + o, vNone); continue; }
      accV = i16x8.sub(accV, ok);
      const hgt = i16x8.add(i16x8.q15mulr_sat_s(d, i16x8.add(v128.load(colH + o), vRh)), vBh);
      const obst = v128.and(ok, v128.and(i16x8.gt_s(hgt, vObsMin), i16x8.lt_s(hgt, vObsMax)));
      const flr = v128.and(ok, v128.and(i16x8.gt_s(hgt, vFlMin), i16x8.lt_s(hgt, vFlMax)));
      accO = i16x8.sub(accO, obst);
      accF = i16x8.sub(accF, flr);
      const wx = i16x8.shr_s(i16x8.add(i16x8.q15mulr_sat_s(d, i16x8.add(v128.load(colX + o), vRx)), vBx), shift);
      const wz = i16x8.shr_s(i16x8.add(i16x8.q15mulr_sat_s(d, i16x8.add(v128.load(colZ + o), vRz)), vBz), shift);
      const idx = i16x8.add(i16x8.mul(wz, vW), wx);
      v128.store(cur + o, v128.or(i16x8.add(idx, v128.and(obst, vW2)), v128.not(v128.or(obst, flr))));
    }
    for (let u = wFull; u < w8; u++) {
      const o = <usize>u << 1;
      store<u16>(cur + o, NO_CODE);
      if (u >= w) continue;
      const d = depth16(load<f32>(row + (<usize>u << 2)));
      if (!(d >= minD && d <= maxD)) continue;
      valid++;
      const hgt = add16(q15(d, add16(<i32>load<i16>(colH + o), rh)), bh);
      const isObst = hgt > obsMin && hgt < obsMax;
      if (!isObst && !(hgt > flMin && hgt <= flMax)) continue;
      if (isObst) nObst++; else nFloor++;
      const wx = add16(q15(d, add16(<i32>load<i16>(colX + o), rx)), bx) >> shift;
      const wz = add16(q15(d, add16(<i32>load<i16>(colZ + o), rz)), bz) >> shift;
      const idx = add16(<i32><i16>(wz * W), wx);
      store<u16>(cur + o, <u16>(isObst ? idx + W2 : idx));
    }
    valid += sum16(accV);
    nObst += sum16(accO);
    nFloor += sum16(accF);

    let prev = vNone;
    for (let u = 0; u < w8; u += 8) {
      const o = <usize>u << 1;
      const code = v128.load(cur + o);
      const left = i8x16.shuffle(prev, code, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29);
      const left2 = i8x16.shuffle(prev, code, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27);
      prev = code;
      // the neighbours at left, two left, up-left, up and up-right were all marked earlier
      const a = above + o;
      const skip = v128.or(
        v128.or(v128.or(i16x8.eq(code, left), i16x8.eq(code, left2)), i16x8.eq(code, vNone)),
        v128.or(v128.or(i16x8.eq(code, v128.load(a - 2)), i16x8.eq(code, v128.load(a))), i16x8.eq(code, v128.load(a + 2))),
      );
      let m = ~i16x8.bitmask(skip) & 0xff;
      while (m) {
        const c = <i32>load<u16>(cur + o + (<usize>ctz<u32>(m) << 1));
        m &= m - 1;
        const isObst = c >= W2;
        const idx = isObst ? c - W2 : c;
        const wz = <i32>((<f32>idx + 0.5) * invW);
        const gx = camX - R + (idx - wz * W), gz = camZ - R + wz;
        if (<u32>idx >= <u32>W2 || <u32>gx >= <u32>gw || <u32>gz >= <u32>gh) { clipped++; continue; }
        const i = gz * gw + gx;
        const cell = grid + <usize>i;
        const s = load<u8>(cell);
        // Branch-free marking (which branch a lane takes is unpredictable): an obstacle becomes an
        // endpoint of this frame, pushed once; floor turns the cell free unless it is an obstacle.
        const seen = s == ENDPOINT, room = nEnd < endCap;
        const push = isObst & !seen & room;
        const obstState: u8 = seen || room ? ENDPOINT : OBSTACLE;
        const floorState: u8 = s & OBSTACLE ? s : FREE;
        store<u8>(cell, isObst ? obstState : floorState);
        store<i32>(endpoints + (<usize>nEnd << 2), i);
        nEnd += <i32>push;
        clipped += <i32>(isObst & !seen & !room);
      }
    }
    const t = cur; cur = above; above = t;
  }

  let carved = 0;
  for (let e = 0; e < nEnd; e++) {
    const i = load<i32>(endpoints + (<usize>e << 2));
    carved += carve(grid, gw, gh, camX, camZ, i % gw, i / gw);
  }
  for (let e = 0; e < nEnd; e++) store<u8>(grid + <usize>load<i32>(endpoints + (<usize>e << 2)), OBSTACLE);

  store<i32>(stats + (<usize>S_VALID << 2), valid);
  store<i32>(stats + (<usize>S_OBSTACLE_PTS << 2), nObst);
  store<i32>(stats + (<usize>S_FLOOR_PTS << 2), nFloor);
  store<i32>(stats + (<usize>S_ENDPOINTS << 2), nEnd);
  store<i32>(stats + (<usize>S_CARVED << 2), carved);
  store<i32>(stats + (<usize>S_CLIPPED << 2), clipped);
  store<i32>(stats + (<usize>S_CAM_X << 2), camX + ox);
  store<i32>(stats + (<usize>S_CAM_Z << 2), camZ + oz);
  return nEnd;
}

/**
 * Bresenham from grid cell (x0, z0) to (x1, z1), excluding the endpoint: every visited cell that is
 * not an obstacle becomes FREE. Returns the number of cells visited.
 */
function carve(grid: usize, gw: i32, gh: i32, x0: i32, z0: i32, x1: i32, z1: i32): i32 {
  const dx = abs<i32>(x1 - x0), dz = -abs<i32>(z1 - z0);
  const sx: i32 = x0 < x1 ? 1 : -1, sz: i32 = z0 < z1 ? 1 : -1;
  let err = dx + dz;
  let x = x0, z = z0, n = 0;
  while (x != x1 || z != z1) {
    if (<u32>x < <u32>gw && <u32>z < <u32>gh) {
      const cell = grid + <usize>(z * gw + x);
      if (!(load<u8>(cell) & OBSTACLE)) store<u8>(cell, FREE);
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
