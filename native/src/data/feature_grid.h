// Keypoint indices bucketed by image cell (compressed rows) for radius queries.
#pragma once
#include <vector>

#include "../feature/orb_extractor.h"

namespace nav {

class FeatureGrid {
 public:
  static constexpr int kCols = 64, kRows = 48;
  void build(const std::vector<KeyPoint>& kps, int width, int height);
  // indices of keypoints within `r` pixels (square window) of (x,y) with level in [min_level, max_level]
  // (a negative bound means unbounded)
  void query(const std::vector<KeyPoint>& kps, float x, float y, float r, int min_level, int max_level,
             std::vector<int>& out) const;

 private:
  float inv_cw_ = 0, inv_ch_ = 0;
  std::vector<int> start_, items_;
};

}  // namespace nav
