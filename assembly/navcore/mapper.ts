// Occupancy update from one depth frame (SPEC §3): back-projection, height classification, marking,
// per-frame de-duplication of obstacle endpoint cells, and ray carving from the camera cell.
//
// One departure from SPEC §3's "otherwise ignored": a point at or below `dropMax` (a drop, seen
// through a hole in the floor such as a stairwell) marks an obstacle where its ray crossed the floor
// plane, the hole's near side. A level camera cannot see the treads of a flight going down, only the
// walls of the well beyond and below them, and the rays to those would otherwise carve the hole free.
//
// The result is order-independent: a cell becomes OBSTACLE if any endpoint lands in it, FREE if it
// was carved or seen as floor and is not an obstacle (with column shadows, shadows.ts, also only if
// the frame saw its column's band whole), so the TypeScript reference can mirror it exactly as long
// as it repeats the same f32 arithmetic in the same order.
import { FREE, OBSTACLE, REMEMBERED } from './cells';
import { candidate } from './shadows';
import {
  P_ROTATION, P_CAMERA, P_FX, P_FY, P_CX, P_CY, P_MIN_DEPTH, P_MAX_DEPTH, P_OBST_MIN, P_OBST_MAX, P_FLOOR_MIN, P_FLOOR_MAX, P_DROP_MAX,
  C_VALID, C_OBSTACLE_PTS, C_FLOOR_PTS, C_CLIPPED,
} from '../../src/mapping/mapper-abi';

// Marks an obstacle cell that is already an endpoint of the current frame. Only ever present between
// `markCells` and `carveRays`: every marked cell is in the endpoint list and carveRays resets it.
const ENDPOINT: u8 = OBSTACLE | 0x80;

@inline function pf(params: usize, i: i32): f32 {
  return load<f32>(params + (<usize>i << 2));
}

@inline function bump(counts: usize, i: i32, by: i32): void {
  const p = counts + (<usize>i << 2);
  store<i32>(p, load<i32>(p) + by);
}
@inline function sumLanes(v: v128): i32 {
  return i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) + i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3);
}

/** Scratch floats `classifyRows` needs for a frame `w` pixels wide. */
export function classifyScratchFloats(w: i32): i32 {
  return 3 * w + 2 * ((w + 7) & ~7);
}

/**
 * Change codes of four pixels (depth `d`, in range where `ok`, at byte offset `o` of the row): the
 * cell index for an obstacle point or a drop (at the depth `d·b2 / (b2 − height)` where its ray
 * crossed the floor plane), −1 − index for a floor point, NaN for anything else. Per-lane f32
 * operations round exactly like the scalar tail (no fused multiply-add). `drops` is a constant at
 * every call: without drops (dropMax −∞, no height is at or below it) the division and the drop
 * selects fold away.
 */
@inline function code4(
  d: v128, ok: v128, o: usize, ray0: usize, ray1: usize, ray2: usize, r0: v128, r1: v128, r2: v128,
  b0: v128, b1: v128, b2: v128, obsMax: v128, flMin: v128, flMax: v128, dropMax: v128, gw: v128, drops: bool,
): v128 {
  const hgt = f32x4.add(f32x4.mul(d, f32x4.add(v128.load(ray2 + o), r2)), b2);
  // the bands meet (floorMax = obstacleMin, checked in TypeScript): one band test, one split
  let cls = v128.and(ok, v128.and(f32x4.gt(hgt, flMin), f32x4.lt(hgt, obsMax)));
  let flr = f32x4.le(hgt, flMax);
  let dc = d;
  if (drops) {
    // drops lie below the floor band (dropMax ≤ floorMin, checked in TypeScript)
    const drop = v128.and(ok, f32x4.le(hgt, dropMax));
    // drops are rare (a hole in the floor in view): the division only for four pixels with one
    if (v128.any_true(drop)) {
      flr = v128.andnot(flr, drop);
      dc = v128.bitselect(f32x4.div(f32x4.mul(d, b2), f32x4.sub(b2, hgt)), d, drop);
      cls = v128.or(cls, drop);
    }
  }
  // Cell arithmetic stays in f32: every value is an integer below 2^24 (the grid is capped at 2^24
  // cells), so it is exact.
  const gx = f32x4.floor(f32x4.add(f32x4.mul(dc, f32x4.add(v128.load(ray0 + o), r0)), b0));
  const gz = f32x4.floor(f32x4.add(f32x4.mul(dc, f32x4.add(v128.load(ray1 + o), r1)), b1));
  const gi = f32x4.add(f32x4.mul(gz, gw), gx);
  return v128.or(v128.bitselect(f32x4.sub(f32x4.splat(-1), gi), gi, flr), v128.not(cls));
}

