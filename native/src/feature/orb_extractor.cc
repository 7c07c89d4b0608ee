#include "orb_extractor.h"
#include "quadtree.h"
#include "../util/stage_timer.h"

#include <algorithm>
#include <cmath>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace nav {

namespace {

constexpr int kEdge = 19;  // keeps the orientation patch and the steered pattern inside the image

// the scalar reference of centroid_angle_simd (used without SIMD)
[[maybe_unused]] float centroid_angle(const GrayImage& img, int x, int y, const std::vector<int>& umax) {
  int m01 = 0, m10 = 0;
  const uint8_t* c = img.row(y) + x;
  const int w = img.width;
  for (int u = -kPatchRadius; u <= kPatchRadius; ++u) m10 += u * c[u];
  for (int v = 1; v <= kPatchRadius; ++v) {
    int vsum = 0;
    const int d = umax[v];
    for (int u = -d; u <= d; ++u) {
      const int above = c[u - v * w], below = c[u + v * w];
      vsum += below - above;
      m10 += u * (below + above);
    }
    m01 += v * vsum;
  }
  return std::atan2(static_cast<float>(m01), static_cast<float>(m10));
}

#ifdef __wasm_simd128__
// The same moments as centroid_angle, 32 columns (u = −15 … 16) a row at a time in 16-bit lanes:
// per row, the circle's columns weighted by u (for m10) and by 1 (for the row's difference in m01),
// zero outside |u| ≤ umax[v]; the dot products sum in 32 bits, so the moments are exactly the scalar ones.
struct CentroidWeights {
  int16_t u[kPatchRadius + 1][32];
  int16_t one[kPatchRadius + 1][32];
};

const CentroidWeights& centroid_weights(const std::vector<int>& umax) {
  static CentroidWeights t;
  static bool ready = false;
  if (!ready) {
    for (int v = 0; v <= kPatchRadius; ++v)
      for (int i = 0; i < 32; ++i) {
        const int u = i - kPatchRadius;
        const bool in = u >= -umax[v] && u <= umax[v];
        t.u[v][i] = static_cast<int16_t>(in ? u : 0);
        t.one[v][i] = static_cast<int16_t>(in ? 1 : 0);
      }
    ready = true;
  }
  return t;
}

inline v128_t lanes_u16(const uint8_t* p, int half) {
  return half ? wasm_u16x8_load8x8(p + 8) : wasm_u16x8_load8x8(p);
}

float centroid_angle_simd(const GrayImage& img, int x, int y, const std::vector<int>& umax) {
  const CentroidWeights& t = centroid_weights(umax);
  const uint8_t* c = img.row(y) + x - kPatchRadius;
  const int w = img.width;
  v128_t m10 = wasm_i32x4_splat(0), m01 = wasm_i32x4_splat(0);
  for (int k = 0; k < 4; ++k) {
    const v128_t px = lanes_u16(c + 16 * (k >> 1), k & 1);
    m10 = wasm_i32x4_add(m10, wasm_i32x4_dot_i16x8(px, wasm_v128_load(t.u[0] + 8 * k)));
  }
  for (int v = 1; v <= kPatchRadius; ++v) {
    const uint8_t* above = c - v * w;
    const uint8_t* below = c + v * w;
    v128_t diff = wasm_i32x4_splat(0);
    for (int k = 0; k < 4; ++k) {
      const v128_t a = lanes_u16(above + 16 * (k >> 1), k & 1), b = lanes_u16(below + 16 * (k >> 1), k & 1);
      m10 = wasm_i32x4_add(m10, wasm_i32x4_dot_i16x8(wasm_i16x8_add(b, a), wasm_v128_load(t.u[v] + 8 * k)));
      diff = wasm_i32x4_add(diff, wasm_i32x4_dot_i16x8(wasm_i16x8_sub(b, a), wasm_v128_load(t.one[v] + 8 * k)));
    }
    m01 = wasm_i32x4_add(m01, wasm_i32x4_mul(diff, wasm_i32x4_splat(v)));
  }
  auto sum = [](v128_t s) {
    return wasm_i32x4_extract_lane(s, 0) + wasm_i32x4_extract_lane(s, 1) + wasm_i32x4_extract_lane(s, 2) + wasm_i32x4_extract_lane(s, 3);
  };
  return std::atan2(static_cast<float>(sum(m01)), static_cast<float>(sum(m10)));
}
#endif

// `off`: the steered pattern of one angle bin as 256 pairs of offsets from the centre pixel in an
// image of this width (pattern_offsets)
void describe(const GrayImage& img, int x, int y, const int32_t* off, uint32_t* out) {
  const uint8_t* c = img.row(y) + x;
#ifdef __wasm_simd128__
  // 16 tests at a time: each pair's two pixels gathered into lanes, one unsigned compare, and the
  // lanes' sign bits in order are the 16 bits the scalar loop below sets (bit b for pair b)
  for (int half = 0; half < 16; ++half) {
    const int32_t* o = off + half * 32;
    v128_t a = wasm_i8x16_splat(0), b = wasm_i8x16_splat(0);
#define NAV_PAIR(i) \
    a = wasm_v128_load8_lane(c + o[2 * (i)], a, i); \
    b = wasm_v128_load8_lane(c + o[2 * (i) + 1], b, i);
    NAV_PAIR(0) NAV_PAIR(1) NAV_PAIR(2) NAV_PAIR(3) NAV_PAIR(4) NAV_PAIR(5) NAV_PAIR(6) NAV_PAIR(7)
    NAV_PAIR(8) NAV_PAIR(9) NAV_PAIR(10) NAV_PAIR(11) NAV_PAIR(12) NAV_PAIR(13) NAV_PAIR(14) NAV_PAIR(15)
#undef NAV_PAIR
    const uint32_t bits = static_cast<uint32_t>(wasm_i8x16_bitmask(wasm_u8x16_lt(a, b)));
    if (half & 1) out[half >> 1] |= bits << 16;
    else out[half >> 1] = bits;
  }
#else
  for (int word = 0; word < 8; ++word) {
    uint32_t bits = 0;
    const int32_t* o = off + word * 64;
    for (int b = 0; b < 32; ++b) bits |= static_cast<uint32_t>(c[o[2 * b]] < c[o[2 * b + 1]]) << b;
    out[word] = bits;
  }
#endif
}

}  // namespace

