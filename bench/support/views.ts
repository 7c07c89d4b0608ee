/**
 * Procedural test views and the perturbations a place recogniser must tolerate. Pixel loops are
 * fine here: this is test data, not the encoder.
 */
import type { EncoderFrame } from '../../src/perception/encoder.js';

export function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/**
 * A "scene" from a seed: a two-colour gradient background with oriented stripes, a few solid boxes
 * and discs of random colours. Different seeds differ in layout, colours and texture orientation.
 */
export function proceduralView(seed: number, width = 320, height = 240): EncoderFrame {
  const r = lcg(seed * 7919 + 13);
  const col = () => [r() * 255, r() * 255, r() * 255];
  const c0 = col(),
    c1 = col();
  const angle = r() * Math.PI,
    period = 6 + r() * 20,
    amp = 20 + r() * 50;
  const ca = Math.cos(angle),
    sa = Math.sin(angle);
  const shapes = Array.from({ length: 5 + Math.floor(r() * 5) }, () => ({
    disc: r() < 0.4,
    x: r() * width,
    y: r() * height,
    w: 20 + r() * width * 0.35,
    h: 20 + r() * height * 0.35,
    c: col(),
    stripe: r() < 0.5 ? 4 + r() * 10 : 0,
  }));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = y / height;
      const s = amp * Math.sin((2 * Math.PI * (x * ca + y * sa)) / period);
      let c = [c0[0] * (1 - t) + c1[0] * t + s, c0[1] * (1 - t) + c1[1] * t + s, c0[2] * (1 - t) + c1[2] * t + s];
      for (const sh of shapes) {
        const inside = sh.disc
          ? ((x - sh.x) / (sh.w / 2)) ** 2 + ((y - sh.y) / (sh.w / 2)) ** 2 < 1
          : Math.abs(x - sh.x) < sh.w / 2 && Math.abs(y - sh.y) < sh.h / 2;
        if (inside) {
          const k = sh.stripe && Math.floor(y / sh.stripe) % 2 ? 0.6 : 1;
          c = sh.c.map((v) => v * k);
        }
      }
      for (let ch = 0; ch < 3; ch++) rgb[(y * width + x) * 3 + ch] = Math.max(0, Math.min(255, Math.round(c[ch])));
    }
  return { width, height, rgb };
}

const clamp8 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

export function brighten(f: EncoderFrame, gain: number, offset = 0): EncoderFrame {
  return { ...f, rgb: f.rgb.map((v) => clamp8(v * gain + offset)) };
}

/** Content moved by (dx, dy) pixels, edges repeated. */
export function shift(f: EncoderFrame, dx: number, dy: number): EncoderFrame {
  const out = new Uint8Array(f.rgb.length);
  for (let y = 0; y < f.height; y++)
    for (let x = 0; x < f.width; x++) {
      const sx = Math.min(f.width - 1, Math.max(0, x - dx)),
        sy = Math.min(f.height - 1, Math.max(0, y - dy));
      for (let c = 0; c < 3; c++) out[(y * f.width + x) * 3 + c] = f.rgb[(sy * f.width + sx) * 3 + c];
    }
  return { ...f, rgb: out };
}

/** Additive noise, roughly Gaussian (sum of uniforms), standard deviation `sigma` grey levels. */
export function noisy(f: EncoderFrame, sigma: number, seed: number): EncoderFrame {
  const r = lcg(seed);
  return { ...f, rgb: f.rgb.map((v) => clamp8(v + sigma * (r() + r() + r() + r() - 2) * Math.sqrt(3))) };
}
