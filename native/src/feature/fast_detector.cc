#include "fast_detector.h"

#include <algorithm>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace nav {

namespace {

// Score = max over the 16 arcs of 9 contiguous pixels of the smallest brightness difference along
// the arc, for the bright and the dark case. Window minima are built by doubling (2, 4, 8, 9).
inline int corner_score(const int* d) {
  int lo2[16], hi2[16], lo4[16], hi4[16];
  for (int k = 0; k < 16; ++k) {
    const int a = d[k], b = d[(k + 1) & 15];
    lo2[k] = std::min(a, b);
    hi2[k] = std::max(a, b);
  }
  for (int k = 0; k < 16; ++k) {
    lo4[k] = std::min(lo2[k], lo2[(k + 2) & 15]);
    hi4[k] = std::max(hi2[k], hi2[(k + 2) & 15]);
  }
  int bright = -255, dark = 255;
  for (int k = 0; k < 16; ++k) {
    const int e = d[(k + 8) & 15];
    const int lo9 = std::min(std::min(lo4[k], lo4[(k + 4) & 15]), e);
    const int hi9 = std::max(std::max(hi4[k], hi4[(k + 4) & 15]), e);
    bright = std::max(bright, lo9);
    dark = std::min(dark, hi9);
  }
  return std::max(bright, -dark);
}

#ifdef __wasm_simd128__
// corner_score of eight pixels at once from their ring's differences d[k] (ring pixel k minus the
// centre, 16-bit lanes, −255 … 255): the same windowed minima and maxima, each lane a pixel
inline v128_t corner_scores8(const v128_t* d) {
  v128_t lo2[16], hi2[16], lo4[16], hi4[16];
  for (int k = 0; k < 16; ++k) {
    lo2[k] = wasm_i16x8_min(d[k], d[(k + 1) & 15]);
    hi2[k] = wasm_i16x8_max(d[k], d[(k + 1) & 15]);
  }
  for (int k = 0; k < 16; ++k) {
    lo4[k] = wasm_i16x8_min(lo2[k], lo2[(k + 2) & 15]);
    hi4[k] = wasm_i16x8_max(hi2[k], hi2[(k + 2) & 15]);
  }
  v128_t bright = wasm_i16x8_splat(-255), dark = wasm_i16x8_splat(255);
  for (int k = 0; k < 16; ++k) {
    const v128_t e = d[(k + 8) & 15];
    bright = wasm_i16x8_max(bright, wasm_i16x8_min(wasm_i16x8_min(lo4[k], lo4[(k + 4) & 15]), e));
    dark = wasm_i16x8_min(dark, wasm_i16x8_max(wasm_i16x8_max(hi4[k], hi4[(k + 4) & 15]), e));
  }
  return wasm_i16x8_max(bright, wasm_i16x8_neg(dark));
}

// the scores of the lanes of one half (0: pixels 0–7, 1: 8–15) of a 16-pixel chunk from its ring's
// bytes, widened to 16 bits
inline v128_t half_scores(const v128_t* ring, v128_t centre, int half) {
  v128_t d[16];
  const v128_t c = half ? wasm_u16x8_extend_high_u8x16(centre) : wasm_u16x8_extend_low_u8x16(centre);
  for (int k = 0; k < 16; ++k)
    d[k] = wasm_i16x8_sub(half ? wasm_u16x8_extend_high_u8x16(ring[k]) : wasm_u16x8_extend_low_u8x16(ring[k]), c);
  return corner_scores8(d);
}
#endif

// whether a cyclic 16-bit mask has 9 consecutive set bits
inline bool has_arc9(int mask) {
  uint32_t m = static_cast<uint32_t>(mask) | (static_cast<uint32_t>(mask) << 16);
  uint32_t a = m & (m >> 1);   // runs of 2
  a &= a >> 2;                 // runs of 4
  a &= a >> 4;                 // runs of 8
  a &= m >> 8;                 // runs of 9
  return a != 0;
}

}  // namespace

