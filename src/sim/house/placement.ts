/**
 * Furnishing one room: items go against walls (backs to the wall), in corners, in the middle, on top of
 * other items or hung on walls. A placement is accepted only when it keeps clear of door zones and of
 * other items, and when a coarse free-space grid (obstacles grown by more than the agent radius) still
 * connects every door of the room to most of its floor, so furniture never cuts a room off.
 */
import type { SceneBuilder } from '../builder.js';
import type { Rng } from '../random.js';
import type { PlanDoor, PlanRoom } from './layout.js';
import { HALF_WALL } from './structure.js';
import { drawDims, footprint, sizeClass, toWorld, type Dims, type FurnitureCtx, type Placement } from './furniture.js';
import { KINDS } from './furniture-kinds.js';
import type { ColourName } from './palette.js';

export interface Rect {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export interface Placed {
  kind: string;
  id: number;
  p: Placement;
  dims: Dims;
  rect: Rect;
  /** height of the top surface above the floor */
  top: number;
  /** blocks the floor (rugs and wall hangings do not) */
  solid: boolean;
}

const CELL = 0.1;
const GROW = 0.22; // > agent radius 0.18 m
const GAP = 0.06;

const overlaps = (a: Rect, b: Rect, m = 0) => a.x0 < b.x1 + m && b.x0 < a.x1 + m && a.z0 < b.z1 + m && b.z0 < a.z1 + m;

export type Side = 0 | 1 | 2 | 3; // wall at z0 (front +z), x0 (front +x), z1 (front −z), x1 (front −x)

export class RoomFurnisher {
  readonly inner: Rect;
  readonly placed: Placed[] = [];
  private readonly keepOut: Rect[] = [];
  private readonly doorCells: [number, number][] = [];
  private readonly nx: number;
  private readonly nz: number;

  constructor(
    private readonly b: SceneBuilder,
    private readonly rng: Rng,
    readonly room: PlanRoom,
    readonly roomIndex: number,
    private readonly doors: PlanDoor[],
    private readonly floorY: number,
    private readonly floorIndex = 0,
  ) {
    const m = HALF_WALL + 0.015;
    this.inner = { x0: room.x0 + m, z0: room.z0 + m, x1: room.x1 - m, z1: room.z1 - m };
    this.nx = Math.ceil((this.inner.x1 - this.inner.x0) / CELL);
    this.nz = Math.ceil((this.inner.z1 - this.inner.z0) / CELL);
    for (const d of doors) {
      const half = d.width / 2 + 0.15;
      if (d.wallAxis === 'x') {
        const into = Math.abs(d.line - room.z0) < 1e-6 ? 1 : -1;
        this.keepOut.push({ x0: d.at - half, x1: d.at + half, z0: Math.min(d.line, d.line + into * 1.1), z1: Math.max(d.line, d.line + into * 1.1) });
        this.doorCells.push(this.cellOf(d.at, d.line + into * 0.4));
      } else {
        const into = Math.abs(d.line - room.x0) < 1e-6 ? 1 : -1;
        this.keepOut.push({ z0: d.at - half, z1: d.at + half, x0: Math.min(d.line, d.line + into * 1.1), x1: Math.max(d.line, d.line + into * 1.1) });
        this.doorCells.push(this.cellOf(d.line + into * 0.4, d.at));
      }
    }
  }

  private cellOf(x: number, z: number): [number, number] {
    const i = Math.min(this.nx - 1, Math.max(0, Math.floor((x - this.inner.x0) / CELL)));
    const j = Math.min(this.nz - 1, Math.max(0, Math.floor((z - this.inner.z0) / CELL)));
    return [i, j];
  }

  /** Free-space grid with obstacles and walls grown by GROW; true = free. */
  freeGrid(extra?: Rect): Uint8Array {
    const g = new Uint8Array(this.nx * this.nz);
    const solids = this.placed.filter((p) => p.solid).map((p) => p.rect);
    if (extra) solids.push(extra);
    for (let j = 0; j < this.nz; j++) {
      const z = this.inner.z0 + (j + 0.5) * CELL;
      for (let i = 0; i < this.nx; i++) {
        const x = this.inner.x0 + (i + 0.5) * CELL;
        let free = x > this.inner.x0 + GROW - 0.05 && x < this.inner.x1 - GROW + 0.05 && z > this.inner.z0 + GROW - 0.05 && z < this.inner.z1 - GROW + 0.05;
        for (const r of solids) {
          if (!free) break;
          if (x > r.x0 - GROW && x < r.x1 + GROW && z > r.z0 - GROW && z < r.z1 + GROW) free = false;
        }
        g[j * this.nx + i] = free ? 1 : 0;
      }
    }
    return g;
  }

