// Z-buffered textured-triangle rasteriser over flat memory owned by the TypeScript side, in two
// passes: a visibility pass (inverse depth + triangle record per pixel, SIMD depth tests) and a
// shading pass that textures each pixel once.
//
// Triangle record (60 bytes): three corners of x y z u v as f32, world frame of the scene.
// Attribute record (16 bytes): texture index u32, instance id u32, shade u32 (0..256), flags u32
//   (bit 0: double-sided). Front faces are counter-clockwise seen from the front.
// Texture table record (16 bytes): pixel pointer (u32 per texel, bytes R G B x), width, height, 0.
// Camera: OpenCV axes (x right, y down, z forward); depth is the camera-z distance.

const TRI_BYTES: usize = 60;
const ATTR_BYTES: usize = 16;
const TEX_BYTES: usize = 16;
const V: i32 = 5; // floats per clip-space vertex: X Y Z u v

let W: i32 = 0;
let H: i32 = 0;
let FX: f64 = 1;
let FY: f64 = 1;
let CX: f64 = 0;
let CY: f64 = 0;
let NEAR: f64 = 0.05;
let r00: f64 = 1, r01: f64 = 0, r02: f64 = 0, t0: f64 = 0;
let r10: f64 = 0, r11: f64 = 1, r12: f64 = 0, t1: f64 = 0;
let r20: f64 = 0, r21: f64 = 0, r22: f64 = 1, t2: f64 = 0;
let rgbOut: usize = 0;
let zbuf: usize = 0;
let idOut: usize = 0;
// visibility buffer: per pixel the 1-based index of the winning setup record, 0 = nothing
let visBuf: usize = 0;
// per rasterised triangle: screen-space plane coefficients of 1/z, u/z, v/z and its appearance
let setupBuf: usize = 0;
let setupCap: i32 = 0;
let setupCount: i32 = 0;
const SETUP_BYTES: usize = 96;

// current triangle's appearance
let texPix: usize = 0;
let texW: i32 = 1;
let texH: i32 = 1;
let curId: u32 = 0;
let curShade: u32 = 256;
let curDouble: bool = false;

// clipping scratch: input polygon (3 vertices) and output polygon (≤ 4 vertices)
const poly = new StaticArray<f64>(3 * V);
const clipped = new StaticArray<f64>(4 * V);

/**
 * Pass 1 for one camera-space triangle: records its plane coefficients and writes inverse depth and
 * its record index wherever it is nearest. Shading waits for pass 2, so hidden pixels cost only a
 * depth test (four pixels at a time).
 */
