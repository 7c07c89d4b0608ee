/**
 * Plain-TypeScript reference of render.wasm's rasteriser (same algorithm, same memory layout of
 * inputs), used as the benchmark baseline and as a test oracle. Textures are passed as u32 texel arrays.
 */
import type { Intrinsics } from '../../src/geometry/intrinsics.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import { invert } from '../../src/geometry/pose.js';

export interface RefTexture {
  texels: Uint32Array;
  width: number;
  height: number;
}

export interface RefTarget {
  rgb: Uint8Array;
  zbuf: Float32Array;
  ids: Uint32Array;
  depth: Float32Array;
}

export function refTarget(k: Intrinsics): RefTarget {
  const n = k.width * k.height;
  return { rgb: new Uint8Array(n * 3), zbuf: new Float32Array(n), ids: new Uint32Array(n), depth: new Float32Array(n) };
}

/** Runs of consecutive triangles of one object with their bounds (the renderer culls whole runs). */
export interface RefRun {
  first: number;
  count: number;
  lo: [number, number, number];
  hi: [number, number, number];
}

export function refRuns(tris: Float32Array, attrs: Uint32Array): RefRun[] {
  const n = attrs.length / 4,
    out: RefRun[] = [];
  for (let i = 0; i < n;) {
    const id = attrs[i * 4 + 1];
    const lo: [number, number, number] = [Infinity, Infinity, Infinity],
      hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    let j = i;
    for (; j < n && attrs[j * 4 + 1] === id; j++) {
      for (let k = 0; k < 3; k++)
        for (let c = 0; c < 3; c++) {
          const v = tris[j * 15 + k * 5 + c];
          lo[c] = Math.min(lo[c], v);
          hi[c] = Math.max(hi[c], v);
        }
    }
    out.push({ first: i, count: j - i, lo, hi });
    i = j;
  }
  return out;
}

