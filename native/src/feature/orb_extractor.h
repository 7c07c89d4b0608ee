// ORB features: FAST corners per pyramid level with per-cell thresholds, quadtree spreading,
// intensity-centroid orientation and steered-BRIEF descriptors.
#pragma once
#include <cstdint>
#include <vector>

#include "brief_pattern.h"
#include "fast_detector.h"
#include "image_pyramid.h"
#include "orb_params.h"

namespace nav {

struct KeyPoint {
  float x, y;      // level-0 pixel coordinates
  float angle;     // radians
  int16_t level;
  int16_t response;
};

using Descriptor = uint32_t[8];

class OrbExtractor {
 public:
  void configure(const OrbParams& p);
  const OrbParams& params() const { return params_; }
  // `gray` is width×height bytes; keypoints and 32-byte descriptors are appended in level order.
  void extract(const uint8_t* gray, int width, int height, std::vector<KeyPoint>& kps, std::vector<uint32_t>& desc);

 private:
  OrbParams params_;
  BriefPattern pattern_;
  ImagePyramid pyramid_;
  std::vector<int> umax_;
  std::vector<Corner> corners_, cell_pick_, spread_;
  std::vector<uint8_t> score_;
  std::vector<uint16_t> blur_scratch_;
  // per level: the steered pattern as pixel offsets in that level's width (kAngleBins × 256 pairs)
  std::vector<std::vector<int32_t>> offsets_;
  std::vector<int> offsets_width_;
  const std::vector<int32_t>& pattern_offsets(int level, int width);
};

}  // namespace nav
