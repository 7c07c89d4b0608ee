// Procedural surface textures, written as u32 texels (bytes R G B x) into memory owned by the caller.
// Every texture mixes a regular structure (planks, tiles, a print) with seeded per-element variation
// and low-frequency noise, so that no two patches look alike and a corner detector finds stable corners.

@inline function hash(x: i32, y: i32, seed: u32): u32 {
  let h: u32 = seed ^ (<u32>x * 374761393) ^ (<u32>y * 668265263);
  h = (h ^ (h >> 13)) * 1274126177;
  return h ^ (h >> 16);
}

@inline function rnd(x: i32, y: i32, seed: u32): f64 {
  return f64(hash(x, y, seed) & 0xffffff) / 16777216.0;
}

function valueNoise(x: f64, y: f64, seed: u32): f64 {
  const xi = i32(Math.floor(x)), yi = i32(Math.floor(y));
  let fx = x - f64(xi), fy = y - f64(yi);
  fx = fx * fx * (3 - 2 * fx);
  fy = fy * fy * (3 - 2 * fy);
  const a = rnd(xi, yi, seed), b = rnd(xi + 1, yi, seed), c = rnd(xi, yi + 1, seed), d = rnd(xi + 1, yi + 1, seed);
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

function fbm(x: f64, y: f64, seed: u32, octaves: i32): f64 {
  let s = 0.0, amp = 0.5, f = 1.0;
  for (let o = 0; o < octaves; o++) {
    s += amp * valueNoise(x * f, y * f, seed + <u32>o * 7919);
    f *= 2;
    amp *= 0.5;
  }
  return s;
}

@inline function clamp255(v: f64): u32 {
  return v <= 0 ? 0 : v >= 255 ? 255 : <u32>v;
}

@inline function rgb(r: f64, g: f64, b: f64): u32 {
  return clamp255(r) | (clamp255(g) << 8) | (clamp255(b) << 16);
}

@inline function ch(c: u32, k: u32): f64 {
  return f64((c >> (k * 8)) & 255);
}

/** Mix of colours a and b by t, then scaled by brightness s. */
@inline function mixScale(a: u32, b: u32, t: f64, s: f64): u32 {
  return rgb((ch(a, 0) + (ch(b, 0) - ch(a, 0)) * t) * s, (ch(a, 1) + (ch(b, 1) - ch(a, 1)) * t) * s, (ch(a, 2) + (ch(b, 2) - ch(a, 2)) * t) * s);
}

@inline function put(ptr: usize, w: i32, x: i32, y: i32, c: u32): void {
  store<u32>(ptr + (<usize>(y * w + x) << 2), c);
}

/** Floor boards: rows of planks of random length, per-plank tone, wavy grain, dark joints, knots. */
export function texWood(ptr: usize, w: i32, h: i32, seed: u32, light: u32, dark: u32, plankW: i32, plankL: i32): void {
  for (let y = 0; y < h; y++) {
    const row = y / plankW;
    const inRow = y - row * plankW;
    const rowOff = i32(rnd(row, 0, seed) * f64(plankL));
    for (let x = 0; x < w; x++) {
      const xs = x + rowOff;
      const plank = xs / plankL;
      const inPlank = xs - plank * plankL;
      const pr = rnd(plank, row, seed + 1);
      const tone = 0.72 + 0.5 * pr;
      const warp = 6.0 * fbm(f64(x) / 48.0, f64(y) / 10.0, seed + 2, 3);
      const grain = 0.5 + 0.5 * Math.sin((f64(y) + warp) * 0.9 + pr * 40.0 + f64(x) * 0.01);
      let t = grain * grain * grain * 0.55 + 0.35 * fbm(f64(x) / 9.0, f64(y) / 3.0, seed + 3, 2);
      // knots: a few dark ellipses per plank
      const kx = i32(rnd(plank, row, seed + 4) * f64(plankL)), ky = i32(rnd(plank, row, seed + 5) * f64(plankW));
      const dx = f64(inPlank - kx) / 5.0, dy = f64(inRow - ky) / 2.5;
      const kd = dx * dx + dy * dy;
      if (pr > 0.55 && kd < 1.0) t = 0.85 + 0.15 * kd;
      let s = tone;
      if (inRow == 0 || inRow == plankW - 1 || inPlank == 0) s *= 0.35;
      put(ptr, w, x, y, mixScale(light, dark, t, s));
    }
  }
}

/** Ceramic tiles: grout lines, per-tile colour pick between a and b, tone variation, speckles, wear. */
export function texTiles(ptr: usize, w: i32, h: i32, seed: u32, a: u32, b: u32, grout: u32, tile: i32, groutW: i32, checker: i32): void {
  for (let y = 0; y < h; y++) {
    const ty = y / tile, iy = y - ty * tile;
    for (let x = 0; x < w; x++) {
      const tx = x / tile, ix = x - tx * tile;
      if (ix < groutW || iy < groutW) {
        put(ptr, w, x, y, mixScale(grout, 0, 0.4 * rnd(x, y, seed + 9), 1.0));
        continue;
      }
      const r = rnd(tx, ty, seed);
      const pickB = checker != 0 ? ((tx + ty) & 1) == 1 : r > 0.6;
      const base = pickB ? b : a;
      const tone = 0.82 + 0.3 * rnd(tx, ty, seed + 1);
      const speck = rnd(x, y, seed + 2) > 0.985 ? 0.55 : 1.0;
      const cloud = 0.85 + 0.3 * fbm(f64(x) / 14.0, f64(y) / 14.0, seed + 3, 3);
      // a darker diagonal vein on some tiles makes each tile distinguishable
      let vein = 1.0;
      if (rnd(tx, ty, seed + 4) > 0.5) {
        const d = Math.abs(f64(ix) - f64(iy) * (0.5 + rnd(tx, ty, seed + 5)) - f64(tile) * 0.3 * rnd(tx, ty, seed + 6));
        if (d < 1.5) vein = 0.7;
      }
      put(ptr, w, x, y, mixScale(base, 0, 0, tone * speck * cloud * vein));
    }
  }
}

/** Wallpaper prints: kind 0 random-width stripes, 1 lattice of diamonds, 2 jittered motifs; all with a
 *  low-frequency tint and per-element colour variation. */
export function texWallpaper(ptr: usize, w: i32, h: i32, seed: u32, a: u32, b: u32, kind: i32, period: i32): void {
  const p = f64(period);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let t = 0.0;
      let tone = 1.0;
      if (kind == 0) {
        const cell = x / period;
        const frac = f64(x - cell * period) / p;
        const width = 0.2 + 0.5 * rnd(cell, 0, seed);
        t = frac < width ? 1.0 : 0.0;
        if (frac > width && frac < width + 0.08) t = 0.5;
        tone = 0.85 + 0.3 * rnd(cell, 1, seed);
      } else if (kind == 1) {
        const u = f64(x) / p, v = f64(y) / p;
        const cu = i32(Math.floor(u + v)), cv = i32(Math.floor(u - v));
        const fu = u + v - f64(cu), fv = u - v - f64(cv);
        const edge = Math.min(Math.min(fu, 1 - fu), Math.min(fv, 1 - fv));
        t = edge < 0.08 ? 1.0 : rnd(cu, cv, seed) > 0.5 ? 0.35 : 0.0;
        tone = 0.9 + 0.2 * rnd(cu, cv, seed + 1);
      } else {
        const cx = x / period, cy = y / period;
        const ox = (0.3 + 0.4 * rnd(cx, cy, seed)) * p, oy = (0.3 + 0.4 * rnd(cx, cy, seed + 1)) * p;
        const dx = f64(x - cx * period) - ox, dy = f64(y - cy * period) - oy;
        const rad = p * (0.12 + 0.15 * rnd(cx, cy, seed + 2));
        const d = Math.sqrt(dx * dx + dy * dy);
        t = d < rad ? 1.0 : d < rad * 1.5 && Math.abs(dx) < 2 ? 0.7 : 0.0;
        tone = 0.93 + 0.14 * rnd(cx, cy, seed + 3);
      }
      const tint = 0.8 + 0.35 * fbm(f64(x) / 60.0, f64(y) / 60.0, seed + 11, 3);
      const grit = 0.94 + 0.12 * rnd(x, y, seed + 12);
      put(ptr, w, x, y, mixScale(a, b, t, tone * tint * grit));
    }
  }
}

