#include "image_pyramid.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace nav {

void resize_bilinear(const GrayImage& src, GrayImage& dst) {
  const double sx = static_cast<double>(src.width) / dst.width;
  const double sy = static_cast<double>(src.height) / dst.height;
  // 8-bit fixed-point weights; column taps precomputed once per call.
  std::vector<int> x0(dst.width), wx(dst.width);
  for (int x = 0; x < dst.width; ++x) {
    double fx = (x + 0.5) * sx - 0.5;
    if (fx < 0) fx = 0;
    int ix = static_cast<int>(fx);
    if (ix >= src.width - 1) { ix = src.width - 2; fx = ix + 1.0; }
    x0[x] = ix;
    wx[x] = static_cast<int>((fx - ix) * 256.0 + 0.5);
  }
  // rows are blended first (a loop over whole source rows), then columns; the sum is exact in
  // integers, so the order does not change the result. `blend` has 8 spare entries for the SIMD
  // column loads below.
  std::vector<uint16_t> blend(src.width + 8, 0);
#ifdef __wasm_simd128__
  // Columns four output pixels at a time: the eight source entries from the group's first tap on
  // hold all eight taps when the group spans at most 7 entries (so at a shrink factor up to ~2);
  // byte shuffles pick each pixel's left and right tap into a 32-bit lane.
  const int groups = dst.width / 4;
  std::vector<uint8_t> pick(static_cast<size_t>(groups) * 32);
  std::vector<int32_t> weight(static_cast<size_t>(groups) * 8);
  std::vector<uint8_t> simd(groups, 0);
  for (int g = 0; g < groups; ++g) {
    const int base = x0[4 * g];
    simd[g] = x0[4 * g + 3] + 1 - base <= 7;
    for (int i = 0; i < 4; ++i) {
      const int a = x0[4 * g + i] - base;
      for (int b = 0; b < 4; ++b) {
        pick[32 * g + 4 * i + b] = static_cast<uint8_t>(b < 2 ? 2 * a + b : 0x80);
        pick[32 * g + 16 + 4 * i + b] = static_cast<uint8_t>(b < 2 ? 2 * (a + 1) + b : 0x80);
      }
      weight[8 * g + i] = 256 - wx[4 * g + i];
      weight[8 * g + 4 + i] = wx[4 * g + i];
    }
  }
#endif
  for (int y = 0; y < dst.height; ++y) {
    double fy = (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    int iy = static_cast<int>(fy);
    if (iy >= src.height - 1) { iy = src.height - 2; fy = iy + 1.0; }
    const int wy = static_cast<int>((fy - iy) * 256.0 + 0.5);
    const uint8_t* r0 = src.row(iy);
    const uint8_t* r1 = src.row(iy + 1);
    int x = 0;
#ifdef __wasm_simd128__
    // r0·(256−wy) + r1·wy ≤ 255·256 fits 16 bits, so the wrapping 16-bit arithmetic is exact
    const v128_t w0 = wasm_i16x8_splat(static_cast<int16_t>(256 - wy)), w1 = wasm_i16x8_splat(static_cast<int16_t>(wy));
    for (; x + 8 <= src.width; x += 8)
      wasm_v128_store(blend.data() + x, wasm_i16x8_add(wasm_i16x8_mul(wasm_u16x8_load8x8(r0 + x), w0), wasm_i16x8_mul(wasm_u16x8_load8x8(r1 + x), w1)));
#endif
    for (; x < src.width; ++x) blend[x] = static_cast<uint16_t>(r0[x] * (256 - wy) + r1[x] * wy);
    uint8_t* out = dst.px.data() + static_cast<size_t>(y) * dst.width;
    auto column = [&](int x) {
      const int a = x0[x], w = wx[x];
      const uint32_t v = static_cast<uint32_t>(blend[a]) * (256 - w) + static_cast<uint32_t>(blend[a + 1]) * w;
      out[x] = static_cast<uint8_t>((v + (1u << 15)) >> 16);
    };
    x = 0;
#ifdef __wasm_simd128__
    const v128_t half = wasm_i32x4_splat(1 << 15);
    for (int g = 0; g < groups; ++g, x += 4) {
      if (!simd[g]) {
        for (int i = 0; i < 4; ++i) column(x + i);
        continue;
      }
      const v128_t taps = wasm_v128_load(blend.data() + x0[x]);
      const v128_t left = wasm_i8x16_swizzle(taps, wasm_v128_load(pick.data() + 32 * g));
      const v128_t right = wasm_i8x16_swizzle(taps, wasm_v128_load(pick.data() + 32 * g + 16));
      v128_t v = wasm_i32x4_add(wasm_i32x4_mul(left, wasm_v128_load(weight.data() + 8 * g)), wasm_i32x4_mul(right, wasm_v128_load(weight.data() + 8 * g + 4)));
      v = wasm_u32x4_shr(wasm_i32x4_add(v, half), 16);
      const v128_t b16 = wasm_u16x8_narrow_i32x4(v, v);
      wasm_v128_store32_lane(out + x, wasm_u8x16_narrow_i16x8(b16, b16), 0);
    }
#endif
    for (; x < dst.width; ++x) column(x);
  }
}

namespace {

// sigma 2 kernel, integer weights summing to 256
constexpr int kBlur[7] = {18, 33, 49, 56, 49, 33, 18};

// the horizontal pass of one row (replicated border) into 16-bit values of at most 255
void blur_row(const uint8_t* r, int w, uint16_t* o) {
  const int* k = kBlur;
  auto clamped = [&](int x) {
    int s = 0;
    for (int i = -3; i <= 3; ++i) s += k[i + 3] * r[std::min(w - 1, std::max(0, x + i))];
    return static_cast<uint16_t>((s + 128) >> 8);
  };
  const int a = std::min(3, w), b = std::max(a, w - 3);
  for (int x = 0; x < a; ++x) o[x] = clamped(x);
  int x = a;
#ifdef __wasm_simd128__
  // eight pixels at a time in 16-bit lanes: a weighted sum is at most 256·255, so nothing overflows
  // and the result is the scalar one exactly
  for (; x + 8 <= b; x += 8) {
    auto px = [&](int d) { return wasm_u16x8_load8x8(r + x + d); };
    v128_t s = wasm_i16x8_mul(wasm_i16x8_add(px(-3), px(3)), wasm_i16x8_splat(k[0]));
    s = wasm_i16x8_add(s, wasm_i16x8_mul(wasm_i16x8_add(px(-2), px(2)), wasm_i16x8_splat(k[1])));
    s = wasm_i16x8_add(s, wasm_i16x8_mul(wasm_i16x8_add(px(-1), px(1)), wasm_i16x8_splat(k[2])));
    s = wasm_i16x8_add(s, wasm_i16x8_mul(px(0), wasm_i16x8_splat(k[3])));
    wasm_v128_store(o + x, wasm_u16x8_shr(wasm_i16x8_add(s, wasm_i16x8_splat(128)), 8));
  }
#endif
  // branch-free interior
  for (; x < b; ++x) {
    const int s = k[0] * (r[x - 3] + r[x + 3]) + k[1] * (r[x - 2] + r[x + 2]) + k[2] * (r[x - 1] + r[x + 1]) + k[3] * r[x];
    o[x] = static_cast<uint16_t>((s + 128) >> 8);
  }
  for (int x = b; x < w; ++x) o[x] = clamped(x);
}

}  // namespace

void gaussian_blur7(const GrayImage& src, GrayImage& dst, std::vector<uint16_t>& scratch) {
  const int* k = kBlur;
  const int w = src.width, h = src.height;
  dst.resize(w, h);
  // the horizontal pass row by row into a ring of 8 rows (row r in slot r & 7), just ahead of the
  // vertical pass: an output row reads at most 7 consecutive rows, and the ring stays in cache where
  // a whole-image 16-bit pass (600 kB at 640×480) did not; every value is the one the two whole
  // passes computed. The buffer keeps its whole-image size although 8 rows are used: with a smaller
  // one the heap's later allocations land elsewhere, and the simulator's trajectories moved in the
  // last bits (the tracker's results depend on allocation addresses somewhere; not found yet)
  scratch.resize(static_cast<size_t>(w) * std::max(h, 8));
  auto slot = [&](int r) { return scratch.data() + static_cast<size_t>(r & 7) * w; };
  int done = 0;  // rows of the horizontal pass in the ring so far
  for (int y = 0; y < h; ++y) {
    for (const int need = std::min(h - 1, y + 3); done <= need; ++done) blur_row(src.row(done), w, slot(done));
    const uint16_t* rows[7];
    for (int i = -3; i <= 3; ++i) rows[i + 3] = slot(std::min(h - 1, std::max(0, y + i)));
    uint8_t* o = dst.px.data() + static_cast<size_t>(y) * w;
    int x = 0;
#ifdef __wasm_simd128__
    // the horizontal pass's values are at most 255, so the 16-bit sums are exact as above
    for (; x + 8 <= w; x += 8) {
      auto px = [&](int i) { return wasm_v128_load(rows[i] + x); };
      v128_t s = wasm_i16x8_mul(wasm_i16x8_add(px(0), px(6)), wasm_i16x8_splat(k[0]));
      s = wasm_i16x8_add(s, wasm_i16x8_mul(wasm_i16x8_add(px(1), px(5)), wasm_i16x8_splat(k[1])));
      s = wasm_i16x8_add(s, wasm_i16x8_mul(wasm_i16x8_add(px(2), px(4)), wasm_i16x8_splat(k[2])));
      s = wasm_i16x8_add(s, wasm_i16x8_mul(px(3), wasm_i16x8_splat(k[3])));
      const v128_t v = wasm_u16x8_shr(wasm_i16x8_add(s, wasm_i16x8_splat(128)), 8);
      wasm_v128_store64_lane(o + x, wasm_u8x16_narrow_i16x8(v, v), 0);
    }
#endif
    for (; x < w; ++x) {
      const int s = k[0] * (rows[0][x] + rows[6][x]) + k[1] * (rows[1][x] + rows[5][x]) + k[2] * (rows[2][x] + rows[4][x]) + k[3] * rows[3][x];
      o[x] = static_cast<uint8_t>((s + 128) >> 8);
    }
  }
}

void ImagePyramid::build(const uint8_t* base, int width, int height, const std::vector<double>& inv_scale) {
  const int n = static_cast<int>(inv_scale.size());
  levels.resize(n);
  blurred.resize(n);
  levels[0].resize(width, height);
  std::memcpy(levels[0].px.data(), base, static_cast<size_t>(width) * height);
  for (int l = 1; l < n; ++l) {
    const int w = std::max(1, static_cast<int>(std::lround(width * inv_scale[l])));
    const int h = std::max(1, static_cast<int>(std::lround(height * inv_scale[l])));
    levels[l].resize(w, h);
    if (levels[l - 1].width >= 2 && levels[l - 1].height >= 2) resize_bilinear(levels[l - 1], levels[l]);
    else std::fill(levels[l].px.begin(), levels[l].px.end(), 0);
  }
}

}  // namespace nav
