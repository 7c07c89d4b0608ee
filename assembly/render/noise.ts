// Optional sensor noise, applied in place after a frame is rendered (off unless the caller asks).

let state: u64 = 0x9e3779b97f4a7c15;

@inline function next(): u64 {
  // xorshift64*
  let x = state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  state = x;
  return x * 0x2545f4914f6cdd1d;
}

@inline function uniform(): f64 {
  return f64(next() >> 11) * (1.0 / 9007199254740992.0);
}

function gaussian(): f64 {
  let u = uniform();
  if (u < 1e-300) u = 1e-300;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(6.283185307179586 * uniform());
}

export function noiseSeed(seed: u64): void {
  state = seed == 0 ? 0x9e3779b97f4a7c15 : seed;
  for (let i = 0; i < 4; i++) next();
}

/** Additive Gaussian noise of standard deviation sigma (intensity units) on every RGB byte. */
export function rgbNoise(rgb: usize, bytes: i32, sigma: f64): void {
  for (let i = 0; i < bytes; i++) {
    const p = rgb + <usize>i;
    const v = f64(load<u8>(p)) + sigma * gaussian();
    store<u8>(p, v <= 0 ? 0 : v >= 255 ? 255 : <u8>(v + 0.5));
  }
}

/**
 * Structured-light depth noise in the style of the Redwood model used by Habitat: each pixel reads
 * depth from a position jittered by Gaussian pixel shifts, the value is converted to disparity
 * (baseline·focal = `bf`), disturbed by Gaussian noise of `sigmaDisp`, quantised to `1/quant` of a
 * disparity unit and converted back; readings beyond `maxDepth` drop out to 0. Needs a scratch copy.
 */
export function depthNoise(depth: usize, scratch: usize, w: i32, h: i32, bf: f64, sigmaShift: f64, sigmaDisp: f64, quant: f64, maxDepth: f64): void {
  const n = w * h;
  memory.copy(scratch, depth, <usize>n << 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sx = i32(Math.round(f64(x) + sigmaShift * gaussian()));
      let sy = i32(Math.round(f64(y) + sigmaShift * gaussian()));
      if (sx < 0) sx = 0; else if (sx >= w) sx = w - 1;
      if (sy < 0) sy = 0; else if (sy >= h) sy = h - 1;
      const d = f64(load<f32>(scratch + (<usize>(sy * w + sx) << 2)));
      let out = 0.0;
      if (d > 0) {
        const disp = bf / d + sigmaDisp * gaussian();
        const qd = Math.round(disp * quant) / quant;
        if (qd > 0) out = bf / qd;
        if (out > maxDepth) out = 0;
      }
      store<f32>(depth + (<usize>(y * w + x) << 2), f32(out));
    }
  }
}
