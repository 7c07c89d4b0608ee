/**
 * Plain-TypeScript reference of the generated view encoder: the antialiased bilinear resize of the
 * preprocessing graph (PIL-style triangle filter widened by the scale factor, half-pixel centres) and
 * the GIST descriptor of `gist-model.ts`, step by step with loops. Test oracle and benchmark baseline.
 */
import { binomial5x5, gaborBank, gaussian1d } from '../../src/perception/encoder/gabor.js';
import type { GistParams } from '../../src/perception/encoder/gist-model.js';

/** Weights of a 1-D antialiased linear resample: for each output index, first input index and weights. */
function resampleTaps(inSize: number, outSize: number): { start: number[]; weights: Float64Array[] } {
  const scale = inSize / outSize;
  const fscale = Math.max(scale, 1);
  const support = fscale;
  const start: number[] = [];
  const weights: Float64Array[] = [];
  for (let o = 0; o < outSize; o++) {
    const centre = (o + 0.5) * scale;
    const lo = Math.max(Math.trunc(centre - support + 0.5), 0);
    const hi = Math.min(Math.trunc(centre + support + 0.5), inSize);
    const w = new Float64Array(hi - lo);
    let sum = 0;
    for (let i = lo; i < hi; i++) {
      const t = Math.abs((i - centre + 0.5) / fscale);
      w[i - lo] = t < 1 ? 1 - t : 0;
      sum += w[i - lo];
    }
    for (let i = 0; i < w.length; i++) w[i] /= sum;
    start.push(lo);
    weights.push(w);
  }
  return { start, weights };
}

/** RGB bytes (HWC) → planar float [3, outH, outW] on the [0, 1] scale. */
export function resizeRef(rgb: Uint8Array, width: number, height: number, outW: number, outH: number): Float32Array {
  const hx = resampleTaps(width, outW),
    hy = resampleTaps(height, outH);
  const tmp = new Float64Array(3 * height * outW);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < outW; x++) {
        const w = hx.weights[x],
          s = hx.start[x];
        let acc = 0;
        for (let k = 0; k < w.length; k++) acc += w[k] * rgb[(y * width + s + k) * 3 + c];
        tmp[(c * height + y) * outW + x] = acc;
      }
  const out = new Float32Array(3 * outH * outW);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < outH; y++) {
      const w = hy.weights[y],
        s = hy.start[y];
      for (let x = 0; x < outW; x++) {
        let acc = 0;
        for (let k = 0; k < w.length; k++) acc += w[k] * tmp[(c * height + s + k) * outW + x];
        out[(c * outH + y) * outW + x] = acc / 255;
      }
    }
  return out;
}

const reflect = (i: number, n: number) => (i < 0 ? -i : i >= n ? 2 * (n - 1) - i : i);

/** Correlation of one n×n plane with a kh×kw kernel, reflect padding, stride s: (n/s)² outputs. */
function conv(src: Float64Array, n: number, k: ArrayLike<number>, kh: number, kw: number, stride = 1): Float64Array {
  const ry = kh >> 1,
    rx = kw >> 1,
    m = n / stride;
  const out = new Float64Array(m * m);
  for (let y = 0; y < m; y++)
    for (let x = 0; x < m; x++) {
      let acc = 0;
      for (let i = 0; i < kh; i++) {
        const row = reflect(y * stride + i - ry, n) * n;
        for (let j = 0; j < kw; j++) acc += k[i * kw + j] * src[row + reflect(x * stride + j - rx, n)];
      }
      out[y * m + x] = acc;
    }
  return out;
}

/** Bilinear enlargement of an m×m plane to n×n, half-pixel centres, coordinates clamped at the border. */
function upsampleLinear(src: Float64Array, m: number, n: number): Float64Array {
  const taps = Array.from({ length: n }, (_, o) => {
    const x = Math.min(Math.max(((o + 0.5) * m) / n - 0.5, 0), m - 1);
    const i0 = Math.floor(x),
      i1 = Math.min(i0 + 1, m - 1);
    return { i0, i1, f: i0 === i1 ? 0.5 : x - i0 };
  });
  const out = new Float64Array(n * n);
  for (let y = 0; y < n; y++) {
    const ty = taps[y];
    for (let x = 0; x < n; x++) {
      const tx = taps[x];
      const top = src[ty.i0 * m + tx.i0] * (1 - tx.f) + src[ty.i0 * m + tx.i1] * tx.f;
      const bottom = src[ty.i1 * m + tx.i0] * (1 - tx.f) + src[ty.i1 * m + tx.i1] * tx.f;
      out[y * n + x] = top * (1 - ty.f) + bottom * ty.f;
    }
  }
  return out;
}

