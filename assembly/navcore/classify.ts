// Stage 1 of the occupancy update from one depth frame (SPEC §3, mapper.ts): back-projection, height
// classification and a cell code per classified pixel, of which only those that repeat neither the
// left nor the upper neighbour's are listed for marking. SIMD over eight pixels a step, whose only
// branch skips a step with no valid depth.
//
// One departure from SPEC §3's "otherwise ignored": a point at or below `dropMax` (a drop, seen
// through a hole in the floor such as a stairwell) marks an obstacle where its ray crossed the floor
// plane, the hole's near side. A level camera cannot see the treads of a flight going down, only the
// walls of the well beyond and below them, and the rays to those would otherwise carve the hole free.
import { pf, bump } from './blocks';
import {
  P_ROTATION, P_CAMERA, P_FX, P_FY, P_CX, P_CY, P_MIN_DEPTH, P_MAX_DEPTH, P_OBST_MIN, P_OBST_MAX, P_FLOOR_MIN, P_FLOOR_MAX, P_DROP_MAX,
  C_VALID, C_OBSTACLE_PTS, C_FLOOR_PTS,
} from '../../src/mapping/mapper-abi';

/** Scratch floats `classifyRows` needs for a frame `w` pixels wide: a column group per four columns. */
export function classifyScratchFloats(w: i32): i32 {
  return (((w + 7) & ~7) << 2) + 4 * HELD;
}

// classifyRows keeps, for every four columns side by side (a group of 64 bytes), their three ray
// terms and the codes the last row that had any there left: one pointer and fixed offsets reach them.
const G_RAY0 = 0, G_RAY1 = 16, G_RAY2 = 32, G_CODE = 48, G_BYTES = 64;
/** Splatted numbers classifyRows keeps after the groups (see `held`). */
const HELD = 13;

/**
 * `x` in four lanes, stored at `at` and read back. Read from memory before the loops, the frame's
 * numbers stay in vector registers or are reloaded whole: splatted in place, V8 keeps the scalars,
 * spills them and broadcasts them again on every step (8 % more time per teddy frame, timed in turn).
 */
@inline function held(at: usize, x: f32): v128 {
  v128.store(at, f32x4.splat(x));
  return v128.load(at);
}

/** The code of a pixel that is neither an obstacle nor a floor point. */
const NO_CODE: i32 = 0;
/** The sign bit: set in the code of a floor point. */
const FLOOR_BIT: i32 = <i32>0x80000000;

/** Whether a listed code (code4) is an obstacle point's or a drop's. */
@inline export function isObstacleCode(c: i32): bool {
  return c > 0;
}

/** The grid index a listed code (code4) stands for. */
@inline export function codeCell(c: i32): i32 {
  return <i32>reinterpret<f32>((c - 1) & ~FLOOR_BIT);
}

/**
 * Codes of four pixels (depth `d`, in range where `ok`, columns of group `g`), compared as integers:
 * one more than the f32 bit pattern of the cell index `gz·gw + gx` for an obstacle point or a drop
 * (at the depth `d·b2 / (b2 − height)` where its ray crossed the floor plane), the same with FLOOR_BIT
 * set for a floor point, NO_CODE (0) for anything else. Per-lane f32 operations round exactly like
 * the scalar tail (no fused multiply-add). `drops` is a constant at every call: without drops
 * (dropMax −∞, no height is at or below it) the division and the drop selects fold away.
 */
