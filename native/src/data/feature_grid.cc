#include "feature_grid.h"

#include <algorithm>
#include <cmath>

namespace nav {

void FeatureGrid::build(const std::vector<KeyPoint>& kps, int width, int height) {
  inv_cw_ = static_cast<float>(kCols) / width;
  inv_ch_ = static_cast<float>(kRows) / height;
  start_.assign(kCols * kRows + 1, 0);
  std::vector<int> cell(kps.size());
  for (size_t i = 0; i < kps.size(); ++i) {
    const int cx = std::min(kCols - 1, std::max(0, static_cast<int>(kps[i].x * inv_cw_)));
    const int cy = std::min(kRows - 1, std::max(0, static_cast<int>(kps[i].y * inv_ch_)));
    cell[i] = cy * kCols + cx;
    start_[cell[i] + 1]++;
  }
  for (int c = 0; c < kCols * kRows; ++c) start_[c + 1] += start_[c];
  items_.assign(kps.size(), 0);
  std::vector<int> fill(start_.begin(), start_.end() - 1);
  for (size_t i = 0; i < kps.size(); ++i) items_[fill[cell[i]]++] = static_cast<int>(i);
}

void FeatureGrid::query(const std::vector<KeyPoint>& kps, float x, float y, float r, int min_level, int max_level,
                        std::vector<int>& out) const {
  out.clear();
  if (start_.empty()) return;
  const int cx0 = std::max(0, static_cast<int>(std::floor((x - r) * inv_cw_)));
  const int cx1 = std::min(kCols - 1, static_cast<int>(std::floor((x + r) * inv_cw_)));
  const int cy0 = std::max(0, static_cast<int>(std::floor((y - r) * inv_ch_)));
  const int cy1 = std::min(kRows - 1, static_cast<int>(std::floor((y + r) * inv_ch_)));
  if (cx0 > cx1 || cy0 > cy1) return;
  for (int cy = cy0; cy <= cy1; ++cy) {
    for (int cx = cx0; cx <= cx1; ++cx) {
      const int c = cy * kCols + cx;
      for (int k = start_[c]; k < start_[c + 1]; ++k) {
        const int i = items_[k];
        const KeyPoint& kp = kps[i];
        if (min_level >= 0 && kp.level < min_level) continue;
        if (max_level >= 0 && kp.level > max_level) continue;
        if (std::fabs(kp.x - x) > r || std::fabs(kp.y - y) > r) continue;
        out.push_back(i);
      }
    }
  }
}

}  // namespace nav