const std::vector<int32_t>& OrbExtractor::pattern_offsets(int level, int width) {
  if (static_cast<int>(offsets_.size()) <= level) {
    offsets_.resize(level + 1);
    offsets_width_.resize(level + 1, 0);
  }
  std::vector<int32_t>& o = offsets_[level];
  if (offsets_width_[level] == width && !o.empty()) return o;
  o.resize(static_cast<size_t>(kAngleBins) * 512);
  for (int b = 0; b < kAngleBins; ++b) {
    const int8_t* pat = pattern_.bin(b);
    for (int k = 0; k < 256; ++k) {
      o[static_cast<size_t>(b) * 512 + 2 * k] = pat[4 * k + 1] * width + pat[4 * k];
      o[static_cast<size_t>(b) * 512 + 2 * k + 1] = pat[4 * k + 3] * width + pat[4 * k + 2];
    }
  }
  offsets_width_[level] = width;
  return o;
}

void OrbExtractor::configure(const OrbParams& p) {
  params_ = p;
  params_.derive();
  pattern_.generate();
  offsets_.clear();
  offsets_width_.clear();
  // half-widths of the circular patch per row
  umax_.assign(kPatchRadius + 1, 0);
  for (int v = 0; v <= kPatchRadius; ++v)
    umax_[v] = static_cast<int>(std::floor(std::sqrt(static_cast<double>(kPatchRadius * kPatchRadius - v * v)) + 1e-9));
}

