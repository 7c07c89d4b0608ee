/**
 * Furniture built from boxes, prisms and blobs in a local frame: origin at the centre of the footprint
 * on the floor, local x along the wall it backs onto, local +z towards the room (its front). A
 * placement turns the local frame by a multiple of 90° so every part stays axis-aligned.
 */
import type { Vec3 } from '../../geometry/index.js';
import type { SceneBuilder, Face, FaceStyle } from '../builder.js';
import type { Rng } from '../random.js';
import type { Rgb, SizeClass } from '../scene.js';
import { rgbOf, scaleRgb, type ColourName } from './palette.js';

export interface Placement {
  cx: number;
  cz: number;
  /** quarter turns: 0 front +z, 1 front +x, 2 front −z, 3 front −x */
  rot: 0 | 1 | 2 | 3;
  y: number;
}

export interface Dims {
  w: number;
  d: number;
  h: number;
}

export interface FurnitureCtx {
  b: SceneBuilder;
  rng: Rng;
  room: number;
  floor: number;
}

const COS = [1, 0, -1, 0];
const SIN = [0, 1, 0, -1];

export function toWorld(p: Placement, lx: number, lz: number): [number, number] {
  return [p.cx + lx * COS[p.rot] + lz * SIN[p.rot], p.cz - lx * SIN[p.rot] + lz * COS[p.rot]];
}

/** World footprint of a local rectangle. */
export function footprint(p: Placement, w: number, d: number): { x0: number; z0: number; x1: number; z1: number } {
  const [ax, az] = toWorld(p, -w / 2, -d / 2),
    [bx, bz] = toWorld(p, w / 2, d / 2);
  return { x0: Math.min(ax, bx), z0: Math.min(az, bz), x1: Math.max(ax, bx), z1: Math.max(az, bz) };
}

const LOCAL_NORMALS: Record<'px' | 'nx' | 'pz' | 'nz', [number, number]> = { px: [1, 0], nx: [-1, 0], pz: [0, 1], nz: [0, -1] };

function worldFace(p: Placement, f: Face): Face {
  if (f === 'py' || f === 'ny') return f;
  const [lx, lz] = LOCAL_NORMALS[f];
  const x = lx * COS[p.rot] + lz * SIN[p.rot],
    z = -lx * SIN[p.rot] + lz * COS[p.rot];
  return Math.abs(x) > 0.5 ? (x > 0 ? 'px' : 'nx') : z > 0 ? 'pz' : 'nz';
}

type Style = FaceStyle | Partial<Record<Face, FaceStyle>>;

/** Adds a local box [lo, hi] (x, y above the floor, z) to object `id`. */
export function lbox(ctx: FurnitureCtx, p: Placement, lo: Vec3, hi: Vec3, style: Style, id: number, flags = 0): void {
  const [ax, az] = toWorld(p, lo[0], lo[2]),
    [bx, bz] = toWorld(p, hi[0], hi[2]);
  let st: Style = style;
  if (!('tex' in style)) {
    const out: Partial<Record<Face, FaceStyle>> = {};
    for (const [f, s] of Object.entries(style) as [Face, FaceStyle][]) out[worldFace(p, f)] = s;
    st = out;
  }
  ctx.b.box([Math.min(ax, bx), p.y + lo[1], Math.min(az, bz)], [Math.max(ax, bx), p.y + hi[1], Math.max(az, bz)], { id, style: st, flags });
}

export const TEX = 128;

export function fabricTex(ctx: FurnitureCtx, c: Rgb, amplitude = 0.22, scale = 7, weave = 0.05): number {
  return ctx.b.texture({ kind: 'fabric', seed: ctx.rng.u32(), base: c, amplitude, scale, weave }, TEX, TEX);
}

export function woodTex(ctx: FurnitureCtx, c: Rgb): number {
  return ctx.b.texture({ kind: 'wood', seed: ctx.rng.u32(), light: c, dark: scaleRgb(c, 0.55), plankWidth: 16, plankLength: 200 }, 64, 64);
}

