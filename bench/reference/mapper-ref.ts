/**
 * Plain TypeScript reference of navcore's mapper: the same algorithm and the same f32 arithmetic
 * (Math.fround after every operation, in the kernel's order), so that results match cell for cell.
 * Used as the test oracle and as the speed baseline of `npm run bench -- mapping`.
 */
import { maxRayStretch, type Intrinsics } from '../../src/geometry/intrinsics.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import type { WorldFrame } from '../../src/geometry/frames.js';
import { kernelInverse, kernelPose } from '../../src/mapping/kernel-pose.js';
import { P_CAMERA } from '../../src/mapping/mapper-abi.js';
import { DEFAULT_MAP_PARAMS, type MapParams } from '../../src/mapping/params.js';

const f = Math.fround;
const FREE = 1,
  OBSTACLE = 2;
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

  integrate(depth: Float32Array, K: Intrinsics, pose: Mat4, drops = false): void {
    const p = this.params;
    const kp = kernelPose(this.frame, pose, p.cellSize, this.floorUp);
    const winR = Math.ceil((p.maxDepth * maxRayStretch(K)) / p.cellSize) + 2;
    const camXd = Math.floor(kp[P_CAMERA]),
      camZd = Math.floor(kp[P_CAMERA + 1]);
    this.cover(camXd - winR - 1, camZd - winR - 1, camXd + winR + 1, camZd + winR + 1);
    // camera position relative to the grid origin, as navcore receives it
    const [a00, a01, a02, a10, a11, a12, a20, a21, a22] = kp.map(f);
    const b0 = f(kp[P_CAMERA] - this.ox),
      b1 = f(kp[P_CAMERA + 1] - this.oz),
      b2 = f(kp[P_CAMERA + 2]);
    const camX = Math.floor(b0),
      camZ = Math.floor(b1);

    const fx = f(K.fx),
      fy = f(K.fy),
      cx = f(K.cx),
      cy = f(K.cy);
    const minD = f(p.minDepth),
      maxD = f(p.maxDepth);
    const obsMin = f(p.obstacleMin),
      obsMax = f(p.obstacleMax),
      flMin = f(p.floorMin),
      flMax = f(p.floorMax);
    const dropMax = drops ? f(p.dropMax) : -Infinity;
    const ray0 = new Float32Array(K.width),
      ray1 = new Float32Array(K.width),
      ray2 = new Float32Array(K.width);
    for (let u = 0; u < K.width; u++) {
      const k = f(f(u - cx) / fx);
      ray0[u] = f(a00 * k);
      ray1[u] = f(a10 * k);
      ray2[u] = f(a20 * k);
    }
    const { grid, w: gw, h: gh, ox, oz } = this;
    const endpoints = new Set<number>();
    // with column shadows: the cells this frame would free, freed at the end where it saw their column whole
    const cands = p.shadows ? new Set<number>() : null;

    for (let v = 0; v < K.height; v++) {
      const kv = f(f(v - cy) / fy);
      const r0 = f(f(a01 * kv) + a02),
        r1 = f(f(a11 * kv) + a12),
        r2 = f(f(a21 * kv) + a22);
      for (let u = 0; u < K.width; u++) {
        const d = depth[v * K.width + u];
        if (!(d >= minD && d <= maxD)) continue;
        const hgt = f(f(d * f(ray2[u] + r2)) + b2);
        // a drop (seen through a hole in the floor) marks where its ray crossed the floor plane
        const drop = hgt <= dropMax;
        let obstacle = false;
        if (drop || (hgt > obsMin && hgt < obsMax)) obstacle = true;
        else if (!(hgt > flMin && hgt <= flMax)) continue;
        const dc = drop ? f(f(d * b2) / f(b2 - hgt)) : d;
        const gx = Math.floor(f(f(dc * f(ray0[u] + r0)) + b0));
        const gz = Math.floor(f(f(dc * f(ray1[u] + r1)) + b1));
        if (gx < 0 || gz < 0 || gx >= gw || gz >= gh) continue;
        const idx = gz * gw + gx;
        if (obstacle) {
          grid[idx] = OBSTACLE;
          endpoints.add(idx);
        } else if (cands) {
          cands.add(idx);
        } else if (grid[idx] !== OBSTACLE) {
          grid[idx] = FREE;
        }
      }
    }
    for (const i of endpoints) this.carve(camX + ox, camZ + oz, (i % gw) + ox, Math.floor(i / gw) + oz, cands);
    if (!cands) return;
    const inv = kernelInverse(kp).map(f);
    const seen = (x: number, z: number) => columnSeen({ b0, b1, b2, inv, fx, fy, cx, cy, minD, obsMin, obsMax }, depth, K.width, K.height, x, z);
    for (const i of cands) if (grid[i] !== OBSTACLE && seen(i % gw, Math.floor(i / gw))) grid[i] = FREE;
  }

  private carve(x0: number, z0: number, x1: number, z1: number, cands: Set<number> | null): void {
    const dx = Math.abs(x1 - x0),
      dz = -Math.abs(z1 - z0);
    const sx = x0 < x1 ? 1 : -1,
      sz = z0 < z1 ? 1 : -1;
    let err = dx + dz,
      x = x0,
      z = z0;
    while (x !== x1 || z !== z1) {
      const gx = x - this.ox,
        gz = z - this.oz;
      if (gx >= 0 && gz >= 0 && gx < this.w && gz < this.h) {
        const i = gz * this.w + gx;
        if (cands) cands.add(i);
        else if (this.grid[i] !== OBSTACLE) this.grid[i] = FREE;
      }
      const e2 = 2 * err;
      if (e2 >= dz) {
        err += dz;
        x += sx;
      }
      if (e2 <= dx) {
        err += dx;
        z += sz;
      }
    }
  }

  private cover(x0: number, z0: number, x1: number, z1: number): void {
    if (x0 >= this.ox && z0 >= this.oz && x1 < this.ox + this.w && z1 < this.oz + this.h) return;
    const nx0 = Math.min(this.ox, x0 - PAD),
      nz0 = Math.min(this.oz, z0 - PAD);
    const nx1 = Math.max(this.ox + this.w, x1 + 1 + PAD),
      nz1 = Math.max(this.oz + this.h, z1 + 1 + PAD);
    const w = nx1 - nx0,
      h = nz1 - nz0;
    const g = new Uint8Array(w * h);
    for (let r = 0; r < this.h; r++) g.set(this.grid.subarray(r * this.w, (r + 1) * this.w), (r + this.oz - nz0) * w + (this.ox - nx0));
    Object.assign(this, { grid: g, ox: nx0, oz: nz0, w, h });
  }

  /** State of world cell (cx, cz). */
  cell(cx: number, cz: number): number {
    const gx = cx - this.ox,
      gz = cz - this.oz;
    return gx < 0 || gz < 0 || gx >= this.w || gz >= this.h ? 0 : this.grid[gz * this.w + gx];
  }
}