  /** Cells reachable from the first door, or null when some door is cut off. */
  reachable(g: Uint8Array): Uint8Array | null {
    const seen = new Uint8Array(g.length);
    if (this.doorCells.length === 0) return seen;
    const [si, sj] = this.doorCells[0];
    if (!g[sj * this.nx + si]) return null;
    const queue = [sj * this.nx + si];
    seen[queue[0]] = 1;
    for (let h = 0; h < queue.length; h++) {
      const c = queue[h];
      const i = c % this.nx,
        j = (c - i) / this.nx;
      const nb = [i > 0 ? c - 1 : -1, i < this.nx - 1 ? c + 1 : -1, j > 0 ? c - this.nx : -1, j < this.nz - 1 ? c + this.nx : -1];
      for (const n of nb) {
        if (n >= 0 && g[n] && !seen[n]) {
          seen[n] = 1;
          queue.push(n);
        }
      }
    }
    for (const [i, j] of this.doorCells) if (!seen[j * this.nx + i]) return null;
    return seen;
  }

  private keepsConnected(rect: Rect): boolean {
    const g = this.freeGrid(rect);
    const seen = this.reachable(g);
    if (!seen) return false;
    let n = 0;
    for (let k = 0; k < seen.length; k++) n += seen[k];
    const innerArea = (this.inner.x1 - this.inner.x0 - 2 * GROW) * (this.inner.z1 - this.inner.z0 - 2 * GROW);
    return n * CELL * CELL >= 0.3 * innerArea;
  }

  private fits(rect: Rect, solid: boolean, ignore?: Placed): boolean {
    const r = this.inner;
    if (rect.x0 < r.x0 - 1e-6 || rect.z0 < r.z0 - 1e-6 || rect.x1 > r.x1 + 1e-6 || rect.z1 > r.z1 + 1e-6) return false;
    if (!solid) return true;
    for (const k of this.keepOut) if (overlaps(rect, k)) return false;
    for (const p of this.placed) if (p.solid && p !== ignore && overlaps(rect, p.rect, GAP)) return false;
    return this.keepsConnected(rect);
  }

  private commit(kind: string, p: Placement, dims: Dims, colour: ColourName | undefined, solid: boolean, top: number): Placed {
    const k = KINDS[kind];
    const c = colour ?? this.rng.pick(k.colours);
    const id = this.b.object({
      category: k.category,
      structural: false,
      goal: k.goal,
      room: this.roomIndex,
      floor: this.floorIndex,
      colour: c,
      size: sizeClass(k, dims),
      min: [Infinity, Infinity, Infinity],
      max: [-Infinity, -Infinity, -Infinity],
    });
    const ctx: FurnitureCtx = { b: this.b, rng: this.rng, room: this.roomIndex, floor: this.floorIndex };
    k.build(ctx, p, dims, c, id);
    const placed: Placed = { kind, id, p, dims, rect: footprint(p, dims.w, dims.d), top, solid };
    this.placed.push(placed);
    return placed;
  }

  private wallPlacement(side: Side, t: number, dims: Dims): Placement {
    const r = this.inner,
      y = this.floorY;
    switch (side) {
      case 0:
        return { cx: t, cz: r.z0 + dims.d / 2, rot: 0, y };
      case 1:
        return { cx: r.x0 + dims.d / 2, cz: t, rot: 1, y };
      case 2:
        return { cx: t, cz: r.z1 - dims.d / 2, rot: 2, y };
      default:
        return { cx: r.x1 - dims.d / 2, cz: t, rot: 3, y };
    }
  }

  private wallSpan(side: Side): [number, number] {
    return side % 2 === 0 ? [this.inner.x0, this.inner.x1] : [this.inner.z0, this.inner.z1];
  }

  /** Backs an item onto a wall; `corner` prefers the ends of the wall. */
  wall(kind: string, opts: { corner?: boolean; colour?: ColourName; sides?: Side[]; dims?: Dims } = {}): Placed | null {
    const k = KINDS[kind];
    const dims = opts.dims ?? drawDims(this.rng, k);
    const sides = opts.sides ?? this.rng.shuffle([0, 1, 2, 3] as Side[]);
    for (let attempt = 0; attempt < 16; attempt++) {
      const side = sides[attempt % sides.length];
      const [lo, hi] = this.wallSpan(side);
      if (hi - lo < dims.w) continue;
      const t = opts.corner ? (this.rng.chance(0.5) ? lo + dims.w / 2 + 0.02 : hi - dims.w / 2 - 0.02) : this.rng.range(lo + dims.w / 2, hi - dims.w / 2);
      const p = this.wallPlacement(side, t, dims);
      if (this.fits(footprint(p, dims.w, dims.d), true)) return this.commit(kind, p, dims, opts.colour, true, dims.h);
    }
    return null;
  }

