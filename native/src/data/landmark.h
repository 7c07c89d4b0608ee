// A 3-D map point: position in the map's world frame, a representative descriptor, the range of
// distances at which it can be recognised, and the keyframes that observe it.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "../util/se3.h"

namespace nav {

struct KeyFrame;

struct Landmark {
  uint64_t id = 0;
  Vec3 pos = Vec3::Zero();
  uint32_t desc[8] = {0};
  Vec3 normal = Vec3::Zero();
  double min_dist = 0, max_dist = 0;
  std::vector<std::pair<KeyFrame*, int>> obs;  // keyframe, keypoint index
  KeyFrame* ref_kf = nullptr;
  uint64_t first_kf_id = 0;
  int n_visible = 1, n_found = 1;
  bool bad = false;

  // scratch written by projection search for the current frame
  uint64_t last_seen_frame = UINT64_MAX;
  uint64_t local_map_frame = UINT64_MAX;
  uint64_t ba_mark = UINT64_MAX;
  bool in_view = false;
  float proj_u = 0, proj_v = 0, proj_ur = 0, view_cos = 0;
  int pred_level = 0;

  int num_obs() const { return static_cast<int>(obs.size()); }
  int obs_index(const KeyFrame* kf) const {
    for (const auto& o : obs)
      if (o.first == kf) return o.second;
    return -1;
  }
  float found_ratio() const { return static_cast<float>(n_found) / static_cast<float>(n_visible); }
};

using LandmarkPtr = std::shared_ptr<Landmark>;

}  // namespace nav