function rasterTri(src: StaticArray<f64>, a: i32, b: i32, c: i32): void {
  const za = unchecked(src[a * V + 2]), zb = unchecked(src[b * V + 2]), zc = unchecked(src[c * V + 2]);
  const iza = 1.0 / za, izb = 1.0 / zb, izc = 1.0 / zc;
  let x0 = FX * unchecked(src[a * V]) * iza + CX, y0 = FY * unchecked(src[a * V + 1]) * iza + CY;
  let x1 = FX * unchecked(src[b * V]) * izb + CX, y1 = FY * unchecked(src[b * V + 1]) * izb + CY;
  let x2 = FX * unchecked(src[c * V]) * izc + CX, y2 = FY * unchecked(src[c * V + 1]) * izc + CY;
  let q0 = iza, q1 = izb, q2 = izc;
  let u0 = unchecked(src[a * V + 3]) * iza, u1 = unchecked(src[b * V + 3]) * izb, u2 = unchecked(src[c * V + 3]) * izc;
  let v0 = unchecked(src[a * V + 4]) * iza, v1 = unchecked(src[b * V + 4]) * izb, v2 = unchecked(src[c * V + 4]) * izc;
  let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  // with image y pointing down, a front face has negative signed area
  if (area >= 0) {
    if (!curDouble || area == 0) return;
  } else {
    let t = x1; x1 = x2; x2 = t;
    t = y1; y1 = y2; y2 = t;
    t = q1; q1 = q2; q2 = t;
    t = u1; u1 = u2; u2 = t;
    t = v1; v1 = v2; v2 = t;
    area = -area;
  }
  if (area < 1e-12) return;
  let fxmin = Math.min(x0, Math.min(x1, x2)), fxmax = Math.max(x0, Math.max(x1, x2));
  let fymin = Math.min(y0, Math.min(y1, y2)), fymax = Math.max(y0, Math.max(y1, y2));
  if (fxmax < 0 || fymax < 0 || fxmin > f64(W - 1) || fymin > f64(H - 1)) return;
  const xmin = i32(Math.max(0, Math.ceil(fxmin)));
  const xmax = i32(Math.min(f64(W - 1), Math.floor(fxmax)));
  const ymin = i32(Math.max(0, Math.ceil(fymin)));
  const ymax = i32(Math.min(f64(H - 1), Math.floor(fymax)));
  if (xmin > xmax || ymin > ymax) return;
  if (setupCount >= setupCap) return;

  // edge functions E(p) = A x + B y + C, each ≥ 0 inside; E12 weights vertex 0, E20 vertex 1, E01 vertex 2
  const A0 = y1 - y2, B0 = x2 - x1, C0 = x1 * y2 - x2 * y1;
  const A1 = y2 - y0, B1 = x0 - x2, C1 = x2 * y0 - x0 * y2;
  const A2 = y0 - y1, B2 = x1 - x0, C2 = x0 * y1 - x1 * y0;
  const inv = 1.0 / area;
  const dqx = (A0 * q0 + A1 * q1 + A2 * q2) * inv, dqy = (B0 * q0 + B1 * q1 + B2 * q2) * inv, cq = (C0 * q0 + C1 * q1 + C2 * q2) * inv;
  const sp = setupBuf + <usize>setupCount * SETUP_BYTES;
  store<f64>(sp, cq);
  store<f64>(sp, dqx, 8);
  store<f64>(sp, dqy, 16);
  store<f64>(sp, (C0 * u0 + C1 * u1 + C2 * u2) * inv, 24);
  store<f64>(sp, (A0 * u0 + A1 * u1 + A2 * u2) * inv, 32);
  store<f64>(sp, (B0 * u0 + B1 * u1 + B2 * u2) * inv, 40);
  store<f64>(sp, (C0 * v0 + C1 * v1 + C2 * v2) * inv, 48);
  store<f64>(sp, (A0 * v0 + A1 * v1 + A2 * v2) * inv, 56);
  store<f64>(sp, (B0 * v0 + B1 * v1 + B2 * v2) * inv, 64);
  store<u32>(sp, <u32>texPix, 72);
  store<i32>(sp, texW, 76);
  store<i32>(sp, texH, 80);
  store<u32>(sp, curShade, 84);
  store<u32>(sp, curId, 88);
  setupCount++;

  // per edge, the span bound is linear in y: x ≥ (or ≤) m·y + k; horizontal edges bound y instead
  let y0i = ymin, y1i = ymax;
  let loM0 = 0.0, loK0 = -1e30, loM1 = 0.0, loK1 = -1e30, loM2 = 0.0, loK2 = -1e30;
  let hiM0 = 0.0, hiK0 = 1e30, hiM1 = 0.0, hiK1 = 1e30, hiM2 = 0.0, hiK2 = 1e30;
  if (A0 > 0) { loM0 = -B0 / A0; loK0 = -C0 / A0; } else if (A0 < 0) { hiM0 = -B0 / A0; hiK0 = -C0 / A0; }
  else if (B0 > 0) y0i = max(y0i, i32(Math.ceil(-C0 / B0))); else if (B0 < 0) y1i = min(y1i, i32(Math.floor(-C0 / B0)));
  if (A1 > 0) { loM1 = -B1 / A1; loK1 = -C1 / A1; } else if (A1 < 0) { hiM1 = -B1 / A1; hiK1 = -C1 / A1; }
  else if (B1 > 0) y0i = max(y0i, i32(Math.ceil(-C1 / B1))); else if (B1 < 0) y1i = min(y1i, i32(Math.floor(-C1 / B1)));
  if (A2 > 0) { loM2 = -B2 / A2; loK2 = -C2 / A2; } else if (A2 < 0) { hiM2 = -B2 / A2; hiK2 = -C2 / A2; }
  else if (B2 > 0) y0i = max(y0i, i32(Math.ceil(-C2 / B2))); else if (B2 < 0) y1i = min(y1i, i32(Math.floor(-C2 / B2)));
  const fxminI = f64(xmin), fxmaxI = f64(xmax);

  const tag = i32x4.splat(setupCount);
  const dq4 = f32x4.splat(f32(dqx * 4));
  const w = W;
  for (let y = y0i; y <= y1i; y++) {
    const fy = f64(y);
    const lo = Math.max(fxminI, Math.max(loM0 * fy + loK0, Math.max(loM1 * fy + loK1, loM2 * fy + loK2)));
    const hi = Math.min(fxmaxI, Math.min(hiM0 * fy + hiK0, Math.min(hiM1 * fy + hiK1, hiM2 * fy + hiK2)));
    const xs = i32(Math.ceil(lo)), xe = i32(Math.floor(hi));
    if (xs > xe) continue;
    const qs = cq + dqy * fy + dqx * f64(xs);
    let q4 = f32x4(f32(qs), f32(qs + dqx), f32(qs + 2 * dqx), f32(qs + 3 * dqx));
    const row = <usize>(y * w);
    let x = xs;
    for (; x + 3 <= xe; x += 4) {
      const off = (row + <usize>x) << 2;
      const zp = zbuf + off;
      const old = v128.load(zp);
      const m = f32x4.gt(q4, old);
      if (v128.any_true(m)) {
        v128.store(zp, v128.bitselect(q4, old, m));
        const vp = visBuf + off;
        v128.store(vp, v128.bitselect(tag, v128.load(vp), m));
      }
      q4 = f32x4.add(q4, dq4);
    }
    let q = f32x4.extract_lane(q4, 0);
    const dq = f32(dqx);
    for (; x <= xe; x++) {
      const off = (row + <usize>x) << 2;
      if (q > load<f32>(zbuf + off)) {
        store<f32>(zbuf + off, q);
        store<i32>(visBuf + off, setupCount);
      }
      q += dq;
    }
  }
}

