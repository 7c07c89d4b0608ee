/**
 * Accumulates textured triangles, textures and objects into a `Scene`. Boxes, quads, prisms and
 * blobs are the primitives procedural furniture is made of. Shading is baked per triangle from its
 * normal against one fixed light so that faces of different orientation contrast.
 */
import type { Vec3 } from '../geometry/index.js';
import { ATTR_WORDS, TRI_FLOATS, type Scene, type SceneObject, type SceneTexture, type TextureSpec } from './scene.js';

const LIGHT: Vec3 = (() => {
  const l = [0.35, 0.8, 0.5];
  const n = Math.hypot(l[0], l[1], l[2]);
  return [l[0] / n, l[1] / n, l[2] / n] as const;
})();

/** Baked brightness 0..256 of a face with unit normal n. */
export function shadeOf(n: Vec3): number {
  const d = n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2];
  return Math.round(256 * (0.6 + 0.4 * (0.5 + 0.5 * d)));
}

export type Face = 'px' | 'nx' | 'py' | 'ny' | 'pz' | 'nz';
export const FACES: readonly Face[] = ['px', 'nx', 'py', 'ny', 'pz', 'nz'];

/** In-plane axes (a, b) with a × b = outward normal; b is "up" on vertical faces. */
const FACE_AXES: Record<Face, { n: Vec3; a: Vec3; b: Vec3 }> = {
  px: { n: [1, 0, 0], a: [0, 0, -1], b: [0, 1, 0] },
  nx: { n: [-1, 0, 0], a: [0, 0, 1], b: [0, 1, 0] },
  pz: { n: [0, 0, 1], a: [1, 0, 0], b: [0, 1, 0] },
  nz: { n: [0, 0, -1], a: [-1, 0, 0], b: [0, 1, 0] },
  py: { n: [0, 1, 0], a: [1, 0, 0], b: [0, 0, -1] },
  ny: { n: [0, -1, 0], a: [1, 0, 0], b: [0, 0, 1] },
};

export interface FaceStyle {
  tex: number;
  /** 'fit' maps the texture once across the face; a number gives metres per texture repeat */
  scale: 'fit' | number;
  /** metres per repeat along the face's vertical (or second) axis when it differs from `scale` */
  scaleV?: number;
  /** extra offset in texture repeats (world-scaled faces), to decorrelate neighbours */
  offset?: [number, number];
}

export interface BoxOptions {
  id: number;
  /** one style for all faces, or per face; faces missing from the record are omitted */
  style: FaceStyle | Partial<Record<Face, FaceStyle>>;
  flags?: number;
}

const dot = (p: Vec3, q: Vec3) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];

export class SceneBuilder {
  private tris: number[] = [];
  private attrs: number[] = [];
  readonly textures: SceneTexture[] = [];
  readonly objects: SceneObject[] = [];

  texture(spec: TextureSpec, width: number, height: number): number {
    this.textures.push({ width, height, spec });
    return this.textures.length - 1;
  }

  object(o: Omit<SceneObject, 'id'>): number {
    const id = this.objects.length + 1;
    this.objects.push({ ...o, id });
    return id;
  }

  /** Grows an object's bounds to include a box (parts are added after the object is declared). */
  private grow(id: number, lo: Vec3, hi: Vec3): void {
    const o = this.objects[id - 1];
    o.min = [Math.min(o.min[0], lo[0]), Math.min(o.min[1], lo[1]), Math.min(o.min[2], lo[2])];
    o.max = [Math.max(o.max[0], hi[0]), Math.max(o.max[1], hi[1]), Math.max(o.max[2], hi[2])];
  }

  triangle(p: Vec3[], uv: [number, number][], tex: number, id: number, flags = 0, shade?: number): void {
    const e1: Vec3 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
    const e2: Vec3 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
    const n: Vec3 = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const len = Math.hypot(n[0], n[1], n[2]);
    if (len < 1e-12) return;
    for (let k = 0; k < 3; k++) this.tris.push(p[k][0], p[k][1], p[k][2], uv[k][0], uv[k][1]);
    this.attrs.push(tex, id, shade ?? shadeOf([n[0] / len, n[1] / len, n[2] / len]), flags);
  }

  /** Quad p0 p1 p2 p3, counter-clockwise seen from the front. */
  quad(p: [Vec3, Vec3, Vec3, Vec3], uv: [[number, number], [number, number], [number, number], [number, number]], tex: number, id: number, flags = 0): void {
    this.triangle([p[0], p[1], p[2]], [uv[0], uv[1], uv[2]], tex, id, flags);
    this.triangle([p[0], p[2], p[3]], [uv[0], uv[2], uv[3]], tex, id, flags);
  }

  /** Axis-aligned box from lo to hi, outward faces. */
  box(lo: Vec3, hi: Vec3, opts: BoxOptions): void {
    const styles = 'tex' in opts.style ? null : (opts.style as Partial<Record<Face, FaceStyle>>);
    for (const face of FACES) {
      const st = styles ? styles[face] : (opts.style as FaceStyle);
      if (!st) continue;
      const { n, a, b } = FACE_AXES[face];
      // corners: start at the face's minimum along a and b
      const sel = (axis: number, useHi: boolean) => (useHi ? hi[axis] : lo[axis]);
      const corner = (sa: number, sb: number): Vec3 => {
        const out: number[] = [0, 0, 0];
        for (let k = 0; k < 3; k++) {
          if (n[k] !== 0) out[k] = sel(k, n[k] > 0);
          else if (a[k] !== 0) out[k] = sel(k, a[k] > 0 === sa > 0);
          else out[k] = sel(k, b[k] > 0 === sb > 0);
        }
        return out as unknown as Vec3;
      };
      const p: [Vec3, Vec3, Vec3, Vec3] = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
      let uv: [[number, number], [number, number], [number, number], [number, number]];
      if (st.scale === 'fit') {
        uv = [
          [0, 1],
          [1, 1],
          [1, 0],
          [0, 0],
        ];
      } else {
        const s = st.scale,
          sv = st.scaleV ?? st.scale;
        const [ou, ov] = st.offset ?? [0, 0];
        uv = p.map((q) => [dot(q, a) / s + ou, -dot(q, b) / sv + ov]) as typeof uv;
      }
      this.quad(p, uv, st.tex, opts.id, opts.flags ?? 0);
    }
    this.grow(opts.id, lo, hi);
  }