/** Means over a g×g grid of cells of an n×n plane, row-major. */
function cellMeans(src: Float64Array, n: number, g: number): number[] {
  const c = n / g;
  const out: number[] = [];
  for (let cy = 0; cy < g; cy++)
    for (let cx = 0; cx < g; cx++) {
      let s = 0;
      for (let y = cy * c; y < (cy + 1) * c; y++) for (let x = cx * c; x < (cx + 1) * c; x++) s += src[y * n + x];
      out.push(s / (c * c));
    }
  return out;
}

const centred = (v: number[]) => {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return v.map((x) => x - m);
};
const unit = (v: number[], weight = 1) => {
  const n = Math.sqrt(v.reduce((a, b) => a + b * b, 0) + 1e-12);
  return v.map((x) => (x / n) * weight);
};

/** The descriptor of planar float pixels [3, S, S] on the [0, 1] scale. */
export function gistRef(pixels: Float32Array, p: GistParams): Float32Array {
  const S = p.size,
    N = S * S;
  const grey = new Float64Array(N),
    logL = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    grey[i] = 0.299 * pixels[i] + 0.587 * pixels[N + i] + 0.114 * pixels[2 * N + i];
    logL[i] = Math.log(grey[i] + p.logOffset);
  }
  const gk = gaussian1d(p.prefilterSigma, p.prefilterRadius);
  const b = p.prefilterDownsample,
    m = S / b;
  const blur = (t: Float64Array) => {
    const small = Float64Array.from(cellMeans(t, S, m));
    return upsampleLinear(conv(conv(small, m, gk, 1, gk.length), m, gk, gk.length, 1), m, S);
  };
  const low = blur(logL);
  const hp = logL.map((v, i) => v - low[i]);
  const variance = blur(hp.map((v) => v * v));
  let level: Float64Array = hp.map((v, i) => v / Math.sqrt(variance[i] + p.contrastFloor ** 2));

  const k = 2 * p.gaborRadius + 1,
    O = p.orientations;
  const bank = gaborBank({ orientations: O, wavelength: p.wavelength, sigma: p.gaborSigma, radius: p.gaborRadius });
  const binom = binomial5x5();
  let texture: number[] = [];
  for (let l = 0, side = S; l < p.levels; l++, side >>= 1) {
    if (l > 0) level = conv(level, side * 2, binom, 5, 5, 2);
    for (let o = 0; o < O; o++) {
      const even = conv(level, side, bank.subarray(o * k * k, (o + 1) * k * k), k, k, p.responseStride);
      const odd = conv(level, side, bank.subarray((O + o) * k * k, (O + o + 1) * k * k), k, k, p.responseStride);
      const energy = even.map((e, i) => Math.sqrt(e * e + odd[i] * odd[i]));
      texture.push(...cellMeans(energy, side / p.responseStride, p.grid));
    }
  }
  if (p.texturePower !== 1) texture = texture.map((v) => Math.pow(v, p.texturePower));
  if (p.centreTexture) texture = centred(texture);
  const layout = unit(centred(cellMeans(logL, S, p.grid)), p.layoutWeight);
  const rg = new Float64Array(N),
    by = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const r = pixels[i],
      g = pixels[N + i],
      b = pixels[2 * N + i];
    const sum = r + g + b + p.chromaOffset;
    rg[i] = (r - g) / sum;
    by[i] = (b - 0.5 * r - 0.5 * g) / sum;
  }
  const colour = [...cellMeans(rg, S, p.grid), ...cellMeans(by, S, p.grid)].map((v) => v * p.colourWeight);
  return Float32Array.from(unit([...unit(texture, p.textureWeight), ...layout, ...colour, 1e-4]));
}
