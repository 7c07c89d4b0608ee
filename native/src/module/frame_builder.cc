#include "frame_builder.h"

#include <cmath>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif
#include "../util/stage_timer.h"

namespace nav {

void FrameBuilder::build(const uint8_t* image, int channels, const float* depth, double depth_scale, const PinholeCamera& cam,
                         const TrackingParams& tp, OrbExtractor& orb, Frame& out) {
  StageScope timed(Stage::Frame);
  const int w = cam.width, h = cam.height;
  const size_t n = static_cast<size_t>(w) * h;
  const uint8_t* gray = image;
  if (channels == 3) {
    gray_.resize(n);
    // ITU-R BT.601 luma in fixed point
    size_t i = 0;
#ifdef __wasm_simd128__
    // 16 pixels (48 bytes) at a time: each channel gathered from the three loads with byte shuffles
    // (an index past 15 gives zero), the weighted sum in 16-bit lanes (at most 256·255 + 128: exact)
    alignas(16) static uint8_t pick[3][3][16];
    static bool ready = false;
    if (!ready) {
      for (int ch = 0; ch < 3; ++ch)
        for (int part = 0; part < 3; ++part)
          for (int p = 0; p < 16; ++p) {
            const int at = 3 * p + ch - 16 * part;
            pick[ch][part][p] = static_cast<uint8_t>(at >= 0 && at < 16 ? at : 0x80);
          }
      ready = true;
    }
    const v128_t wr = wasm_i16x8_splat(77), wg = wasm_i16x8_splat(150), wb = wasm_i16x8_splat(29), half = wasm_i16x8_splat(128);
    for (; i + 16 <= n; i += 16) {
      const uint8_t* p = image + 3 * i;
      const v128_t a = wasm_v128_load(p), b = wasm_v128_load(p + 16), c = wasm_v128_load(p + 32);
      v128_t ch[3];
      for (int k = 0; k < 3; ++k)
        ch[k] = wasm_v128_or(wasm_v128_or(wasm_i8x16_swizzle(a, wasm_v128_load(pick[k][0])), wasm_i8x16_swizzle(b, wasm_v128_load(pick[k][1]))),
                             wasm_i8x16_swizzle(c, wasm_v128_load(pick[k][2])));
      auto luma = [&](v128_t r, v128_t g, v128_t bl) {
        const v128_t sum = wasm_i16x8_add(wasm_i16x8_add(wasm_i16x8_mul(r, wr), wasm_i16x8_mul(g, wg)), wasm_i16x8_add(wasm_i16x8_mul(bl, wb), half));
        return wasm_u16x8_shr(sum, 8);
      };
      const v128_t lo = luma(wasm_u16x8_extend_low_u8x16(ch[0]), wasm_u16x8_extend_low_u8x16(ch[1]), wasm_u16x8_extend_low_u8x16(ch[2]));
      const v128_t hi = luma(wasm_u16x8_extend_high_u8x16(ch[0]), wasm_u16x8_extend_high_u8x16(ch[1]), wasm_u16x8_extend_high_u8x16(ch[2]));
      wasm_v128_store(gray_.data() + i, wasm_u8x16_narrow_i16x8(lo, hi));
    }
#endif
    for (; i < n; ++i) {
      const uint8_t* p = image + 3 * i;
      gray_[i] = static_cast<uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
    gray = gray_.data();
  }
  orb.extract(gray, w, h, out.kps, out.desc);
  const int m = static_cast<int>(out.kps.size());
  out.depth.assign(m, 0.0f);
  out.u_right.assign(m, 0.0f);
  for (int i = 0; i < m; ++i) {
    const int x = std::min(w - 1, std::max(0, static_cast<int>(std::lround(out.kps[i].x))));
    const int y = std::min(h - 1, std::max(0, static_cast<int>(std::lround(out.kps[i].y))));
    const double d = static_cast<double>(depth[static_cast<size_t>(y) * w + x]) * depth_scale;
    if (!std::isfinite(d) || d < tp.min_depth || d > tp.max_depth) continue;
    out.depth[i] = static_cast<float>(d);
    out.u_right[i] = static_cast<float>(out.kps[i].x - cam.bf / d);
  }
  out.landmarks.assign(m, nullptr);
  out.outlier.assign(m, 0);
  out.grid.build(out.kps, w, h);
}

}  // namespace nav
