/**
 * Filter kernels of the generated descriptor: a quadrature Gabor pair per orientation, a sampled
 * Gaussian and the 5-tap binomial used between pyramid levels. Pure functions of their parameters,
 * computed in float64 and stored as float32, so the model bytes are the same on every machine.
 */

export interface GaborParams {
  /** number of orientations, spread evenly over [0, π) */
  orientations: number;
  /** wavelength of the carrier, pixels */
  wavelength: number;
  /** envelope standard deviation, pixels */
  sigma: number;
  /** kernel half-size, pixels: the kernel is (2r+1)² */
  radius: number;
}

/**
 * Kernels as [2·orientations, 1, k, k]: first the even (cosine) filters of every orientation, then
 * the odd (sine) ones. The even filters have their DC removed (a flat image gives no response, so an
 * added brightness offset cannot leak in) and every filter has unit L2 norm.
 */
export function gaborBank(p: GaborParams): Float32Array {
  const k = 2 * p.radius + 1;
  const out = new Float32Array(2 * p.orientations * k * k);
  const env = new Float64Array(k * k);
  const even = new Float64Array(k * k);
  const odd = new Float64Array(k * k);
  for (let o = 0; o < p.orientations; o++) {
    const theta = (Math.PI * o) / p.orientations;
    const c = Math.cos(theta),
      s = Math.sin(theta);
    let envSum = 0,
      evenSum = 0;
    for (let y = -p.radius; y <= p.radius; y++) {
      for (let x = -p.radius; x <= p.radius; x++) {
        const i = (y + p.radius) * k + (x + p.radius);
        const along = x * c + y * s;
        const e = Math.exp(-(x * x + y * y) / (2 * p.sigma * p.sigma));
        const phase = (2 * Math.PI * along) / p.wavelength;
        env[i] = e;
        even[i] = e * Math.cos(phase);
        odd[i] = e * Math.sin(phase);
        envSum += e;
        evenSum += even[i];
      }
    }
    const dc = evenSum / envSum;
    for (let i = 0; i < k * k; i++) even[i] -= dc * env[i];
    writeUnit(out, o * k * k, even);
    writeUnit(out, (p.orientations + o) * k * k, odd);
  }
  return out;
}

function writeUnit(out: Float32Array, at: number, v: Float64Array): void {
  let n = 0;
  for (const x of v) n += x * x;
  const inv = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) out[at + i] = v[i] * inv;
}

/** Normalised 1-D Gaussian of half-size `radius`. */
export function gaussian1d(sigma: number, radius: number): Float32Array {
  const w = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += w[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  return Float32Array.from(w, (x) => x / sum);
}

/** 5×5 binomial low-pass (outer product of [1 4 6 4 1]/16), the pyramid's anti-alias filter. */
export function binomial5x5(): Float32Array {
  const b = [1, 4, 6, 4, 1];
  const out = new Float32Array(25);
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) out[y * 5 + x] = (b[y] * b[x]) / 256;
  return out;
}

/** 1×1 convolution weights [orientations, 2·orientations, 1, 1] summing each even²/odd² pair. */
export function pairSum(orientations: number): Float32Array {
  const w = new Float32Array(orientations * 2 * orientations);
  for (let o = 0; o < orientations; o++) {
    w[o * 2 * orientations + o] = 1;
    w[o * 2 * orientations + orientations + o] = 1;
  }
  return w;
}