/** An abstract painting: a background wash, seeded rectangles and discs of saturated colour, a frame. */
export function texPainting(ptr: usize, w: i32, h: i32, seed: u32, frame: u32): void {
  const bg = rgb(60 + 180 * rnd(0, 0, seed), 60 + 180 * rnd(1, 0, seed), 60 + 180 * rnd(2, 0, seed));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      put(ptr, w, x, y, mixScale(bg, 0, 0, 0.7 + 0.5 * fbm(f64(x) / 20.0, f64(y) / 20.0, seed + 1, 3)));
    }
  }
  const shapes = 7 + i32(rnd(3, 0, seed) * 8);
  for (let s = 0; s < shapes; s++) {
    const col = rgb(255 * rnd(s, 1, seed), 255 * rnd(s, 2, seed), 255 * rnd(s, 3, seed));
    const sx = rnd(s, 4, seed) * f64(w), sy = rnd(s, 5, seed) * f64(h);
    const sw = (0.08 + 0.3 * rnd(s, 6, seed)) * f64(w), sh = (0.08 + 0.3 * rnd(s, 7, seed)) * f64(h);
    const disc = rnd(s, 8, seed) > 0.5;
    const x0 = i32(Math.max(0, sx - sw)), x1 = i32(Math.min(f64(w - 1), sx + sw));
    const y0 = i32(Math.max(0, sy - sh)), y1 = i32(Math.min(f64(h - 1), sy + sh));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (disc) {
          const dx = (f64(x) - sx) / sw, dy = (f64(y) - sy) / sh;
          if (dx * dx + dy * dy > 1) continue;
        }
        put(ptr, w, x, y, col);
      }
    }
  }
  const bw = max(2, w / 14);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x < bw || y < bw || x >= w - bw || y >= h - bw) put(ptr, w, x, y, mixScale(frame, 0, 0, 0.8 + 0.4 * rnd(x, y, seed + 5)));
    }
  }
}

