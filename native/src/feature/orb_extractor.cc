#include "orb_extractor.h"
#include "quadtree.h"
#include "../util/stage_timer.h"

#include <algorithm>
#include <cmath>

namespace nav {

namespace {

constexpr int kEdge = 19;  // keeps the orientation patch and the steered pattern inside the image

float centroid_angle(const GrayImage& img, int x, int y, const std::vector<int>& umax) {
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

void describe(const GrayImage& img, int x, int y, const int8_t* pat, uint32_t* out) {
  const uint8_t* c = img.row(y) + x;
  const int w = img.width;
  for (int word = 0; word < 8; ++word) {
    uint32_t bits = 0;
    for (int b = 0; b < 32; ++b) {
      const int8_t* p = pat + (word * 32 + b) * 4;
      bits |= static_cast<uint32_t>(c[p[1] * w + p[0]] < c[p[3] * w + p[2]]) << b;
    }
    out[word] = bits;
  }
}

}  // namespace

void OrbExtractor::configure(const OrbParams& p) {
  params_ = p;
  params_.derive();
  pattern_.generate();
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
    // Level l was resized from level l−1 with pixel centres aligned ((x + ½)·W_{l−1}/W_l − ½), so a
    // level-l pixel centre lies at (x + ½)·W₀/W_l − ½ in level 0. Scaling by the nominal factor alone
    // (x·1.2^l) shifted keypoints by up to 1.3 px at the top level, and by a different amount at each
    // level, so a landmark seen at two levels disagreed with itself.
    const float sx = static_cast<float>(width) / static_cast<float>(img.width);
    const float sy = static_cast<float>(height) / static_cast<float>(img.height);
    for (const Corner& c : spread_) {
      const float a = centroid_angle(img, c.x, c.y, umax_);
      float turns = a / static_cast<float>(2.0 * M_PI);
      if (turns < 0) turns += 1.0f;
      const int b = static_cast<int>(std::lround(turns * kAngleBins)) % kAngleBins;
      const size_t at = desc.size();
      desc.resize(at + 8);
      describe(blur, c.x, c.y, pattern_.bin(b), desc.data() + at);
      kps.push_back(KeyPoint{(static_cast<float>(c.x) + 0.5f) * sx - 0.5f, (static_cast<float>(c.y) + 0.5f) * sy - 0.5f, a,
                             static_cast<int16_t>(l), c.score});
    }
  }
}

}  // namespace nav