void detect_fast(const GrayImage& img, int threshold, int x0, int y0, int x1, int y1, std::vector<Corner>& out,
                 std::vector<uint8_t>& score) {
  const int w = img.width, h = img.height;
  x0 = std::max(x0, 3); y0 = std::max(y0, 3);
  x1 = std::min(x1, w - 3); y1 = std::min(y1, h - 3);
  if (x1 <= x0 || y1 <= y0) return;
  const int off[16] = {-3 * w, -3 * w + 1, -2 * w + 2, -w + 3, 3, w + 3, 2 * w + 2, 3 * w + 1,
                       3 * w,  3 * w - 1,  2 * w - 2,  w - 3,  -3, -w - 3, -2 * w - 2, -3 * w - 1};
  // tab[255 + d] classifies a difference d from the centre: 1 brighter, 2 darker than the threshold;
  // filled on first use (with SIMD only a region narrower than 16 pixels needs it, and the fallback
  // searches call this for hundreds of cells a frame)
  uint8_t tab[511];
  bool tab_ready = false;
  // the module runs one call at a time: the candidates' buffer is kept from call to call
  static std::vector<Corner> raw;
  raw.clear();
  // scores a pixel known to be a corner at `threshold`
  auto corner = [&](const uint8_t* p, int x, int y) {
    const uint8_t* c = p + x;
    int d[16];
    for (int i = 0; i < 16; ++i) d[i] = c[off[i]] - c[0];
    const int sc = corner_score(d);
    if (sc > threshold) {
      score[static_cast<size_t>(y) * w + x] = static_cast<uint8_t>(std::min(sc, 255));
      raw.push_back(Corner{static_cast<int16_t>(x), static_cast<int16_t>(y), static_cast<int16_t>(sc)});
    }
  };
  auto test = [&](const uint8_t* p, int x, int y) {
    if (!tab_ready) {
      for (int d = -255; d <= 255; ++d) tab[255 + d] = d > threshold ? 1 : (d < -threshold ? 2 : 0);
      tab_ready = true;
    }
    const uint8_t* c = p + x;
    const int v = *c;
    // Any 9-arc contains one pixel of each opposite pair (i, i+8): every pair must offer a pixel
    // on the same side (bit 1 bright, bit 2 dark) before the full test.
    const uint8_t* t = tab + 255 - v;
    int m = t[c[off[0]]] | t[c[off[8]]];
    if (!m) return;
    m &= t[c[off[4]]] | t[c[off[12]]];
    m &= t[c[off[2]]] | t[c[off[10]]];
    m &= t[c[off[6]]] | t[c[off[14]]];
    if (!m) return;
    m &= t[c[off[1]]] | t[c[off[9]]];
    m &= t[c[off[3]]] | t[c[off[11]]];
    m &= t[c[off[5]]] | t[c[off[13]]];
    m &= t[c[off[7]]] | t[c[off[15]]];
    if (!m) return;
    int bright = 0, dark = 0;
    for (int i = 0; i < 16; ++i) {
      const int q = c[off[i]];
      bright |= (q > v + threshold) << i;
      dark |= (q < v - threshold) << i;
    }
    if (!has_arc9(bright) && !has_arc9(dark)) return;
    corner(p, x, y);
  };
#ifdef __wasm_simd128__
  const v128_t tv = wasm_i8x16_splat(static_cast<int8_t>(std::min(threshold, 255)));
#endif
  for (int y = y0; y < y1; ++y) {
    const uint8_t* p = img.row(y);
    int x = x0;
#ifdef __wasm_simd128__
    // 16 pixels at a time: the opposite-pair test of all 8 pairs rejects most pixels at once; a
    // short tail is covered by one more chunk aligned to the end, skipping lanes already done
    auto chunk = [&](int xs, uint32_t keep) {
      const uint8_t* c = p + xs;
      const v128_t cv = wasm_v128_load(c);
      const v128_t hi = wasm_u8x16_add_sat(cv, tv), lo = wasm_u8x16_sub_sat(cv, tv);
      // the ring's bytes and their classes (all ones where brighter / darker than the threshold),
      // kept for the arc test and the scores below
      v128_t ring[16], isb[16], isd[16];
      v128_t b = wasm_i8x16_splat(-1), d = wasm_i8x16_splat(-1);
      auto pair = [&](int k) {
        ring[k] = wasm_v128_load(c + off[k]);
        ring[k + 8] = wasm_v128_load(c + off[k + 8]);
        isb[k] = wasm_u8x16_gt(ring[k], hi);
        isb[k + 8] = wasm_u8x16_gt(ring[k + 8], hi);
        isd[k] = wasm_u8x16_lt(ring[k], lo);
        isd[k + 8] = wasm_u8x16_lt(ring[k + 8], lo);
        b = wasm_v128_and(b, wasm_v128_or(isb[k], isb[k + 8]));
        d = wasm_v128_and(d, wasm_v128_or(isd[k], isd[k + 8]));
      };
      // the pairs on the axes, then on the diagonals, reject most chunks of a flat or weakly textured
      // image early (the same lanes pass as with all eight pairs)
      pair(0);
      pair(4);
      if (!wasm_v128_any_true(wasm_v128_or(b, d))) return;
      pair(2);
      pair(6);
      if (!wasm_v128_any_true(wasm_v128_or(b, d))) return;
      for (int k : {1, 3, 5, 7}) pair(k);
      uint32_t lanes = wasm_i8x16_bitmask(wasm_v128_or(b, d)) & keep;
      if (!lanes) return;
      // the full arc test for all 16 lanes: length of the current run of bright (dark) pixels
      // around the circle, wrapped so that runs crossing pixel 0 count (a 9-run starting at pixel 15
      // ends at step 23); a corner has a run ≥ 9
      const v128_t zero = wasm_i8x16_splat(0);
      v128_t rb = zero, rd = zero, mb = zero, md = zero;
      for (int k = 0; k < 24; ++k) {
        rb = wasm_v128_and(wasm_i8x16_sub(rb, isb[k & 15]), isb[k & 15]);  // +1 where bright (−1), else 0
        rd = wasm_v128_and(wasm_i8x16_sub(rd, isd[k & 15]), isd[k & 15]);
        mb = wasm_u8x16_max(mb, rb);
        md = wasm_u8x16_max(md, rd);
      }
      const v128_t eight = wasm_i8x16_splat(8);
      lanes &= wasm_i8x16_bitmask(wasm_v128_or(wasm_u8x16_gt(mb, eight), wasm_u8x16_gt(md, eight)));
      if (!lanes) return;
      // score only the halves holding a corner (corner_score in 16-bit lanes, the same integers)
      int16_t sc[16];
      if (lanes & 0xffu) wasm_v128_store(sc, half_scores(ring, cv, 0));
      if (lanes & 0xff00u) wasm_v128_store(sc + 8, half_scores(ring, cv, 1));
      while (lanes) {
        const int i = __builtin_ctz(lanes);
        lanes &= lanes - 1;
        if (sc[i] <= threshold) continue;
        score[static_cast<size_t>(y) * w + xs + i] = static_cast<uint8_t>(std::min<int>(sc[i], 255));
        raw.push_back(Corner{static_cast<int16_t>(xs + i), static_cast<int16_t>(y), sc[i]});
      }
    };
    for (; x + 16 <= x1; x += 16) chunk(x, 0xffffu);
    if (x < x1 && x1 - 16 >= x0) {
      const int xs = x1 - 16;
      chunk(xs, (0xffffu << (x - xs)) & 0xffffu);
      x = x1;
    }
#endif
    for (; x < x1; ++x) test(p, x, y);
  }
  out.reserve(out.size() + raw.size());
  for (const Corner& c : raw) {
    const uint8_t* s = score.data() + static_cast<size_t>(c.y) * w + c.x;
    const int v = *s;
    // ties are broken towards the earlier pixel in scan order so exactly one of two equals survives
    if (s[-w - 1] > v || s[-w] > v || s[-w + 1] > v || s[-1] > v) continue;
    if (s[1] >= v || s[w - 1] >= v || s[w] >= v || s[w + 1] >= v) continue;
    out.push_back(c);
  }
}

}  // namespace nav