/** Fabric, plaster, paint or plastic: a base colour modulated by multi-scale noise and a fine weave. */
export function texFabric(ptr: usize, w: i32, h: i32, seed: u32, base: u32, amp: f64, scale: f64, weave: f64): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const n = fbm(f64(x) / scale, f64(y) / scale, seed, 4) - 0.5;
      const wv = ((x ^ y) & 2) != 0 ? weave : -weave;
      put(ptr, w, x, y, mixScale(base, 0, 0, 1.0 + amp * n * 2.0 + wv));
    }
  }
}

/** A rug: nested borders, a central medallion pattern and noise. */
export function texRug(ptr: usize, w: i32, h: i32, seed: u32, a: u32, b: u32): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const e = min(min(x, w - 1 - x), min(y, h - 1 - y));
      const band = e / max(2, w / 16);
      let t = (band & 1) == 0 && band < 4 ? 1.0 : 0.0;
      if (band >= 4) {
        const dx = f64(x - w / 2) / f64(w), dy = f64(y - h / 2) / f64(h);
        t = Math.sin((Math.abs(dx) + Math.abs(dy)) * 40.0 + rnd(0, 0, seed) * 6.0) > 0.3 ? 0.8 : 0.1;
      }
      put(ptr, w, x, y, mixScale(a, b, t, 0.8 + 0.4 * rnd(x >> 1, y >> 1, seed)));
    }
  }
}