/** Shades one pixel from record t (1-based); the scalar path of pass 2. */
@inline function shadeOne(i: usize, x: i32, y: i32, t: i32, depth: usize): void {
  const o = rgbOut + i * 3;
  if (t == 0) {
    store<u16>(o, 0);
    store<u8>(o, 0, 2);
    store<f32>(depth + (i << 2), 0);
    store<u32>(idOut + (i << 2), 0);
    return;
  }
  const sp = setupBuf + <usize>(t - 1) * SETUP_BYTES;
  const fx = f64(x), fy = f64(y);
  const q = load<f64>(sp) + load<f64>(sp, 8) * fx + load<f64>(sp, 16) * fy;
  const z = 1.0 / q;
  const su = (load<f64>(sp, 24) + load<f64>(sp, 32) * fx + load<f64>(sp, 40) * fy) * z;
  const sv = (load<f64>(sp, 48) + load<f64>(sp, 56) * fx + load<f64>(sp, 64) * fy) * z;
  const tw = load<i32>(sp, 76), th = load<i32>(sp, 80);
  let tx = i32((su - Math.floor(su)) * f64(tw));
  let ty = i32((sv - Math.floor(sv)) * f64(th));
  if (tx >= tw) tx = tw - 1;
  if (ty >= th) ty = th - 1;
  if (tx < 0) tx = 0;
  if (ty < 0) ty = 0;
  const c = load<u32>(<usize>load<u32>(sp, 72) + (<usize>(ty * tw + tx) << 2));
  const shade = load<u32>(sp, 84);
  const rb = (((c & 0xff00ff) * shade) >> 8) & 0xff00ff;
  const g = (((c & 0x00ff00) * shade) >> 8) & 0x00ff00;
  store<u16>(o, <u16>(rb | g));
  store<u8>(o, <u8>(rb >> 16), 2);
  store<f32>(depth + (i << 2), f32(z));
  store<u32>(idOut + (i << 2), load<u32>(sp, 88));
}

