/**
 * Plain TypeScript reference of navcore's mapper: the same algorithm and the same f32 arithmetic
 * (Math.fround after every operation, in the kernel's order), so that results match cell for cell.
 * Used as the test oracle and as the speed baseline of `npm run bench -- mapping`.
 */
import type { Intrinsics } from '../../src/geometry/intrinsics.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import type { WorldFrame } from '../../src/geometry/frames.js';
import { cameraCell, I, kernelFrame, windowRadius } from '../../src/mapping/kernel-frame.js';
import { DEFAULT_MAP_PARAMS, type MapParams } from '../../src/mapping/params.js';

const f = Math.fround;
const f32 = new Float32Array(1), i32 = new Int32Array(f32.buffer);
/** Depth in 1/1024 m as the kernel gets it: f32 rounding through 1.5·2^23, saturated to 16 bits. */
function depth16(d: number): number {
  f32[0] = f(f(d * 1024) + 12582912);
  const r = (i32[0] - 0x4b400000) | 0;
  return Math.max(-32768, Math.min(32767, r));
}
/** i16x8.q15mulr_sat_s on one lane. */
const q15 = (a: number, b: number) => Math.min(32767, (a * b + 0x4000) >> 15);
/** A wrapping 16-bit add. */
const add16 = (a: number, b: number) => ((a + b) << 16) >> 16;
const FREE = 1, OBSTACLE = 2;
const PAD = 32;

export class ReferenceMapper {
  ox = -PAD;
  oz = -PAD;
  w = 2 * PAD;
  h = 2 * PAD;
  grid = new Uint8Array(this.w * this.h);

  constructor(
    readonly frame: WorldFrame,
    readonly floorUp: number,
    readonly params: MapParams = DEFAULT_MAP_PARAMS,
  ) {}

  integrate(depth: Float32Array, K: Intrinsics, pose: Mat4): void {
    const p = this.params;
    const R = windowRadius(K, p);
    const cam = cameraCell(this.frame, pose, p.cellSize);
    this.cover(cam.x - R - 1, cam.z - R - 1, cam.x + R + 1, cam.z + R + 1);
    const W = 2 * R + 1;
    const kf = kernelFrame(this.frame, pose, K, p, this.floorUp, { ox: this.ox, oz: this.oz, gw: this.w, gh: this.h }, W * W);
    const n = kf.ints;
    const { cols, rows, w8 } = kf;
    const H = K.height;
    const { grid, w: gw, h: gh, ox, oz } = this;
    const camX = n[I.camX], camZ = n[I.camZ], shift = n[I.shift];
    const bx = n[I.bx], bz = n[I.bz], bh = n[I.bh], minD = n[I.minD], maxD = n[I.maxD];
    const obsMin = n[I.obsMin], obsMax = n[I.obsMax], flMin = n[I.flMin], flMax = n[I.flMax];
    const endpoints = new Set<number>();

    for (let v = 0; v < H; v++) {
      for (let u = 0; u < K.width; u++) {
        const d = depth16(depth[v * K.width + u]);
        if (!(d >= minD && d <= maxD)) continue;
        const hgt = add16(q15(d, add16(cols[2 * w8 + u], rows[2 * H + v])), bh);
        let obstacle = false;
        if (hgt > obsMin && hgt < obsMax) obstacle = true;
        else if (!(hgt > flMin && hgt <= flMax)) continue;
        const wx = add16(q15(d, add16(cols[u], rows[v])), bx) >> shift;
        const wz = add16(q15(d, add16(cols[w8 + u], rows[H + v])), bz) >> shift;
        const gx = camX - R + wx, gz = camZ - R + wz;
        if (wx < 0 || wz < 0 || wx >= W || wz >= W || gx < 0 || gz < 0 || gx >= gw || gz >= gh) continue;
        const idx = gz * gw + gx;
        if (obstacle) {
          grid[idx] = OBSTACLE;
          endpoints.add(idx);
        } else if (grid[idx] !== OBSTACLE) {
          grid[idx] = FREE;
        }
      }
    }
    for (const i of endpoints) this.carve(camX + ox, camZ + oz, (i % gw) + ox, Math.floor(i / gw) + oz);
  }

  private carve(x0: number, z0: number, x1: number, z1: number): void {
    const dx = Math.abs(x1 - x0), dz = -Math.abs(z1 - z0);
    const sx = x0 < x1 ? 1 : -1, sz = z0 < z1 ? 1 : -1;
    let err = dx + dz, x = x0, z = z0;
    while (x !== x1 || z !== z1) {
      const gx = x - this.ox, gz = z - this.oz;
      if (gx >= 0 && gz >= 0 && gx < this.w && gz < this.h) {
        const i = gz * this.w + gx;
        if (this.grid[i] !== OBSTACLE) this.grid[i] = FREE;
      }
      const e2 = 2 * err;
      if (e2 >= dz) { err += dz; x += sx; }
      if (e2 <= dx) { err += dx; z += sz; }
    }
  }

  private cover(x0: number, z0: number, x1: number, z1: number): void {
    if (x0 >= this.ox && z0 >= this.oz && x1 < this.ox + this.w && z1 < this.oz + this.h) return;
    const nx0 = Math.min(this.ox, x0 - PAD), nz0 = Math.min(this.oz, z0 - PAD);
    const nx1 = Math.max(this.ox + this.w, x1 + 1 + PAD), nz1 = Math.max(this.oz + this.h, z1 + 1 + PAD);
    const w = nx1 - nx0, h = nz1 - nz0;
    const g = new Uint8Array(w * h);
    for (let r = 0; r < this.h; r++) g.set(this.grid.subarray(r * this.w, (r + 1) * this.w), (r + this.oz - nz0) * w + (this.ox - nx0));
    Object.assign(this, { grid: g, ox: nx0, oz: nz0, w, h });
  }

  /** State of world cell (cx, cz). */
  cell(cx: number, cz: number): number {
    const gx = cx - this.ox, gz = cz - this.oz;
    return gx < 0 || gz < 0 || gx >= this.w || gz >= this.h ? 0 : this.grid[gz * this.w + gx];
  }
}