// Byte shuffles that move the lanes set in a 4-bit mask to the front, in order (i8x16.swizzle; 255
// zeroes a byte): entry m at byte 16·m.
const PACK = memory.data<u8>([
  255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  4, 5, 6, 7, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 4, 5, 6, 7, 255, 255, 255, 255, 255, 255, 255, 255,
  8, 9, 10, 11, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 8, 9, 10, 11, 255, 255, 255, 255, 255, 255, 255, 255,
  4, 5, 6, 7, 8, 9, 10, 11, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 255, 255, 255, 255,
  12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255,
  4, 5, 6, 7, 12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 255, 255, 255, 255,
  8, 9, 10, 11, 12, 13, 14, 15, 255, 255, 255, 255, 255, 255, 255, 255,
  0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, 255, 255, 255, 255,
  4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 255, 255, 255, 255,
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
]);

/** Appends the lanes of `c` set in mask `k` to the list at `out` (n entries); returns the new count. */
@inline function pack4(c: v128, k: v128, out: usize, n: i32): i32 {
  const m = i32x4.bitmask(k);
  // writes four lanes whatever m: the list has room for one entry per pixel and n is at most the
  // number of pixels before these four
  v128.store(out + (<usize>n << 2), i8x16.swizzle(c, v128.load(PACK + (<usize>m << 4))));
  return n + <i32>popcnt<u32>(m);
}

/**
 * Appends to `fresh` (n codes so far, f32) the codes of eight pixels (`c0`, `c1`) that are classified
 * and differ from both their left neighbour (`l0`, `l1`) and the upper one (at `up`), without a
 * branch. Returns the new count.
 */
@inline function keep8(c0: v128, c1: v128, l0: v128, l1: v128, up: usize, fresh: usize, n: i32): i32 {
  const k0 = v128.andnot(f32x4.eq(c0, c0), v128.or(f32x4.eq(c0, l0), f32x4.eq(c0, v128.load(up))));
  const k1 = v128.andnot(f32x4.eq(c1, c1), v128.or(f32x4.eq(c1, l1), f32x4.eq(c1, v128.load(up + 16))));
  return pack4(c1, k1, fresh, pack4(c0, k0, fresh, n));
}

/**
 * Stage 1 of a frame, for the depth rows of a float32 depth frame `w` wide and `h` high taken in
 * blocks: `rows` rows from v0, then `rows` rows from v0 + stride, and so on (metres; anything
 * outside [minDepth, maxDepth], NaN included, is ignored): back-projection, height classification
 * and a cell code per classified pixel — the grid index `gz·gw + gx` for an obstacle point or a drop
 * (counted with the obstacle points), `−1 − index` for a floor point. Codes that repeat the pixel's left or upper neighbour are dropped
 * (marking is idempotent; on teddy 97 % of classified pixels repeat one of them); the rest are
 * appended to `fresh` (room for one code per pixel of the rows taken) and their number returned.
 * The first row of a block has no upper neighbour.
 *
 * Reads only the depth rows, the parameters and its own `scratch` (classifyScratchFloats(w) floats),
 * so two threads can take interleaved blocks of one frame over one shared memory.
 */
export function classifyRows(
  depth: usize, w: i32, h: i32, v0: i32, rows: i32, stride: i32,
  params: usize, gw: i32, scratch: usize, fresh: usize, counts: usize,
): i32 {
  // one loop per case, the drop terms compiled out of the other (frames without drops are the rule)
  return pf(params, P_DROP_MAX) > -Infinity
    ? classifyRowsOf(depth, w, h, v0, rows, stride, params, gw, scratch, fresh, counts, true)
    : classifyRowsOf(depth, w, h, v0, rows, stride, params, gw, scratch, fresh, counts, false);
}