  /** Vertical prism (a cylinder when `sides` is large) around (cx, cz), radius r, from y0 to y1. */
  prism(cx: number, cz: number, r: number, y0: number, y1: number, sides: number, tex: number, scale: number, id: number, rTop = r): void {
    for (let i = 0; i < sides; i++) {
      const a0 = (2 * Math.PI * i) / sides,
        a1 = (2 * Math.PI * (i + 1)) / sides;
      const b0: Vec3 = [cx + r * Math.cos(a0), y0, cz - r * Math.sin(a0)];
      const b1: Vec3 = [cx + r * Math.cos(a1), y0, cz - r * Math.sin(a1)];
      const t0: Vec3 = [cx + rTop * Math.cos(a0), y1, cz - rTop * Math.sin(a0)];
      const t1: Vec3 = [cx + rTop * Math.cos(a1), y1, cz - rTop * Math.sin(a1)];
      const u0 = (r * a0) / scale,
        u1 = (r * a1) / scale,
        v0 = -y0 / scale,
        v1 = -y1 / scale;
      // counter-clockwise seen from outside: angle grows counter-clockwise seen from above
      this.quad(
        [b0, b1, t1, t0],
        [
          [u0, v0],
          [u1, v0],
          [u1, v1],
          [u0, v1],
        ],
        tex,
        id,
      );
      const c: Vec3 = [cx, y1, cz];
      if (rTop > 0)
        this.triangle(
          [c, t0, t1],
          [
            [0, 0],
            [rTop / scale, 0],
            [0, rTop / scale],
          ],
          tex,
          id,
        );
    }
    this.grow(id, [cx - Math.max(r, rTop), y0, cz - Math.max(r, rTop)], [cx + Math.max(r, rTop), y1, cz + Math.max(r, rTop)]);
  }

  /** A low-poly ellipsoid (foliage, lamp shades, pillows). */
  blob(c: Vec3, r: Vec3, tex: number, scale: number, id: number, rings = 5, segs = 8): void {
    const pt = (i: number, j: number): Vec3 => {
      const th = (Math.PI * i) / rings,
        ph = (2 * Math.PI * j) / segs;
      return [c[0] + r[0] * Math.sin(th) * Math.cos(ph), c[1] + r[1] * Math.cos(th), c[2] - r[2] * Math.sin(th) * Math.sin(ph)];
    };
    const uv = (i: number, j: number): [number, number] => [(j * 2 * Math.PI * r[0]) / segs / scale, (i * Math.PI * r[1]) / rings / scale];
    for (let i = 0; i < rings; i++) {
      for (let j = 0; j < segs; j++) {
        const p00 = pt(i, j),
          p01 = pt(i, j + 1),
          p10 = pt(i + 1, j),
          p11 = pt(i + 1, j + 1);
        // outward: going down in latitude and counter-clockwise in longitude
        if (i > 0) this.triangle([p00, p10, p01], [uv(i, j), uv(i + 1, j), uv(i, j + 1)], tex, id);
        if (i < rings - 1) this.triangle([p01, p10, p11], [uv(i, j + 1), uv(i + 1, j), uv(i + 1, j + 1)], tex, id);
      }
    }
    this.grow(id, [c[0] - r[0], c[1] - r[1], c[2] - r[2]], [c[0] + r[0], c[1] + r[1], c[2] + r[2]]);
  }

  build(rest: Omit<Scene, 'triangles' | 'attrs' | 'textures' | 'objects' | 'min' | 'max'>): Scene {
    // triangles grouped by object (stable), so each object is one run the renderer can cull whole
    const n = this.attrs.length / ATTR_WORDS;
    const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => this.attrs[p * ATTR_WORDS + 1] - this.attrs[q * ATTR_WORDS + 1] || p - q);
    const triangles = new Float32Array(n * TRI_FLOATS);
    const attrs = new Uint32Array(n * ATTR_WORDS);
    order.forEach((src, dst) => {
      for (let k = 0; k < TRI_FLOATS; k++) triangles[dst * TRI_FLOATS + k] = this.tris[src * TRI_FLOATS + k];
      for (let k = 0; k < ATTR_WORDS; k++) attrs[dst * ATTR_WORDS + k] = this.attrs[src * ATTR_WORDS + k];
    });
    const min = [Infinity, Infinity, Infinity],
      max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < triangles.length; i += 5) {
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k], triangles[i + k]);
        max[k] = Math.max(max[k], triangles[i + k]);
      }
    }
    if (triangles.length / TRI_FLOATS !== attrs.length / ATTR_WORDS) throw new Error('scene builder: triangle and attribute counts differ');
    return { ...rest, triangles, attrs, textures: this.textures, objects: this.objects, min: min as unknown as Vec3, max: max as unknown as Vec3 };
  }
}