export function refRender(
  tris: Float32Array,
  attrs: Uint32Array,
  textures: RefTexture[],
  k: Intrinsics,
  camToWorld: Mat4,
  near: number,
  out: RefTarget,
  stats?: { tests: number; writes: number },
  runs?: RefRun[],
): void {
  const v = invert(camToWorld);
  const W = k.width,
    H = k.height,
    FX = k.fx,
    FY = k.fy,
    CX = k.cx,
    CY = k.cy;
  out.rgb.fill(0);
  out.zbuf.fill(0);
  out.ids.fill(0);
  const poly = new Float64Array(15),
    clipped = new Float64Array(20);
  const raster = (src: Float64Array, a: number, b: number, c: number, tex: RefTexture, id: number, shade: number, dbl: boolean) => {
    const iza = 1 / src[a * 5 + 2],
      izb = 1 / src[b * 5 + 2],
      izc = 1 / src[c * 5 + 2];
    const x0 = FX * src[a * 5] * iza + CX,
      y0 = FY * src[a * 5 + 1] * iza + CY;
    let x1 = FX * src[b * 5] * izb + CX,
      y1 = FY * src[b * 5 + 1] * izb + CY;
    let x2 = FX * src[c * 5] * izc + CX,
      y2 = FY * src[c * 5 + 1] * izc + CY;
    const q0 = iza;
    let q1 = izb,
      q2 = izc;
    const u0 = src[a * 5 + 3] * iza,
      v0 = src[a * 5 + 4] * iza;
    let u1 = src[b * 5 + 3] * izb,
      u2 = src[c * 5 + 3] * izc,
      v1 = src[b * 5 + 4] * izb,
      v2 = src[c * 5 + 4] * izc;
    let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
    if (area >= 0) {
      if (!dbl || area === 0) return;
    } else {
      [x1, x2] = [x2, x1];
      [y1, y2] = [y2, y1];
      [q1, q2] = [q2, q1];
      [u1, u2] = [u2, u1];
      [v1, v2] = [v2, v1];
      area = -area;
    }
    if (area < 1e-12) return;
    const fxmin = Math.min(x0, x1, x2),
      fxmax = Math.max(x0, x1, x2),
      fymin = Math.min(y0, y1, y2),
      fymax = Math.max(y0, y1, y2);
    if (fxmax < 0 || fymax < 0 || fxmin > W - 1 || fymin > H - 1) return;
    const xmin = Math.max(0, Math.ceil(fxmin)),
      xmax = Math.min(W - 1, Math.floor(fxmax));
    const ymin = Math.max(0, Math.ceil(fymin)),
      ymax = Math.min(H - 1, Math.floor(fymax));
    if (xmin > xmax || ymin > ymax) return;
    const A0 = y1 - y2,
      B0 = x2 - x1,
      C0 = x1 * y2 - x2 * y1;
    const A1 = y2 - y0,
      B1 = x0 - x2,
      C1 = x2 * y0 - x0 * y2;
    const A2 = y0 - y1,
      B2 = x1 - x0,
      C2 = x0 * y1 - x1 * y0;
    const inv = 1 / area;
    const dqx = (A0 * q0 + A1 * q1 + A2 * q2) * inv,
      dqy = (B0 * q0 + B1 * q1 + B2 * q2) * inv,
      cq = (C0 * q0 + C1 * q1 + C2 * q2) * inv;
    const dux = (A0 * u0 + A1 * u1 + A2 * u2) * inv,
      duy = (B0 * u0 + B1 * u1 + B2 * u2) * inv,
      cu = (C0 * u0 + C1 * u1 + C2 * u2) * inv;
    const dvx = (A0 * v0 + A1 * v1 + A2 * v2) * inv,
      dvy = (B0 * v0 + B1 * v1 + B2 * v2) * inv,
      cv = (C0 * v0 + C1 * v1 + C2 * v2) * inv;
    const tw = tex.width,
      th = tex.height,
      px = tex.texels;
    for (let y = ymin; y <= ymax; y++) {
      let lo = xmin,
        hi = xmax,
        r = B0 * y + C0;
      if (A0 > 0) lo = Math.max(lo, -r / A0);
      else if (A0 < 0) hi = Math.min(hi, -r / A0);
      else if (r < 0) continue;
      r = B1 * y + C1;
      if (A1 > 0) lo = Math.max(lo, -r / A1);
      else if (A1 < 0) hi = Math.min(hi, -r / A1);
      else if (r < 0) continue;
      r = B2 * y + C2;
      if (A2 > 0) lo = Math.max(lo, -r / A2);
      else if (A2 < 0) hi = Math.min(hi, -r / A2);
      else if (r < 0) continue;
      const xs = Math.ceil(lo),
        xe = Math.floor(hi);
      if (xs > xe) continue;
      let q = cq + dqy * y + dqx * xs,
        uu = cu + duy * y + dux * xs,
        vv = cv + dvy * y + dvx * xs;
      for (let x = xs; x <= xe; x++) {
        const i = y * W + x;
        if (stats) stats.tests++;
        if (q > out.zbuf[i]) {
          if (stats) stats.writes++;
          const z = 1 / q,
            su = uu * z,
            sv = vv * z;
          let tx = Math.trunc((su - Math.floor(su)) * tw),
            ty = Math.trunc((sv - Math.floor(sv)) * th);
          if (tx > tw - 1) tx = tw - 1;
          if (ty > th - 1) ty = th - 1;
          const col = px[ty * tw + tx];
          const rb = (((col & 0xff00ff) * shade) >>> 8) & 0xff00ff,
            g = (((col & 0x00ff00) * shade) >>> 8) & 0x00ff00;
          out.rgb[i * 3] = rb & 255;
          out.rgb[i * 3 + 1] = g >>> 8;
          out.rgb[i * 3 + 2] = rb >>> 16;
          out.zbuf[i] = q;
          out.ids[i] = id;
        }
        q += dqx;
        uu += dux;
        vv += dvx;
      }
    }
  };
  const all = runs ?? [{ first: 0, count: attrs.length / 4, lo: [-Infinity, -Infinity, -Infinity], hi: [Infinity, Infinity, Infinity] } as RefRun];
  const lc = CX + 0.5,
    rc = W - 0.5 - CX,
    tc = CY + 0.5,
    bc = H - 0.5 - CY;
  // frustum culling per run, then nearest first with a 16×16-tile occlusion map (as render.wasm)
  const visible: { run: RefRun; key: number; index: number; q: number; box: number[] }[] = [];
  all.forEach((run, index) => {
    if (!runs) {
      visible.push({ run, key: 0, index, q: Infinity, box: [] });
      return;
    }
    let oN = 0,
      oL = 0,
      oR = 0,
      oT = 0,
      oB = 0,
      minZ = Infinity,
      u0 = Infinity,
      v0 = Infinity,
      u1 = -Infinity,
      v1 = -Infinity;
    for (let c = 0; c < 8; c++) {
      const wx = c & 1 ? run.hi[0] : run.lo[0],
        wy = c & 2 ? run.hi[1] : run.lo[1],
        wz = c & 4 ? run.hi[2] : run.lo[2];
      const X = v[0] * wx + v[1] * wy + v[2] * wz + v[3],
        Y = v[4] * wx + v[5] * wy + v[6] * wz + v[7],
        Z = v[8] * wx + v[9] * wy + v[10] * wz + v[11];
      if (Z < near) oN++;
      if (FX * X + lc * Z < 0) oL++;
      if (-FX * X + rc * Z < 0) oR++;
      if (FY * Y + tc * Z < 0) oT++;
      if (-FY * Y + bc * Z < 0) oB++;
      minZ = Math.min(minZ, Z);
      if (Z >= near) {
        const u = (FX * X) / Z + CX,
          vv = (FY * Y) / Z + CY;
        u0 = Math.min(u0, u);
        u1 = Math.max(u1, u);
        v0 = Math.min(v0, vv);
        v1 = Math.max(v1, vv);
      }
    }
    if (oN === 8 || oL === 8 || oR === 8 || oT === 8 || oB === 8) return;
    if (oN > 0) visible.push({ run, key: 0, index, q: Infinity, box: [] });
    else
      visible.push({
        run,
        key: minZ,
        index,
        q: 1 / minZ,
        box: [Math.max(0, Math.floor(u0) - 1), Math.max(0, Math.floor(v0) - 1), Math.min(W - 1, Math.ceil(u1) + 1), Math.min(H - 1, Math.ceil(v1) + 1)],
      });
  });
  visible.sort((a, b) => a.key - b.key || a.index - b.index);
  const TILE = 16,
    tw = Math.ceil(W / TILE),
    th = Math.ceil(H / TILE);
  const tiles = new Float32Array(tw * th);
  let tilesValid = false,
    rebuildAt = 8;
  const buildTiles = () => {
    for (let ty = 0; ty < th; ty++)
      for (let tx = 0; tx < tw; tx++) {
        let mn = Infinity;
        for (let y = ty * TILE; y < Math.min(H, (ty + 1) * TILE); y++)
          for (let x = tx * TILE; x < Math.min(W, (tx + 1) * TILE); x++) mn = Math.min(mn, out.zbuf[y * W + x]);
        tiles[ty * tw + tx] = mn;
      }
    tilesValid = true;
  };
  const occluded = (box: number[], q: number) => {
    for (let ty = Math.floor(box[1] / TILE); ty <= Math.floor(box[3] / TILE); ty++)
      for (let tx = Math.floor(box[0] / TILE); tx <= Math.floor(box[2] / TILE); tx++) if (q >= tiles[ty * tw + tx]) return false;
    return true;
  };
  for (let vi = 0; vi < visible.length; vi++) {
    if (runs && vi === rebuildAt) {
      buildTiles();
      rebuildAt *= 3;
    }
    const { run, q, box } = visible[vi];
    if (tilesValid && q !== Infinity && occluded(box, q)) continue;
    for (let t = run.first; t < run.first + run.count; t++) {
      let nIn = 0;
      for (let k2 = 0; k2 < 3; k2++) {
        const o = t * 15 + k2 * 5,
          wx = tris[o],
          wy = tris[o + 1],
          wz = tris[o + 2];
        const Z = v[8] * wx + v[9] * wy + v[10] * wz + v[11];
        poly[k2 * 5] = v[0] * wx + v[1] * wy + v[2] * wz + v[3];
        poly[k2 * 5 + 1] = v[4] * wx + v[5] * wy + v[6] * wz + v[7];
        poly[k2 * 5 + 2] = Z;
        poly[k2 * 5 + 3] = tris[o + 3];
        poly[k2 * 5 + 4] = tris[o + 4];
        if (Z >= near) nIn++;
      }
      if (nIn === 0) continue;
      const tex = textures[attrs[t * 4]],
        id = attrs[t * 4 + 1],
        shade = attrs[t * 4 + 2],
        dbl = (attrs[t * 4 + 3] & 1) !== 0;
      if (nIn === 3) raster(poly, 0, 1, 2, tex, id, shade, dbl);
      else {
        let m = 0;
        for (let i = 0; i < 3; i++) {
          const j = i === 2 ? 0 : i + 1,
            zi = poly[i * 5 + 2],
            zj = poly[j * 5 + 2];
          if (zi >= near) {
            for (let c = 0; c < 5; c++) clipped[m * 5 + c] = poly[i * 5 + c];
            m++;
          }
          if (zi >= near !== zj >= near) {
            const f = (near - zi) / (zj - zi);
            for (let c = 0; c < 5; c++) clipped[m * 5 + c] = poly[i * 5 + c] + (poly[j * 5 + c] - poly[i * 5 + c]) * f;
            clipped[m * 5 + 2] = near;
            m++;
          }
        }
        if (m >= 3) raster(clipped, 0, 1, 2, tex, id, shade, dbl);
        if (m === 4) raster(clipped, 0, 2, 3, tex, id, shade, dbl);
      }
    }
  }
  for (let i = 0; i < out.zbuf.length; i++) out.depth[i] = out.zbuf[i] > 0 ? 1 / out.zbuf[i] : 0;
}
