/**
 * Plain TypeScript reference of navcore's mapper: the same algorithm and the same f32 arithmetic
 * (Math.fround after every operation, in the kernel's order), so that results match cell for cell.
 * Used as the test oracle and as the speed baseline of `npm run bench -- mapping`.
 */
import { maxRayStretch, type Intrinsics } from '../../src/geometry/intrinsics.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import type { WorldFrame } from '../../src/geometry/frames.js';
import { DEFAULT_MAP_PARAMS, type MapParams } from '../../src/mapping/params.js';

const f = Math.fround;
const FREE = 1, OBSTACLE = 2;
const PAD = 32;

export class ReferenceMapper {
  ox = -PAD;
  oz = -PAD;
  w = 2 * PAD;
  h = 2 * PAD;
  grid = new Uint8Array(this.w * this.h);
  private stamp = new Uint32Array(0);
  private winR = -1;
  private frameId = 0;

  constructor(
    readonly frame: WorldFrame,
    readonly floorUp: number,
    readonly params: MapParams = DEFAULT_MAP_PARAMS,
  ) {}

  integrate(depth: Float32Array, K: Intrinsics, pose: Mat4): void {
    const p = this.params;
    const basis = [this.frame.right, this.frame.forward, this.frame.up];
    const A: number[] = [], b: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) A.push(f(basis[i][0] * pose[j] + basis[i][1] * pose[4 + j] + basis[i][2] * pose[8 + j]));
      b.push(f(basis[i][0] * pose[3] + basis[i][1] * pose[7] + basis[i][2] * pose[11]));
    }
    const winR = Math.ceil((p.maxDepth * maxRayStretch(K)) / p.cellSize) + 2;
    const camXd = Math.floor(b[0] / p.cellSize), camZd = Math.floor(b[1] / p.cellSize);
    this.cover(camXd - winR - 1, camZd - winR - 1, camXd + winR + 1, camZd + winR + 1);
    const W = 2 * winR + 1;
    if (winR !== this.winR) {
      this.stamp = new Uint32Array(W * W);
      this.winR = winR;
      this.frameId = 0;
    }
    this.frameId++;

    const fx = f(K.fx), fy = f(K.fy), cx = f(K.cx), cy = f(K.cy);
    const minD = f(p.minDepth), maxD = f(p.maxDepth), floorUp = f(this.floorUp);
    const obsMin = f(p.obstacleMin), obsMax = f(p.obstacleMax), flMin = f(p.floorMin), flMax = f(p.floorMax);
    const inv = f(1 / p.cellSize);
    const [a00, a01, a02, a10, a11, a12, a20, a21, a22] = A;
    const [b0, b1, b2] = b;
    const camX = Math.floor(f(b0 * inv)), camZ = Math.floor(f(b1 * inv));
    const wx0 = camX - winR, wz0 = camZ - winR;
    const ku = new Float32Array(K.width);
    for (let u = 0; u < K.width; u++) ku[u] = f(f(u - cx) / fx);
    const { grid, w: gw, h: gh, ox, oz, stamp } = this;
    const endpoints: number[] = [];

    for (let v = 0; v < K.height; v++) {
      const kv = f(f(v - cy) / fy);
      const r0 = f(f(a01 * kv) + a02), r1 = f(f(a11 * kv) + a12), r2 = f(f(a21 * kv) + a22);
      for (let u = 0; u < K.width; u++) {
        const d = depth[v * K.width + u];
        if (!(d >= minD && d <= maxD)) continue;
        const k = ku[u];
        const hgt = f(f(f(d * f(f(a20 * k) + r2)) + b2) - floorUp);
        let obstacle = false;
        if (hgt > obsMin && hgt < obsMax) obstacle = true;
        else if (!(hgt > flMin && hgt <= flMax)) continue;
        const px = f(f(d * f(f(a00 * k) + r0)) + b0);
        const pz = f(f(d * f(f(a10 * k) + r1)) + b1);
        const cxw = Math.floor(f(px * inv)), czw = Math.floor(f(pz * inv));
        const gx = cxw - ox, gz = czw - oz;
        if (gx < 0 || gz < 0 || gx >= gw || gz >= gh) continue;
        const idx = gz * gw + gx;
        if (obstacle) {
          grid[idx] = OBSTACLE;
          const wx = cxw - wx0, wz = czw - wz0;
          if (wx >= 0 && wz >= 0 && wx < W && wz < W) {
            const wi = wz * W + wx;
            if (stamp[wi] !== this.frameId) {
              stamp[wi] = this.frameId;
              endpoints.push(wi);
            }
          }
        } else if (grid[idx] !== OBSTACLE) {
          grid[idx] = FREE;
        }
      }
    }
    for (const wi of endpoints) this.carve(camX, camZ, (wi % W) + wx0, Math.floor(wi / W) + wz0);
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