  /** An item next to another along the same wall (nightstands beside a bed). */
  beside(kind: string, other: Placed, dir: -1 | 1): Placed | null {
    const k = KINDS[kind];
    const dims = drawDims(this.rng, k);
    const side = ([0, 1, 2, 3] as Side[]).find((s) => this.wallPlacement(s, 0, other.dims).rot === other.p.rot)!;
    const along = side % 2 === 0 ? other.p.cx : other.p.cz;
    const t = along + dir * (other.dims.w / 2 + dims.w / 2 + GAP + 0.01);
    const p = this.wallPlacement(side, t, dims);
    return this.fits(footprint(p, dims.w, dims.d), true) ? this.commit(kind, p, dims, undefined, true, dims.h) : null;
  }

  /** Free-standing item near (x, z), or anywhere in the middle of the room. */
  center(kind: string, near?: { x: number; z: number; spread: number }, rot?: Placement['rot'], solid = true): Placed | null {
    const k = KINDS[kind];
    const dims = drawDims(this.rng, k);
    const r = this.inner;
    for (let attempt = 0; attempt < 16; attempt++) {
      const cx = near ? near.x + (this.rng.next() - 0.5) * near.spread : this.rng.range(r.x0 + 0.9, r.x1 - 0.9);
      const cz = near ? near.z + (this.rng.next() - 0.5) * near.spread : this.rng.range(r.z0 + 0.9, r.z1 - 0.9);
      const p: Placement = { cx, cz, rot: rot ?? (this.rng.int(0, 3) as Placement['rot']), y: this.floorY };
      if (this.fits(footprint(p, dims.w, dims.d), solid)) return this.commit(kind, p, dims, undefined, solid, dims.h);
    }
    return null;
  }

  /** An item standing on another's top surface (at its back edge, or anywhere on it when `loose`). */
  on(kind: string, base: Placed, loose = false): Placed | null {
    const k = KINDS[kind];
    const dims = drawDims(this.rng, k);
    if (dims.w > base.dims.w - 0.05 || dims.d > base.dims.d - 0.04) return null;
    const slack = (base.dims.w - dims.w) / 2 - 0.03;
    const lx = (this.rng.next() * 2 - 1) * slack;
    const lz = loose ? (this.rng.next() * 2 - 1) * ((base.dims.d - dims.d) / 2 - 0.02) : -base.dims.d / 2 + dims.d / 2 + 0.03;
    const [tcx, tcz] = toWorld(base.p, lx, lz);
    const mine = footprint({ cx: tcx, cz: tcz, rot: base.p.rot, y: 0 }, dims.w, dims.d);
    // nothing else already standing on this surface there
    if (this.placed.some((q) => !q.solid && q.p.y > this.floorY + 0.05 && Math.abs(q.p.y - (this.floorY + base.top)) < 0.02 && overlaps(mine, q.rect, 0.02)))
      return null;
    const [cx, cz] = toWorld(base.p, lx, lz);
    const p: Placement = { cx, cz, rot: base.p.rot, y: this.floorY + base.top };
    return this.commit(kind, p, dims, undefined, false, base.top + dims.h);
  }

  /** A picture hung on a wall, clear of doors and of tall furniture in front of it. */
  hang(kind: string, over?: Placed): Placed | null {
    const k = KINDS[kind];
    const dims = drawDims(this.rng, k);
    for (let attempt = 0; attempt < 12; attempt++) {
      let side: Side, t: number;
      if (over) {
        side = ([0, 1, 2, 3] as Side[]).find((s) => this.wallPlacement(s, 0, over.dims).rot === over.p.rot)!;
        t = side % 2 === 0 ? over.p.cx : over.p.cz;
      } else {
        side = this.rng.int(0, 3) as Side;
        const [lo, hi] = this.wallSpan(side);
        if (hi - lo < dims.w + 0.4) continue;
        t = this.rng.range(lo + dims.w / 2 + 0.2, hi - dims.w / 2 - 0.2);
      }
      const p = this.wallPlacement(side, t, dims);
      const rect = footprint(p, dims.w, dims.d);
      const band: Rect = { x0: rect.x0 - 0.1, z0: rect.z0 - 0.1, x1: rect.x1 + 0.1, z1: rect.z1 + 0.1 };
      const grown = side % 2 === 0 ? { ...band, z0: band.z0 - 0.6, z1: band.z1 + 0.6 } : { ...band, x0: band.x0 - 0.6, x1: band.x1 + 0.6 };
      if (this.keepOut.some((ko) => overlaps(band, ko))) continue;
      if (this.placed.some((q) => q !== over && q.solid && q.top > 1.05 && overlaps(grown, q.rect))) continue;
      if (this.placed.some((q) => !q.solid && q.p.y === this.floorY && q.dims.d < 0.07 && overlaps(band, q.rect))) continue;
      if (over && over.top > 1.15) return null;
      return this.commit(kind, p, dims, undefined, false, 0);
    }
    return null;
  }

