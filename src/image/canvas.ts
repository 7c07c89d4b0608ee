/**
 * Small drawing primitives on an RGBA image for overlays (markers, pose, routes, labels). The grid
 * itself is coloured by navcore; these touch only the few pixels of each overlay.
 */
import { glyph, GLYPH_H, GLYPH_W, textWidth } from './font.js';

export type Rgba = readonly [number, number, number, number];

export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, data: new Uint8ClampedArray(width * height * 4) };
}

export function setPixel(img: RgbaImage, x: number, y: number, c: Rgba): void {
  x = Math.round(x);
  y = Math.round(y);
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return;
  const i = (y * img.width + x) * 4;
  const a = c[3] / 255;
  const d = img.data;
  d[i] = d[i] * (1 - a) + c[0] * a;
  d[i + 1] = d[i + 1] * (1 - a) + c[1] * a;
  d[i + 2] = d[i + 2] * (1 - a) + c[2] * a;
  d[i + 3] = 255;
}

export function fillRect(img: RgbaImage, x: number, y: number, w: number, h: number, c: Rgba): void {
  for (let yy = Math.max(0, Math.floor(y)); yy < Math.min(img.height, Math.ceil(y + h)); yy++) {
    for (let xx = Math.max(0, Math.floor(x)); xx < Math.min(img.width, Math.ceil(x + w)); xx++) setPixel(img, xx, yy, c);
  }
}

export function fillDisc(img: RgbaImage, cx: number, cy: number, r: number, c: Rgba): void {
  const r2 = r * r;
  for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
    for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r2) setPixel(img, x, y, c);
    }
  }
}

/** A line `width` pixels wide, stamped as discs along its length. */
export function drawLine(img: RgbaImage, x0: number, y0: number, x1: number, y1: number, width: number, c: Rgba): void {
  const len = Math.hypot(x1 - x0, y1 - y0);
  const steps = Math.max(1, Math.ceil(len));
  const r = Math.max(0.5, width / 2);
  for (let s = 0; s <= steps; s++) {
    const t = s / steps;
    const x = x0 + (x1 - x0) * t,
      y = y0 + (y1 - y0) * t;
    if (r <= 0.75) setPixel(img, x, y, c);
    else fillDisc(img, x, y, r, c);
  }
}

export function fillTriangle(img: RgbaImage, pts: [number, number][], c: Rgba): void {
  const [a, b, d] = pts;
  const minX = Math.floor(Math.min(a[0], b[0], d[0])),
    maxX = Math.ceil(Math.max(a[0], b[0], d[0]));
  const minY = Math.floor(Math.min(a[1], b[1], d[1])),
    maxY = Math.ceil(Math.max(a[1], b[1], d[1]));
  const edge = (p: [number, number], q: [number, number], x: number, y: number) => (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]);
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const e0 = edge(a, b, x, y),
        e1 = edge(b, d, x, y),
        e2 = edge(d, a, x, y);
      if ((e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0)) setPixel(img, x, y, c);
    }
  }
}

/** Text with its top-left corner at (x, y), on an optional backing box for legibility. */
export function drawText(img: RgbaImage, x: number, y: number, text: string, c: Rgba, scale = 1, box?: Rgba): void {
  if (box) fillRect(img, x - 2, y - 2, textWidth(text, scale) + 4, GLYPH_H * scale + 4, box);
  let pen = x;
  for (const ch of text) {
    const g = glyph(ch);
    for (let gy = 0; gy < GLYPH_H; gy++) {
      for (let gx = 0; gx < GLYPH_W; gx++) {
        if (g[gy * GLYPH_W + gx]) fillRect(img, pen + gx * scale, y + gy * scale, scale, scale, c);
      }
    }
    pen += (GLYPH_W + 1) * scale;
  }
}
