// One camera frame: its features with depth, the landmarks they were matched to, and the pose.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "../camera/pinhole.h"
#include "../feature/orb_extractor.h"
#include "feature_grid.h"
#include "landmark.h"

namespace nav {

struct KeyFrame;

struct Frame {
  uint64_t id = 0;
  double timestamp = 0;
  std::vector<KeyPoint> kps;
  std::vector<uint32_t> desc;   // 8 words per keypoint
  std::vector<float> depth;     // metres, 0 when unknown
  std::vector<float> u_right;   // virtual right coordinate, meaningful where depth > 0
  std::vector<LandmarkPtr> landmarks;
  std::vector<uint8_t> outlier;
  FeatureGrid grid;
  SE3 Tcw;
  bool has_pose = false;
  KeyFrame* ref_kf = nullptr;

  int size() const { return static_cast<int>(kps.size()); }
  const uint32_t* descriptor(int i) const { return desc.data() + static_cast<size_t>(i) * 8; }
  SE3 Twc() const { return Tcw.inverse(); }
  Vec3 camera_center() const { return -Tcw.R.transpose() * Tcw.t; }
  int num_with_depth() const {
    int n = 0;
    for (float d : depth) n += d > 0 ? 1 : 0;
    return n;
  }
  int num_tracked() const {
    int n = 0;
    for (size_t i = 0; i < landmarks.size(); ++i) n += (landmarks[i] && !outlier[i]) ? 1 : 0;
    return n;
  }
};

}  // namespace nav