/** Paint, plastic, ceramic: little structure, so a small texture does. */
export function plainTex(ctx: FurnitureCtx, c: Rgb): number {
  return ctx.b.texture({ kind: 'fabric', seed: ctx.rng.u32(), base: c, amplitude: 0.08, scale: 4, weave: 0.015 }, 32, 32);
}

export const ALL_SIDES = (s: FaceStyle): Style => ({ px: s, nx: s, py: s, pz: s, nz: s });

export interface FurnitureKind {
  category: string;
  goal: boolean;
  w: [number, number];
  d: [number, number];
  h: [number, number];
  colours: readonly ColourName[];
  /** builds the parts; the object is already declared with id */
  build(ctx: FurnitureCtx, p: Placement, s: Dims, colour: ColourName, id: number): void;
}

export function legs(ctx: FurnitureCtx, p: Placement, s: Dims, top: number, t: number, inset: number, style: FaceStyle, id: number): void {
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      const x = sx * (s.w / 2 - inset - t / 2),
        z = sz * (s.d / 2 - inset - t / 2);
      lbox(ctx, p, [x - t / 2, 0, z - t / 2], [x + t / 2, top, z + t / 2], style, id);
    }
  }
}

export function seating(ctx: FurnitureCtx, p: Placement, s: Dims, colour: ColourName, id: number, cushions: number): void {
  const fab = { tex: fabricTex(ctx, rgbOf(colour)), scale: 0.5 };
  const cush = { tex: fabricTex(ctx, scaleRgb(rgbOf(colour), 1.15), 0.3, 5), scale: 0.5 };
  const dark = { tex: plainTex(ctx, [40, 30, 24]), scale: 0.5 };
  const arm = Math.min(0.2, s.w * 0.15);
  legs(ctx, p, s, 0.08, 0.05, 0.04, dark, id);
  lbox(ctx, p, [-s.w / 2, 0.08, -s.d / 2], [s.w / 2, 0.38, s.d / 2], ALL_SIDES(fab), id);
  lbox(ctx, p, [-s.w / 2, 0.38, -s.d / 2], [s.w / 2, s.h, -s.d / 2 + 0.2], ALL_SIDES(fab), id);
  lbox(ctx, p, [-s.w / 2, 0.38, -s.d / 2 + 0.2], [-s.w / 2 + arm, 0.62, s.d / 2], ALL_SIDES(fab), id);
  lbox(ctx, p, [s.w / 2 - arm, 0.38, -s.d / 2 + 0.2], [s.w / 2, 0.62, s.d / 2], ALL_SIDES(fab), id);
  const inner = s.w - 2 * arm;
  for (let i = 0; i < cushions; i++) {
    const x0 = -s.w / 2 + arm + (inner * i) / cushions + 0.01,
      x1 = -s.w / 2 + arm + (inner * (i + 1)) / cushions - 0.01;
    lbox(ctx, p, [x0, 0.38, -s.d / 2 + 0.21], [x1, 0.48, s.d / 2 - 0.01], ALL_SIDES(cush), id);
  }
}

/** Size class from where the dimensions sit in the kind's ranges (mean of the normalised w, d, h). */
export function sizeClass(k: FurnitureKind, s: Dims): SizeClass {
  const t = (v: number, r: [number, number]) => (r[1] > r[0] ? (v - r[0]) / (r[1] - r[0]) : 0.5);
  const m = (t(s.w, k.w) + t(s.d, k.d) + t(s.h, k.h)) / 3;
  return m < 1 / 3 ? 'small' : m < 2 / 3 ? 'medium' : 'large';
}

export function drawDims(rng: Rng, k: FurnitureKind): Dims {
  return { w: rng.range(k.w[0], k.w[1]), d: rng.range(k.d[0], k.d[1]), h: rng.range(k.h[0], k.h[1]) };
}