  /** A chair whose front faces the given point (dining chairs, desk chair). */
  chairFacing(target: { x: number; z: number }, at: { x: number; z: number }, colour?: ColourName): Placed | null {
    const dx = target.x - at.x,
      dz = target.z - at.z;
    const rot: Placement['rot'] = Math.abs(dx) > Math.abs(dz) ? (dx > 0 ? 1 : 3) : dz > 0 ? 0 : 2;
    const k = KINDS.chair;
    const dims = drawDims(this.rng, k);
    const p: Placement = { cx: at.x, cz: at.z, rot, y: this.floorY };
    return this.fits(footprint(p, dims.w, dims.d), true) ? this.commit('chair', p, dims, colour, true, dims.h) : null;
  }

  /** Chairs on the long sides of a table. */
  chairsAround(table: Placed, n: number): Placed[] {
    const out: Placed[] = [];
    const alongX = table.rect.x1 - table.rect.x0 >= table.rect.z1 - table.rect.z0;
    const colour = this.rng.pick(KINDS.chair.colours);
    const len = alongX ? table.rect.x1 - table.rect.x0 : table.rect.z1 - table.rect.z0;
    const per = Math.max(1, Math.min(3, Math.floor(len / 0.6)));
    const c = { x: (table.rect.x0 + table.rect.x1) / 2, z: (table.rect.z0 + table.rect.z1) / 2 };
    for (const s of [-1, 1]) {
      for (let i = 0; i < per && out.length < n; i++) {
        const t = -len / 2 + (len * (i + 0.5)) / per;
        const at = alongX
          ? { x: c.x + t, z: s < 0 ? table.rect.z0 - 0.33 : table.rect.z1 + 0.33 }
          : { x: s < 0 ? table.rect.x0 - 0.33 : table.rect.x1 + 0.33, z: c.z + t };
        const ch = this.chairFacing(alongX ? { x: at.x, z: c.z } : { x: c.x, z: at.z }, at, colour);
        if (ch) out.push(ch);
      }
    }
    return out;
  }

  /** Windows on the room's exterior walls (given as sides), each with a radiator under it when there is room. */
  windows(exterior: Side[], maxPerWall: number): void {
    for (const side of exterior) {
      const [lo, hi] = this.wallSpan(side);
      const n = Math.max(1, Math.min(maxPerWall, Math.floor((hi - lo) / 2.2)));
      for (let k = 0; k < n; k++) {
        const t = lo + ((hi - lo) * (k + 0.5)) / n;
        const dims = drawDims(this.rng, KINDS.window);
        const p = this.wallPlacement(side, t, dims);
        const rect = footprint(p, dims.w, dims.d);
        const band: Rect = { x0: rect.x0 - 0.15, z0: rect.z0 - 0.15, x1: rect.x1 + 0.15, z1: rect.z1 + 0.15 };
        const grown = side % 2 === 0 ? { ...band, z0: band.z0 - 0.7, z1: band.z1 + 0.7 } : { ...band, x0: band.x0 - 0.7, x1: band.x1 + 0.7 };
        if (this.keepOut.some((ko) => overlaps(band, ko))) continue;
        if (this.placed.some((q) => q.top > 0.9 && q.solid && overlaps(grown, q.rect))) continue;
        if (this.placed.some((q) => !q.solid && q.dims.d < 0.07 && overlaps(band, q.rect))) continue;
        this.commit('window', p, dims, undefined, false, 0);
        const rd = drawDims(this.rng, KINDS.radiator);
        rd.w = Math.min(rd.w, dims.w);
        const rp = this.wallPlacement(side, t, rd);
        if (this.fits(footprint(rp, rd.w, rd.d), true)) this.commit('radiator', rp, rd, undefined, true, rd.h + 0.12);
      }
    }
  }

  /** A light at the middle of the ceiling. */
  ceilingLight(ceiling: number): void {
    const r = this.inner;
    const dims = drawDims(this.rng, KINDS['ceiling light']);
    this.commit('ceiling light', { cx: (r.x0 + r.x1) / 2, cz: (r.z0 + r.z1) / 2, rot: 0, y: this.floorY + ceiling }, dims, undefined, false, ceiling);
  }

  /** Front point of an item: a spot 0.5 m in front of its centre. */
  frontOf(q: Placed, dist: number): { x: number; z: number } {
    const f = [
      [0, 1],
      [1, 0],
      [0, -1],
      [-1, 0],
    ][q.p.rot];
    return { x: q.p.cx + f[0] * (q.dims.d / 2 + dist), z: q.p.cz + f[1] * (q.dims.d / 2 + dist) };
  }
}
