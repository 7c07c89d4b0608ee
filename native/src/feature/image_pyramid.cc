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
  // rows are blended first (a loop over whole source rows, which vectorises), then columns; the sum
  // is exact in integers, so the order does not change the result
  std::vector<uint16_t> blend(src.width);
  for (int y = 0; y < dst.height; ++y) {
    double fy = (y + 0.5) * sy - 0.5;
    if (fy < 0) fy = 0;
    int iy = static_cast<int>(fy);
    if (iy >= src.height - 1) { iy = src.height - 2; fy = iy + 1.0; }
    const int wy = static_cast<int>((fy - iy) * 256.0 + 0.5);
    const uint8_t* r0 = src.row(iy);
    const uint8_t* r1 = src.row(iy + 1);
    for (int x = 0; x < src.width; ++x) blend[x] = static_cast<uint16_t>(r0[x] * (256 - wy) + r1[x] * wy);
    uint8_t* out = dst.px.data() + static_cast<size_t>(y) * dst.width;
    for (int x = 0; x < dst.width; ++x) {
      const int a = x0[x], w = wx[x];
      const uint32_t v = static_cast<uint32_t>(blend[a]) * (256 - w) + static_cast<uint32_t>(blend[a + 1]) * w;
      out[x] = static_cast<uint8_t>((v + (1u << 15)) >> 16);
    }
  }
}

void gaussian_blur7(const GrayImage& src, GrayImage& dst, std::vector<uint16_t>& scratch) {
  // sigma 2 kernel, integer weights summing to 256
  static const int k[7] = {18, 33, 49, 56, 49, 33, 18};
  const int w = src.width, h = src.height;
  dst.resize(w, h);
  scratch.resize(static_cast<size_t>(w) * h);
  for (int y = 0; y < h; ++y) {
    const uint8_t* r = src.row(y);
    uint16_t* o = scratch.data() + static_cast<size_t>(y) * w;
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
  for (int y = 0; y < h; ++y) {
    const uint16_t* rows[7];
    for (int i = -3; i <= 3; ++i) rows[i + 3] = scratch.data() + static_cast<size_t>(std::min(h - 1, std::max(0, y + i))) * w;
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
