// Turns a colour or grey image and a depth map into a Frame: grey conversion, ORB extraction, depth
// lookup per keypoint and the feature grid.
#pragma once
#include <cstdint>
#include <vector>

#include "../camera/pinhole.h"
#include "../data/frame.h"
#include "../feature/orb_extractor.h"
#include "tracking_params.h"

namespace nav {

class FrameBuilder {
 public:
  // channels 1 (grey) or 3 (RGB); depth in input units multiplied by depth_scale gives metres.
  void build(const uint8_t* image, int channels, const float* depth, double depth_scale, const PinholeCamera& cam,
             const TrackingParams& tp, OrbExtractor& orb, Frame& out);

 private:
  std::vector<uint8_t> gray_;
};

}  // namespace nav