@inline function classifyRowsOf(
  depth: usize, w: i32, h: i32, v0: i32, rows: i32, stride: i32,
  params: usize, gw: i32, scratch: usize, fresh: usize, counts: usize, drops: bool,
): i32 {
  const a00 = pf(params, P_ROTATION), a01 = pf(params, P_ROTATION + 1), a02 = pf(params, P_ROTATION + 2);
  const a10 = pf(params, P_ROTATION + 3), a11 = pf(params, P_ROTATION + 4), a12 = pf(params, P_ROTATION + 5);
  const a20 = pf(params, P_ROTATION + 6), a21 = pf(params, P_ROTATION + 7), a22 = pf(params, P_ROTATION + 8);
  const b0 = pf(params, P_CAMERA), b1 = pf(params, P_CAMERA + 1), b2 = pf(params, P_CAMERA + 2);
  const fx = pf(params, P_FX), fy = pf(params, P_FY), cx = pf(params, P_CX), cy = pf(params, P_CY);
  const minD = pf(params, P_MIN_DEPTH), maxD = pf(params, P_MAX_DEPTH);
  const obsMin = pf(params, P_OBST_MIN), obsMax = pf(params, P_OBST_MAX);
  const flMin = pf(params, P_FLOOR_MIN), flMax = pf(params, P_FLOOR_MAX), dropMax = pf(params, P_DROP_MAX);

  // Column terms of the three rows: ray_i[u] = a_i0 · (u − cx)/fx.
  const ray0 = scratch, ray1 = scratch + (<usize>w << 2), ray2 = scratch + (<usize>w << 3);
  // Change codes of the current and the previous row.
  const w4 = w & ~3, w8 = w & ~7, wPad = (w + 7) & ~7;
  const codesA = scratch + (<usize>(3 * w) << 2), codesB = codesA + (<usize>wPad << 2);
  for (let u = 0; u < w; u++) {
    const k: f32 = (<f32>u - cx) / fx;
    const o = <usize>u << 2;
    store<f32>(ray0 + o, a00 * k);
    store<f32>(ray1 + o, a10 * k);
    store<f32>(ray2 + o, a20 * k);
  }

  let nFresh = 0, tailValid = 0;
  // One pass per row, eight pixels per step: their change codes (code4, written out for the next
  // row), the counts, and the codes kept (keep8). One branch skips all eight when none has a valid
  // depth: nothing to classify, count or keep there (on teddy 42 % of the pixels, in runs). The
  // last, partial step of a row (w not a multiple of 8) codes its pixels first and keeps them after.
  let accValid = i32x4.splat(0), accCls = i32x4.splat(0), accFloor = i32x4.splat(0);
  const vMinD = f32x4.splat(minD), vMaxD = f32x4.splat(maxD);
  const vB0 = f32x4.splat(b0), vB1 = f32x4.splat(b1), vB2 = f32x4.splat(b2);
  const vObsMax = f32x4.splat(obsMax);
  const vFlMin = f32x4.splat(flMin), vFlMax = f32x4.splat(flMax), vDropMax = f32x4.splat(dropMax);
  const vGw = f32x4.splat(<f32>gw);
  const vZero = f32x4.splat(0), vNaN = f32x4.splat(NaN);
  let cur = codesA, above = codesB;
  // NaN: the first row has no upper row. A code kept from an earlier row of this call (where a
  // later row skipped a block, or a block of rows starts) is a code this call listed or dropped as a
  // repeat of a listed one: a pixel that repeats it adds nothing, so it may be dropped too.
  memory.fill(codesA, 0xff, <usize>(2 * wPad) << 2);
  if (rows < 1 || stride < rows) return 0;
  for (let v = v0; v < h; v++) {
    const inBlock = (v - v0) % stride;
    if (inBlock >= rows) { v += stride - rows - 1; continue; }
    const kv: f32 = (<f32>v - cy) / fy;
    const r0: f32 = a01 * kv + a02;
    const r1: f32 = a11 * kv + a12;
    const r2: f32 = a21 * kv + a22;
    const vR0 = f32x4.splat(r0), vR1 = f32x4.splat(r1), vR2 = f32x4.splat(r2);
    const row = depth + (<usize>(v * w) << 2);
    let prev = vNaN;
    for (let u = 0; u < w8; u += 8) {
      const o = <usize>u << 2, o1 = o + 16;
      const d0 = v128.load(row + o), d1 = v128.load(row + o1);
      const ok0 = v128.and(f32x4.ge(d0, vMinD), f32x4.le(d0, vMaxD));
      const ok1 = v128.and(f32x4.ge(d1, vMinD), f32x4.le(d1, vMaxD));
      if (!v128.any_true(v128.or(ok0, ok1))) {
        // the codes there stay as an earlier row left them: see above
        prev = vNaN;
        continue;
      }
      accValid = i32x4.sub(i32x4.sub(accValid, ok0), ok1);
      const c0 = code4(d0, ok0, o, ray0, ray1, ray2, vR0, vR1, vR2, vB0, vB1, vB2, vObsMax, vFlMin, vFlMax, vDropMax, vGw, drops);
      const c1 = code4(d1, ok1, o1, ray0, ray1, ray2, vR0, vR1, vR2, vB0, vB1, vB2, vObsMax, vFlMin, vFlMax, vDropMax, vGw, drops);
      v128.store(cur + o, c0);
      v128.store(cur + o1, c1);
      accCls = i32x4.sub(i32x4.sub(accCls, f32x4.eq(c0, c0)), f32x4.eq(c1, c1)); // NaN: unclassified
      accFloor = i32x4.sub(i32x4.sub(accFloor, f32x4.lt(c0, vZero)), f32x4.lt(c1, vZero));
      nFresh = keep8(c0, c1, i32x4.shuffle(prev, c0, 3, 4, 5, 6), i32x4.shuffle(c0, c1, 3, 4, 5, 6), above + o, fresh, nFresh);
      prev = c1;
    }
    if (w8 < w) {
      if (w8 < w4) {
        const o = <usize>w8 << 2;
        const d = v128.load(row + o);
        const ok = v128.and(f32x4.ge(d, vMinD), f32x4.le(d, vMaxD));
        accValid = i32x4.sub(accValid, ok);
        v128.store(cur + o, code4(d, ok, o, ray0, ray1, ray2, vR0, vR1, vR2, vB0, vB1, vB2, vObsMax, vFlMin, vFlMax, vDropMax, vGw, drops));
      }
      for (let u = w4; u < w; u++) {
        const o = <usize>u << 2;
        store<f32>(cur + o, NaN);
        const d = load<f32>(row + o);
        if (!(d >= minD && d <= maxD)) continue;
        tailValid++;
        const hgt: f32 = d * (load<f32>(ray2 + o) + r2) + b2;
        const isDrop = hgt <= dropMax;
        const isObst = isDrop || (hgt > obsMin && hgt < obsMax);
        if (!isObst && !(hgt > flMin && hgt <= flMax)) continue;
        const dc: f32 = isDrop ? (d * b2) / (b2 - hgt) : d;
        const gx: f32 = Mathf.floor(dc * (load<f32>(ray0 + o) + r0) + b0);
        const gz: f32 = Mathf.floor(dc * (load<f32>(ray1 + o) + r1) + b1);
        const gi: f32 = gz * <f32>gw + gx;
        store<f32>(cur + o, isObst ? gi : <f32>-1 - gi);
      }
      const o = <usize>w8 << 2;
      const c0 = v128.load(cur + o), c1 = v128.load(cur + o + 16);
      accCls = i32x4.sub(i32x4.sub(accCls, f32x4.eq(c0, c0)), f32x4.eq(c1, c1));
      accFloor = i32x4.sub(i32x4.sub(accFloor, f32x4.lt(c0, vZero)), f32x4.lt(c1, vZero));
      nFresh = keep8(c0, c1, i32x4.shuffle(prev, c0, 3, 4, 5, 6), i32x4.shuffle(c0, c1, 3, 4, 5, 6), above + o, fresh, nFresh);
    }
    const t = cur; cur = above; above = t;
  }
  bump(counts, C_VALID, sumLanes(accValid) + tailValid);
  bump(counts, C_OBSTACLE_PTS, sumLanes(accCls) - sumLanes(accFloor));
  bump(counts, C_FLOOR_PTS, sumLanes(accFloor));
  return nFresh;
}

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
    const c = <i32>load<f32>(fresh + (<usize>k << 2));
    const isObst = c >= 0;
    const i = isObst ? c : -1 - c;
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