/** Book spines: vertical strips of random width, colour and height gaps, on shelf rows. */
export function texBooks(ptr: usize, w: i32, h: i32, seed: u32, shelf: u32, rows: i32): void {
  const rowH = h / rows;
  for (let y = 0; y < h; y++) {
    const row = y / rowH;
    const iy = y - row * rowH;
    let x = 0;
    let book = 0;
    while (x < w) {
      const bw = 3 + i32(rnd(book, row, seed) * 8);
      const top = i32(rnd(book, row, seed + 1) * f64(rowH) * 0.35) + 2;
      const col = rgb(30 + 200 * rnd(book, row, seed + 2), 30 + 200 * rnd(book, row, seed + 3), 30 + 200 * rnd(book, row, seed + 4));
      for (let k = 0; k < bw && x < w; k++, x++) {
        let c = shelf;
        if (iy >= rowH - 3) c = mixScale(shelf, 0, 0, 0.6);
        else if (iy > top) c = k == 0 ? mixScale(col, 0, 0, 0.5) : col;
        else c = mixScale(shelf, 0, 0, 0.35);
        put(ptr, w, x, y, c);
      }
      book++;
    }
  }
}

/** The view through a window: sky with clouds, a hill ridge, fields and trees. */
export function texLandscape(ptr: usize, w: i32, h: i32, seed: u32): void {
  const fw = f64(w), fh = f64(h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const fx = f64(x), fy = f64(y);
      const ridge = fh * (0.45 + 0.12 * fbm(fx / (fw * 0.25), 0.5, seed, 3));
      let c: u32;
      if (fy < ridge) {
        const t = fy / ridge;
        const cloud = fbm(fx / 40.0, fy / 18.0, seed + 1, 4);
        const sky = mixScale(rgb(70, 120, 210), rgb(190, 215, 240), t, 1.0);
        c = cloud > 0.55 ? mixScale(sky, rgb(250, 250, 250), Math.min(1.0, (cloud - 0.55) * 4.0), 1.0) : sky;
      } else {
        const field = fbm(fx / 30.0, fy / 10.0, seed + 2, 3);
        c = mixScale(rgb(70, 130, 50), rgb(150, 170, 70), field, 0.8 + 0.3 * rnd(x >> 2, y >> 2, seed + 3));
      }
      put(ptr, w, x, y, c);
    }
  }
  // trees: dark crowns on trunks standing on the ridge line
  const trees = 4 + i32(rnd(0, 9, seed) * 6);
  for (let k = 0; k < trees; k++) {
    const cx = rnd(k, 1, seed) * fw;
    const base = fh * (0.45 + 0.12 * fbm(cx / (fw * 0.25), 0.5, seed, 3)) + fh * 0.05 * rnd(k, 2, seed);
    const r = fh * (0.06 + 0.08 * rnd(k, 3, seed));
    const crown = rgb(20 + 40 * rnd(k, 4, seed), 70 + 50 * rnd(k, 5, seed), 30);
    for (let y = i32(Math.max(0, base - 2.6 * r)); y < i32(Math.min(fh, base)); y++) {
      for (let x = i32(Math.max(0, cx - r)); x < i32(Math.min(fw, cx + r)); x++) {
        const dx = (f64(x) - cx) / r, dy = (f64(y) - (base - 1.6 * r)) / r;
        if (dx * dx + dy * dy < 1.0) put(ptr, w, x, y, mixScale(crown, 0, 0, 0.8 + 0.4 * rnd(x >> 1, y >> 1, seed + 6)));
        else if (Math.abs(f64(x) - cx) < r * 0.12 && f64(y) > base - 0.8 * r) put(ptr, w, x, y, rgb(80, 55, 30));
      }
    }
  }
}