/** The f32 numbers of a frame the column test reads (navcore's params block). */
interface ColumnParams {
  b0: number;
  b1: number;
  b2: number;
  inv: number[];
  fx: number;
  fy: number;
  cx: number;
  cy: number;
  minD: number;
  obsMin: number;
  obsMax: number;
}

/** navcore's columnSeen (assembly/navcore/shadows.ts), op for op in f32. */
function columnSeen(c: ColumnParams, depth: Float32Array, w: number, h: number, x: number, z: number): boolean {
  const { inv: m } = c;
  const dx = f(f(x + 0.5) - c.b0),
    dz = f(f(z + 0.5) - c.b1);
  const h0 = f(c.obsMin - c.b2),
    h1 = f(c.obsMax - c.b2);
  const px = f(f(m[0] * dx) + f(m[1] * dz)),
    py = f(f(m[3] * dx) + f(m[4] * dz)),
    pz = f(f(m[6] * dx) + f(m[7] * dz));
  const z0 = f(pz + f(m[8] * h0)),
    z1 = f(pz + f(m[8] * h1));
  if (!(z0 >= c.minD && z1 >= c.minD)) return false;
  const u0 = f(f(f(c.fx * f(px + f(m[2] * h0))) / z0) + c.cx),
    v0 = f(f(f(c.fy * f(py + f(m[5] * h0))) / z0) + c.cy);
  const u1 = f(f(f(c.fx * f(px + f(m[2] * h1))) / z1) + c.cx),
    v1 = f(f(f(c.fy * f(py + f(m[5] * h1))) / z1) + c.cy);
  const wMax = f(w - 0.5),
    hMax = f(h - 0.5);
  if (!(u0 >= -0.5 && u0 < wMax && u1 >= -0.5 && u1 < wMax && v0 >= -0.5 && v0 < hMax && v1 >= -0.5 && v1 < hMax)) return false;
  const du = f(u1 - u0),
    dv = f(v1 - v0);
  const iz0 = f(1 / z0),
    diz = f(f(1 / z1) - iz0);
  const n = Math.ceil(Math.max(Math.abs(du), Math.abs(dv)));
  const step = n > 0 ? f(1 / n) : 0;
  for (let k = 0; k <= n; k++) {
    const t = f(k * step);
    const pu = Math.min(Math.max(Math.floor(f(f(u0 + f(t * du)) + 0.5)), 0), w - 1);
    const pv = Math.min(Math.max(Math.floor(f(f(v0 + f(t * dv)) + 0.5)), 0), h - 1);
    if (!(f(depth[pv * w + pu] * f(iz0 + f(t * diz))) >= 1)) return false;
  }
  return true;
}
