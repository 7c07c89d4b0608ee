// Z-buffered textured-triangle rasteriser over flat memory owned by the TypeScript side.
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

/** Screen-space rasterisation of one camera-space triangle given by three vertices in `src`. */
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

  // edge functions E(p) = A x + B y + C, each ≥ 0 inside; E12 weights vertex 0, E20 vertex 1, E01 vertex 2
  const A0 = y1 - y2, B0 = x2 - x1, C0 = x1 * y2 - x2 * y1;
  const A1 = y2 - y0, B1 = x0 - x2, C1 = x2 * y0 - x0 * y2;
  const A2 = y0 - y1, B2 = x1 - x0, C2 = x0 * y1 - x1 * y0;
  const inv = 1.0 / area;
  const dqx = (A0 * q0 + A1 * q1 + A2 * q2) * inv, dqy = (B0 * q0 + B1 * q1 + B2 * q2) * inv, cq = (C0 * q0 + C1 * q1 + C2 * q2) * inv;
  const dux = (A0 * u0 + A1 * u1 + A2 * u2) * inv, duy = (B0 * u0 + B1 * u1 + B2 * u2) * inv, cu = (C0 * u0 + C1 * u1 + C2 * u2) * inv;
  const dvx = (A0 * v0 + A1 * v1 + A2 * v2) * inv, dvy = (B0 * v0 + B1 * v1 + B2 * v2) * inv, cv = (C0 * v0 + C1 * v1 + C2 * v2) * inv;

  const tw = f64(texW), th = f64(texH);
  const twMax = texW - 1, thMax = texH - 1;
  const pix = texPix;
  const shade = curShade;
  const id = curId;
  const w = W;
  for (let y = ymin; y <= ymax; y++) {
    const fy = f64(y);
    // exact span of x where all three edge functions are non-negative on this row
    let lo = f64(xmin), hi = f64(xmax);
    let r = B0 * fy + C0;
    if (A0 > 0) lo = Math.max(lo, -r / A0); else if (A0 < 0) hi = Math.min(hi, -r / A0); else if (r < 0) continue;
    r = B1 * fy + C1;
    if (A1 > 0) lo = Math.max(lo, -r / A1); else if (A1 < 0) hi = Math.min(hi, -r / A1); else if (r < 0) continue;
    r = B2 * fy + C2;
    if (A2 > 0) lo = Math.max(lo, -r / A2); else if (A2 < 0) hi = Math.min(hi, -r / A2); else if (r < 0) continue;
    const xs = i32(Math.ceil(lo)), xe = i32(Math.floor(hi));
    if (xs > xe) continue;
    const fxs = f64(xs);
    let q = cq + dqy * fy + dqx * fxs;
    let uu = cu + duy * fy + dux * fxs;
    let vv = cv + dvy * fy + dvx * fxs;
    const rowIdx = y * w;
    for (let x = xs; x <= xe; x++) {
      const i = rowIdx + x;
      const zp = zbuf + (<usize>i << 2);
      if (q > f64(load<f32>(zp))) {
        const z = 1.0 / q;
        const su = uu * z, sv = vv * z;
        let tx = i32((su - Math.floor(su)) * tw);
        let ty = i32((sv - Math.floor(sv)) * th);
        if (tx > twMax) tx = twMax;
        if (ty > thMax) ty = thMax;
        const c = load<u32>(pix + (<usize>(ty * texW + tx) << 2));
        const rb = (((c & 0xff00ff) * shade) >> 8) & 0xff00ff;
        const g = (((c & 0x00ff00) * shade) >> 8) & 0x00ff00;
        const o = rgbOut + <usize>i * 3;
        store<u16>(o, <u16>(rb | g));
        store<u8>(o, <u8>(rb >> 16), 2);
        store<f32>(zp, f32(q));
        store<u32>(idOut + (<usize>i << 2), id);
      }
      q += dqx;
      uu += dux;
      vv += dvx;
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

export function setTarget(width: i32, height: i32, fx: f64, fy: f64, cx: f64, cy: f64, near: f64, rgb: usize, z: usize, ids: usize): void {
  W = width; H = height; FX = fx; FY = fy; CX = cx; CY = cy; NEAR = near;
  rgbOut = rgb; zbuf = z; idOut = ids;
}

/** World-to-camera rigid transform as 12 f64 (row-major 3×4). */
export function setView(m: usize): void {
  r00 = load<f64>(m); r01 = load<f64>(m, 8); r02 = load<f64>(m, 16); t0 = load<f64>(m, 24);
  r10 = load<f64>(m, 32); r11 = load<f64>(m, 40); r12 = load<f64>(m, 48); t1 = load<f64>(m, 56);
  r20 = load<f64>(m, 64); r21 = load<f64>(m, 72); r22 = load<f64>(m, 80); t2 = load<f64>(m, 88);
}

export function clear(): void {
  const n = <usize>(W * H);
  memory.fill(rgbOut, 0, n * 3);
  memory.fill(zbuf, 0, n << 2);
  memory.fill(idOut, 0, n << 2);
}

/** Draws `count` triangles into the current target with the current view. */
export function drawTriangles(tris: usize, attrs: usize, count: i32, texTable: usize): void {
  const near = NEAR;
  for (let t = 0; t < count; t++) {
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

/** Depth in metres from the inverse-depth buffer, 0 where nothing was drawn. */
export function resolveDepth(depth: usize): void {
  const n = W * H;
  for (let i = 0; i < n; i++) {
    const q = load<f32>(zbuf + (<usize>i << 2));
    store<f32>(depth + (<usize>i << 2), q > 0 ? 1.0 / q : 0);
  }
}