void OrbExtractor::extract(const uint8_t* gray, int width, int height, std::vector<KeyPoint>& kps, std::vector<uint32_t>& desc) {
  kps.clear();
  desc.clear();
  {
    StageScope timed(Stage::Pyramid);
    pyramid_.build(gray, width, height, params_.inv_scale);
  }
  const int cell = params_.cell_size;
  for (int l = 0; l < params_.num_levels; ++l) {
    const GrayImage& img = pyramid_.levels[l];
    const int x0 = kEdge - 3, y0 = kEdge - 3, x1 = img.width - kEdge + 3, y1 = img.height - kEdge + 3;
    if (x1 - x0 < 8 || y1 - y0 < 8) continue;
    StageScope fast_timed(Stage::Fast);
    // FAST at the initial threshold everywhere; cells left without a corner are searched again at
    // the minimum threshold, so that weak texture still gets features.
    score_.assign(static_cast<size_t>(img.width) * img.height, 0);
    cell_pick_.clear();
    detect_fast(img, params_.fast_ini_threshold, x0, y0, x1, y1, cell_pick_, score_);
    const int ncx = std::max(1, (x1 - x0) / cell), ncy = std::max(1, (y1 - y0) / cell);
    const float cw = static_cast<float>(x1 - x0) / ncx, ch = static_cast<float>(y1 - y0) / ncy;
    std::vector<uint8_t> filled(static_cast<size_t>(ncx) * ncy, 0);
    for (const Corner& c : cell_pick_) {
      const int cx = std::min(ncx - 1, static_cast<int>((c.x - x0) / cw));
      const int cy = std::min(ncy - 1, static_cast<int>((c.y - y0) / ch));
      filled[cy * ncx + cx] = 1;
    }
    for (int cy = 0; cy < ncy; ++cy) {
      for (int cx = 0; cx < ncx; ++cx) {
        if (filled[cy * ncx + cx]) continue;
        const int ax = x0 + static_cast<int>(std::lround(cx * cw)), bx = x0 + static_cast<int>(std::lround((cx + 1) * cw));
        const int ay = y0 + static_cast<int>(std::lround(cy * ch)), by = y0 + static_cast<int>(std::lround((cy + 1) * ch));
        detect_fast(img, params_.fast_min_threshold, ax, ay, bx, by, cell_pick_, score_);
      }
    }
    // only corners far enough from the border to be described
    cell_pick_.erase(std::remove_if(cell_pick_.begin(), cell_pick_.end(), [&](const Corner& c) {
      return c.x < kEdge || c.y < kEdge || c.x >= img.width - kEdge || c.y >= img.height - kEdge;
    }), cell_pick_.end());
    distribute_quadtree(cell_pick_, kEdge, kEdge, img.width - kEdge, img.height - kEdge, params_.features_per_level[l], spread_);
    if (spread_.empty()) continue;
    StageScope orb_timed(Stage::Orb);
    gaussian_blur7(img, pyramid_.blurred[l], blur_scratch_);
    const GrayImage& blur = pyramid_.blurred[l];
    const std::vector<int32_t>& offsets = pattern_offsets(l, blur.width);
    // Level l was resized from level l−1 with pixel centres aligned ((x + ½)·W_{l−1}/W_l − ½), so a
    // level-l pixel centre lies at (x + ½)·W₀/W_l − ½ in level 0. Scaling by the nominal factor alone
    // (x·1.2^l) shifted keypoints by up to 1.3 px at the top level, and by a different amount at each
    // level, so a landmark seen at two levels disagreed with itself.
    const float sx = static_cast<float>(width) / static_cast<float>(img.width);
    const float sy = static_cast<float>(height) / static_cast<float>(img.height);
    for (const Corner& c : spread_) {
#ifdef __wasm_simd128__
      const float a = centroid_angle_simd(img, c.x, c.y, umax_);
#else
      const float a = centroid_angle(img, c.x, c.y, umax_);
#endif
      float turns = a / static_cast<float>(2.0 * M_PI);
      if (turns < 0) turns += 1.0f;
      const int b = static_cast<int>(std::lround(turns * kAngleBins)) % kAngleBins;
      const size_t at = desc.size();
      desc.resize(at + 8);
      describe(blur, c.x, c.y, offsets.data() + static_cast<size_t>(b) * 512, desc.data() + at);
      kps.push_back(KeyPoint{(static_cast<float>(c.x) + 0.5f) * sx - 0.5f, (static_cast<float>(c.y) + 0.5f) * sy - 0.5f, a,
                             static_cast<int16_t>(l), c.score});
    }
  }
}

}  // namespace nav