@inline function code4(
  d: v128, ok: v128, g: usize, r0: v128, r1: v128, r2: v128,
  b0: v128, b1: v128, b2: v128, obsMax: v128, flMin: v128, flMax: v128, dropMax: v128, gw: v128, drops: bool,
): v128 {
  const hgt = f32x4.add(f32x4.mul(d, f32x4.add(v128.load(g, G_RAY2), r2)), b2);
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
  // cells), so it is exact, and not negative (every point lies inside the frame's window of the grid).
  const gx = f32x4.floor(f32x4.add(f32x4.mul(dc, f32x4.add(v128.load(g, G_RAY0), r0)), b0));
  const gz = f32x4.floor(f32x4.add(f32x4.mul(dc, f32x4.add(v128.load(g, G_RAY1), r1)), b1));
  const gi = f32x4.add(f32x4.mul(gz, gw), gx);
  // the floor bit from the mask itself; + 1 (− the mask's −1) keeps index 0 apart from NO_CODE
  return v128.and(i32x4.sub(v128.xor(gi, i32x4.shl(flr, 31)), cls), cls);
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

/** Appends the lanes of `c` set in the 4-bit mask `m` to the list at `out` (n entries); returns the new count. */
@inline function pack4(c: v128, m: u32, out: usize, n: i32): i32 {
  // writes four lanes whatever m: the list has room for one entry per pixel and n is at most the
  // number of pixels before these four
  v128.store(out + (<usize>n << 2), i8x16.swizzle(c, v128.load(PACK + (<usize>m << 4))));
  return n + <i32>popcnt<u32>(m);
}

/**
 * Appends to `fresh` (n codes so far) the codes of eight pixels (`c0`, `c1`; `prev`: the four
 * before them) that repeat neither their left nor their upper neighbour (`up0`, `up1`) and are not
 * NO_CODE (bits set in `none`), without a branch (a branch on "any kept" mispredicts more than it
 * saves); returns the new count. Marking is idempotent, and on teddy 97 % of classified pixels
 * repeat one of them.
 */
@inline function keep8(c0: v128, c1: v128, prev: v128, up0: v128, up1: v128, none: u32, fresh: usize, n: i32): i32 {
  const l0 = i32x4.shuffle(prev, c0, 3, 4, 5, 6), l1 = i32x4.shuffle(c0, c1, 3, 4, 5, 6);
  const rep0 = i32x4.bitmask(v128.or(i32x4.eq(c0, l0), i32x4.eq(c0, up0)));
  const rep1 = i32x4.bitmask(v128.or(i32x4.eq(c1, l1), i32x4.eq(c1, up1)));
  const keep = ~(rep0 | (rep1 << 4) | none);
  return pack4(c1, (keep >> 4) & 15, fresh, pack4(c0, keep & 15, fresh, n));
}

/**
 * Stage 1 of a frame, for the depth rows of a float32 depth frame `w` wide and `h` high taken in
 * blocks: `rows` rows from v0, then `rows` rows from v0 + stride, and so on (metres; anything
 * outside [minDepth, maxDepth], NaN included, is ignored): back-projection, height classification
 * and a cell code per classified pixel (code4): an obstacle point or a drop (counted with the
 * obstacle points), or a floor point. Codes that repeat the pixel's left or upper neighbour are
 * dropped (keep8); the rest are appended to `fresh` (room for one code per pixel of the rows taken)
 * and their number returned. The first row of a block has no upper neighbour.
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
  params: usize, gw: i32, groups: usize, fresh: usize, counts: usize, drops: bool,
): i32 {
  const a00 = pf(params, P_ROTATION), a01 = pf(params, P_ROTATION + 1), a02 = pf(params, P_ROTATION + 2);
  const a10 = pf(params, P_ROTATION + 3), a11 = pf(params, P_ROTATION + 4), a12 = pf(params, P_ROTATION + 5);
  const a20 = pf(params, P_ROTATION + 6), a21 = pf(params, P_ROTATION + 7), a22 = pf(params, P_ROTATION + 8);
  const b0 = pf(params, P_CAMERA), b1 = pf(params, P_CAMERA + 1), b2 = pf(params, P_CAMERA + 2);
  const fx = pf(params, P_FX), fy = pf(params, P_FY), cx = pf(params, P_CX), cy = pf(params, P_CY);
  const minD = pf(params, P_MIN_DEPTH), maxD = pf(params, P_MAX_DEPTH);
  const obsMin = pf(params, P_OBST_MIN), obsMax = pf(params, P_OBST_MAX);
  const flMin = pf(params, P_FLOOR_MIN), flMax = pf(params, P_FLOOR_MAX), dropMax = pf(params, P_DROP_MAX);

  // Column terms of the three rows, ray_i[u] = a_i0 · (u − cx)/fx, into the column groups, whose
  // codes start as NO_CODE: the first row has no upper row. A code kept from an earlier row of this
  // call (where a later row skipped a block, or a block of rows starts) is a code this call listed or
  // dropped as a repeat of a listed one: a pixel that repeats it adds nothing, so it may be dropped too.
  const w8 = w & ~7, wPad = (w + 7) & ~7;
  memory.fill(groups, 0, <usize>wPad << 4);
  for (let u = 0; u < w; u++) {
    const k: f32 = (<f32>u - cx) / fx;
    const at = groups + (<usize>(u >> 2) << 6) + (<usize>(u & 3) << 2);
    store<f32>(at, a00 * k, G_RAY0);
    store<f32>(at, a10 * k, G_RAY1);
    store<f32>(at, a20 * k, G_RAY2);
  }
  if (rows < 1 || stride < rows) return 0;

  let nFresh = 0, valid = 0, classified = 0, floor = 0;
  // One pass per row, eight pixels (two groups) per step: their codes (code4, left in the groups for
  // the next row), the counts, and the codes kept (keep8). One branch skips all eight when none has
  // a valid depth: nothing to classify, count or keep there (on teddy 42 % of the pixels, in runs).
  // The last, partial step of a row (w not a multiple of 8) codes its pixels one by one (codeTail)
  // and is counted and kept like a full step.
  const K = groups + (<usize>wPad << 4);
  const vMinD = held(K, minD), vMaxD = held(K + 16, maxD);
  const vB0 = held(K + 32, b0), vB1 = held(K + 48, b1), vB2 = held(K + 64, b2);
  const vObsMax = held(K + 80, obsMax), vFlMin = held(K + 96, flMin), vFlMax = held(K + 112, flMax);
  const vDropMax = held(K + 128, dropMax), vGw = held(K + 144, <f32>gw);
  const noCode = i32x4.splat(NO_CODE);
  for (let v = v0; v < h; v++) {
    const inBlock = (v - v0) % stride;
    if (inBlock >= rows) { v += stride - rows - 1; continue; }
    const kRow: f32 = (<f32>v - cy) / fy;
    const r0: f32 = a01 * kRow + a02;
    const r1: f32 = a11 * kRow + a12;
    const r2: f32 = a21 * kRow + a22;
    const vR0 = held(K + 160, r0), vR1 = held(K + 176, r1), vR2 = held(K + 192, r2);
    const row = depth + (<usize>(v * w) << 2), rowEnd = row + (<usize>w8 << 2);
    let prev = noCode, g = groups;
    for (let q = row; q < rowEnd; q += 32, g += 2 * G_BYTES) {
      const d0 = v128.load(q), d1 = v128.load(q, 16);
      const ok0 = v128.and(f32x4.ge(d0, vMinD), f32x4.le(d0, vMaxD));
      const ok1 = v128.and(f32x4.ge(d1, vMinD), f32x4.le(d1, vMaxD));
      const okBits = i32x4.bitmask(ok0) | (i32x4.bitmask(ok1) << 4);
      if (!okBits) {
        // the codes there stay as an earlier row left them: see above
        prev = noCode;
        continue;
      }
      valid += popcnt(okBits);
      const c0 = code4(d0, ok0, g, vR0, vR1, vR2, vB0, vB1, vB2, vObsMax, vFlMin, vFlMax, vDropMax, vGw, drops);
      const c1 = code4(d1, ok1, g + G_BYTES, vR0, vR1, vR2, vB0, vB1, vB2, vObsMax, vFlMin, vFlMax, vDropMax, vGw, drops);
      const up0 = v128.load(g, G_CODE), up1 = v128.load(g, G_CODE + G_BYTES);
      v128.store(g, c0, G_CODE);
      v128.store(g, c1, G_CODE + G_BYTES);
      // floor codes are the negative ones
      const noneBits = i32x4.bitmask(i32x4.eq(c0, noCode)) | (i32x4.bitmask(i32x4.eq(c1, noCode)) << 4);
      classified += 8 - popcnt(noneBits);
      floor += popcnt(i32x4.bitmask(c0) | (i32x4.bitmask(c1) << 4));
      nFresh = keep8(c0, c1, prev, up0, up1, noneBits, fresh, nFresh);
      prev = c1;
    }
    if (w8 < w) {
      const up0 = v128.load(g, G_CODE), up1 = v128.load(g, G_CODE + G_BYTES);
      valid += codeTail(row, w8, w, g, r0, r1, r2, b0, b1, b2, minD, maxD, obsMin, obsMax, flMin, flMax, dropMax, gw);
      const c0 = v128.load(g, G_CODE), c1 = v128.load(g, G_CODE + G_BYTES);
      // the lanes past w have no code
      const noneBits = i32x4.bitmask(i32x4.eq(c0, noCode)) | (i32x4.bitmask(i32x4.eq(c1, noCode)) << 4);
      classified += 8 - popcnt(noneBits);
      floor += popcnt(i32x4.bitmask(c0) | (i32x4.bitmask(c1) << 4));
      nFresh = keep8(c0, c1, prev, up0, up1, noneBits, fresh, nFresh);
    }
  }
  bump(counts, C_VALID, valid);
  bump(counts, C_OBSTACLE_PTS, classified - floor);
  bump(counts, C_FLOOR_PTS, floor);
  return nFresh;
}

/**
 * The codes of a row's last pixels, from w8 to w (fewer than eight), one by one with code4's
 * arithmetic, into the two groups at `g` (their lanes past w keep NO_CODE); returns how many had a
 * valid depth.
 */
function codeTail(
  row: usize, w8: i32, w: i32, g: usize, r0: f32, r1: f32, r2: f32,
  b0: f32, b1: f32, b2: f32, minD: f32, maxD: f32, obsMin: f32, obsMax: f32, flMin: f32, flMax: f32, dropMax: f32, gw: i32,
): i32 {
  let valid = 0;
  for (let u = w8; u < w; u++) {
    const at = g + (<usize>((u - w8) >> 2) << 6) + (<usize>(u & 3) << 2);
    store<i32>(at, NO_CODE, G_CODE);
    const d = load<f32>(row + (<usize>u << 2));
    if (!(d >= minD && d <= maxD)) continue;
    valid++;
    const hgt: f32 = d * (load<f32>(at, G_RAY2) + r2) + b2;
    const isDrop = hgt <= dropMax;
    const isObst = isDrop || (hgt > obsMin && hgt < obsMax);
    if (!isObst && !(hgt > flMin && hgt <= flMax)) continue;
    const dc: f32 = isDrop ? (d * b2) / (b2 - hgt) : d;
    const gx: f32 = Mathf.floor(dc * (load<f32>(at, G_RAY0) + r0) + b0);
    const gz: f32 = Mathf.floor(dc * (load<f32>(at, G_RAY1) + r1) + b1);
    const gi: f32 = gz * <f32>gw + gx;
    store<i32>(at, (reinterpret<i32>(gi) | (isObst ? 0 : FLOOR_BIT)) + 1, G_CODE);
  }
  return valid;
}