/**
 * Pass 2: shades every pixel once from its winning triangle's coefficients (perspective-correct
 * texture coordinates, metric depth = camera z) and writes RGB, depth and instance id. Four
 * neighbouring pixels of the same triangle are shaded together in SIMD lanes.
 */
export function resolve(depth: usize): void {
  const w = W, h = H;
  const n = <usize>(w * h);
  const lanes = f32x4(0, 1, 2, 3);
  const mask = i32x4.splat(0xff00ff), maskG = i32x4.splat(0x00ff00);
  // RGBx RGBx RGBx RGBx → RGB RGB RGB RGB (last four bytes are overwritten by the next group)
  const pack = i8x16(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
  for (let y = 0; y < h; y++) {
    const fy = f64(y);
    let x = 0;
    for (; x + 3 < w; x += 4) {
      const i = <usize>(y * w + x);
      const t = load<i32>(visBuf + (i << 2));
      const tags = v128.load(visBuf + (i << 2));
      if (t == 0 || !i32x4.all_true(i32x4.eq(tags, i32x4.splat(t))) || i + 8 > n) {
        for (let k = 0; k < 4; k++) shadeOne(i + <usize>k, x + k, y, load<i32>(visBuf + ((i + <usize>k) << 2)), depth);
        continue;
      }
      const sp = setupBuf + <usize>(t - 1) * SETUP_BYTES;
      const fx = f64(x);
      const dqx = f32(load<f64>(sp, 8)), dux = f32(load<f64>(sp, 32)), dvx = f32(load<f64>(sp, 56));
      const q = f32x4.add(f32x4.splat(f32(load<f64>(sp) + load<f64>(sp, 8) * fx + load<f64>(sp, 16) * fy)), f32x4.mul(lanes, f32x4.splat(dqx)));
      const uq = f32x4.add(f32x4.splat(f32(load<f64>(sp, 24) + load<f64>(sp, 32) * fx + load<f64>(sp, 40) * fy)), f32x4.mul(lanes, f32x4.splat(dux)));
      const vq = f32x4.add(f32x4.splat(f32(load<f64>(sp, 48) + load<f64>(sp, 56) * fx + load<f64>(sp, 64) * fy)), f32x4.mul(lanes, f32x4.splat(dvx)));
      const z = f32x4.div(f32x4.splat(1.0), q);
      const su = f32x4.mul(uq, z), sv = f32x4.mul(vq, z);
      const tw = load<i32>(sp, 76), th = load<i32>(sp, 80);
      const twv = i32x4.splat(tw), thv = i32x4.splat(th);
      let tx = i32x4.trunc_sat_f32x4_s(f32x4.mul(f32x4.sub(su, f32x4.floor(su)), f32x4.convert_i32x4_s(twv)));
      let ty = i32x4.trunc_sat_f32x4_s(f32x4.mul(f32x4.sub(sv, f32x4.floor(sv)), f32x4.convert_i32x4_s(thv)));
      const zero = i32x4.splat(0);
      tx = i32x4.max_s(zero, i32x4.min_s(tx, i32x4.sub(twv, i32x4.splat(1))));
      ty = i32x4.max_s(zero, i32x4.min_s(ty, i32x4.sub(thv, i32x4.splat(1))));
      const idx = i32x4.shl(i32x4.add(i32x4.mul(ty, twv), tx), 2);
      const pix = <usize>load<u32>(sp, 72);
      let c = i32x4.splat(load<i32>(pix + <usize>i32x4.extract_lane(idx, 0)));
      c = i32x4.replace_lane(c, 1, load<i32>(pix + <usize>i32x4.extract_lane(idx, 1)));
      c = i32x4.replace_lane(c, 2, load<i32>(pix + <usize>i32x4.extract_lane(idx, 2)));
      c = i32x4.replace_lane(c, 3, load<i32>(pix + <usize>i32x4.extract_lane(idx, 3)));
      const shade = i32x4.splat(load<i32>(sp, 84));
      const rb = v128.and(i32x4.shr_u(i32x4.mul(v128.and(c, mask), shade), 8), mask);
      const g = v128.and(i32x4.shr_u(i32x4.mul(v128.and(c, maskG), shade), 8), maskG);
      v128.store(rgbOut + i * 3, i8x16.swizzle(v128.or(rb, g), pack));
      v128.store(depth + (i << 2), z);
      v128.store(idOut + (i << 2), i32x4.splat(load<i32>(sp, 88)));
    }
    for (; x < w; x++) {
      const i = <usize>(y * w + x);
      shadeOne(i, x, y, load<i32>(visBuf + (i << 2)), depth);
    }
  }
}

/** Clips the polygon in `poly` (3 vertices) against z ≥ NEAR into `clipped`; returns the vertex count. */
function clipNear(): i32 {
  let n = 0;
  for (let i = 0; i < 3; i++) {
    const j = i == 2 ? 0 : i + 1;
    const zi = unchecked(poly[i * V + 2]), zj = unchecked(poly[j * V + 2]);
    const inI = zi >= NEAR, inJ = zj >= NEAR;
    if (inI) {
      for (let k = 0; k < V; k++) unchecked((clipped[n * V + k] = poly[i * V + k]));
      n++;
    }
    if (inI != inJ) {
      const t = (NEAR - zi) / (zj - zi);
      for (let k = 0; k < V; k++) {
        const a = unchecked(poly[i * V + k]);
        unchecked((clipped[n * V + k] = a + (unchecked(poly[j * V + k]) - a) * t));
      }
      unchecked((clipped[n * V + 2] = NEAR));
      n++;
    }
  }
  return n;
}

export function setTarget(width: i32, height: i32, fx: f64, fy: f64, cx: f64, cy: f64, near: f64, rgb: usize, z: usize, ids: usize, vis: usize): void {
  W = width; H = height; FX = fx; FY = fy; CX = cx; CY = cy; NEAR = near;
  rgbOut = rgb; zbuf = z; idOut = ids; visBuf = vis;
}

/** Scratch for the per-triangle records of one frame (96 bytes each). */
export function setSetupBuffer(ptr: usize, capacity: i32): void {
  setupBuf = ptr;
  setupCap = capacity;
}

/** World-to-camera rigid transform as 12 f64 (row-major 3×4). */
export function setView(m: usize): void {
  r00 = load<f64>(m); r01 = load<f64>(m, 8); r02 = load<f64>(m, 16); t0 = load<f64>(m, 24);
  r10 = load<f64>(m, 32); r11 = load<f64>(m, 40); r12 = load<f64>(m, 48); t1 = load<f64>(m, 56);
  r20 = load<f64>(m, 64); r21 = load<f64>(m, 72); r22 = load<f64>(m, 80); t2 = load<f64>(m, 88);
}

export function clear(): void {
  const n = <usize>(W * H);
  memory.fill(zbuf, 0, n << 2);
  memory.fill(visBuf, 0, n << 2);
  setupCount = 0;
}

/** Draws `count` triangles into the current target with the current view. */
export function drawTriangles(tris: usize, attrs: usize, count: i32, texTable: usize): void {
  drawRange(tris, attrs, 0, count, texTable);
}

/**
 * Draws runs of triangles (32-byte records: first triangle u32, count u32, bounds min xyz and max xyz
 * as f32). A run whose bounding box lies wholly outside one plane of the view frustum is skipped.
 * The rest are drawn nearest first, and a run is skipped when a coarse tile map of the farthest depth
 * drawn so far shows that every pixel it could cover already holds something nearer (occlusion).
 * `scratch` holds 48 bytes per run.
 */
export function drawRuns(tris: usize, attrs: usize, runs: usize, nRuns: i32, texTable: usize, scratch: usize): void {
  // side planes through the camera centre, as a·X + b·Y + c·Z ≥ 0 inside (pixel centres ±0.5)
  const lc = CX + 0.5, rc = f64(W) - 0.5 - CX, tc = CY + 0.5, bc = f64(H) - 0.5 - CY;
  // scratch layout: keys f64[n], order i32[n], near-q f64[n], bbox i32[4n]
  const keys = scratch, order = scratch + <usize>nRuns * 8, nearQ = order + <usize>nRuns * 4, boxes = nearQ + <usize>nRuns * 8;
  let m = 0;
  for (let r = 0; r < nRuns; r++) {
    const rp = runs + <usize>r * 32;
    const x0 = f64(load<f32>(rp, 8)), y0 = f64(load<f32>(rp, 12)), z0 = f64(load<f32>(rp, 16));
    const x1 = f64(load<f32>(rp, 20)), y1 = f64(load<f32>(rp, 24)), z1 = f64(load<f32>(rp, 28));
    let outNear = 0, outL = 0, outR = 0, outT = 0, outB = 0;
    let minZ = Infinity, u0 = Infinity, v0 = Infinity, u1 = -Infinity, v1 = -Infinity;
    for (let k = 0; k < 8; k++) {
      const wx = (k & 1) != 0 ? x1 : x0, wy = (k & 2) != 0 ? y1 : y0, wz = (k & 4) != 0 ? z1 : z0;
      const X = r00 * wx + r01 * wy + r02 * wz + t0;
      const Y = r10 * wx + r11 * wy + r12 * wz + t1;
      const Z = r20 * wx + r21 * wy + r22 * wz + t2;
      if (Z < NEAR) outNear++;
      if (FX * X + lc * Z < 0) outL++;
      if (-FX * X + rc * Z < 0) outR++;
      if (FY * Y + tc * Z < 0) outT++;
      if (-FY * Y + bc * Z < 0) outB++;
      minZ = Math.min(minZ, Z);
      if (Z >= NEAR) {
        const u = FX * X / Z + CX, v = FY * Y / Z + CY;
        u0 = Math.min(u0, u); u1 = Math.max(u1, u);
        v0 = Math.min(v0, v); v1 = Math.max(v1, v);
      }
    }
    if (outNear == 8 || outL == 8 || outR == 8 || outT == 8 || outB == 8) continue;
    const bp = boxes + <usize>r * 16;
    if (outNear > 0) {
      // straddles the near plane: never occluded, drawn first
      store<f64>(nearQ + <usize>r * 8, Infinity);
      minZ = 0;
    } else {
      store<f64>(nearQ + <usize>r * 8, 1.0 / minZ);
      store<i32>(bp, i32(Math.max(0, Math.floor(u0) - 1)));
      store<i32>(bp, i32(Math.max(0, Math.floor(v0) - 1)), 4);
      store<i32>(bp, i32(Math.min(f64(W - 1), Math.ceil(u1) + 1)), 8);
      store<i32>(bp, i32(Math.min(f64(H - 1), Math.ceil(v1) + 1)), 12);
    }
    store<f64>(keys + <usize>m * 8, minZ);
    store<i32>(order + <usize>m * 4, r);
    m++;
  }
  // nearest first (shell sort on the keys, ties by run index for a deterministic order)
  let gap = 1;
  while (gap < m / 3) gap = gap * 3 + 1;
  for (; gap > 0; gap = (gap - 1) / 3) {
    for (let i = gap; i < m; i++) {
      const k = load<f64>(keys + <usize>i * 8), o = load<i32>(order + <usize>i * 4);
      let j = i;
      while (j >= gap) {
        const pk = load<f64>(keys + <usize>(j - gap) * 8), po = load<i32>(order + <usize>(j - gap) * 4);
        if (pk < k || (pk == k && po < o)) break;
        store<f64>(keys + <usize>j * 8, pk);
        store<i32>(order + <usize>j * 4, po);
        j -= gap;
      }
      store<f64>(keys + <usize>j * 8, k);
      store<i32>(order + <usize>j * 4, o);
    }
  }
  tilesValid = false;
  let rebuildAt = 8;
  for (let i = 0; i < m; i++) {
    if (i == rebuildAt) {
      buildTiles();
      rebuildAt *= 3;
    }
    const r = load<i32>(order + <usize>i * 4);
    const q = load<f64>(nearQ + <usize>r * 8);
    if (tilesValid && q != Infinity && occluded(boxes + <usize>r * 16, q)) continue;
    const rp = runs + <usize>r * 32;
    drawRange(tris, attrs, load<i32>(rp), load<i32>(rp, 4), texTable);
  }
}

// coarse occlusion map: per 16×16 tile the smallest inverse depth (farthest point) drawn so far
const TILE = 16;
let tilesValid = false;
let tileBuf: usize = 0;
let tileCap: i32 = 0;

export function setTileBuffer(ptr: usize, capacity: i32): void {
  tileBuf = ptr;
  tileCap = capacity;
}

function buildTiles(): void {
  const tw = (W + TILE - 1) / TILE, th = (H + TILE - 1) / TILE;
  if (tw * th > tileCap) return;
  for (let ty = 0; ty < th; ty++) {
    for (let tx = 0; tx < tw; tx++) {
      let mn: f32 = Infinity;
      const xe = min(W, (tx + 1) * TILE), ye = min(H, (ty + 1) * TILE);
      for (let y = ty * TILE; y < ye; y++) {
        const row = zbuf + (<usize>(y * W) << 2);
        for (let x = tx * TILE; x < xe; x++) mn = Mathf.min(mn, load<f32>(row + (<usize>x << 2)));
      }
      store<f32>(tileBuf + (<usize>(ty * tw + tx) << 2), mn);
    }
  }
  tilesValid = true;
}

/** True when every tile under the box already holds only points nearer than inverse depth q. */
function occluded(bp: usize, q: f64): bool {
  const tw = (W + TILE - 1) / TILE;
  const tx0 = load<i32>(bp) / TILE, ty0 = load<i32>(bp, 4) / TILE, tx1 = load<i32>(bp, 8) / TILE, ty1 = load<i32>(bp, 12) / TILE;
  for (let ty = ty0; ty <= ty1; ty++) {
    for (let tx = tx0; tx <= tx1; tx++) {
      if (q >= f64(load<f32>(tileBuf + (<usize>(ty * tw + tx) << 2)))) return false;
    }
  }
  return true;
}

function drawRange(tris: usize, attrs: usize, first: i32, count: i32, texTable: usize): void {
  const near = NEAR;
  for (let t = first; t < first + count; t++) {
    const tp = tris + <usize>t * TRI_BYTES;
    let nIn = 0;
    for (let k = 0; k < 3; k++) {
      const p = tp + <usize>k * 20;
      const wx = f64(load<f32>(p)), wy = f64(load<f32>(p, 4)), wz = f64(load<f32>(p, 8));
      const Z = r20 * wx + r21 * wy + r22 * wz + t2;
      unchecked((poly[k * V] = r00 * wx + r01 * wy + r02 * wz + t0));
      unchecked((poly[k * V + 1] = r10 * wx + r11 * wy + r12 * wz + t1));
      unchecked((poly[k * V + 2] = Z));
      unchecked((poly[k * V + 3] = f64(load<f32>(p, 12))));
      unchecked((poly[k * V + 4] = f64(load<f32>(p, 16))));
      if (Z >= near) nIn++;
    }
    if (nIn == 0) continue;
    const ap = attrs + <usize>t * ATTR_BYTES;
    const tex = texTable + <usize>load<u32>(ap) * TEX_BYTES;
    texPix = <usize>load<u32>(tex);
    texW = load<i32>(tex, 4);
    texH = load<i32>(tex, 8);
    curId = load<u32>(ap, 4);
    curShade = load<u32>(ap, 8);
    curDouble = (load<u32>(ap, 12) & 1) != 0;
    if (nIn == 3) {
      rasterTri(poly, 0, 1, 2);
    } else {
      const n = clipNear();
      if (n >= 3) rasterTri(clipped, 0, 1, 2);
      if (n == 4) rasterTri(clipped, 0, 2, 3);
    }
  }
}
