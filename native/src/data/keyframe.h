// A keyframe: a frame kept in the map with its pose, features, the landmarks it observes and its
// covisibility weights (number of shared landmarks) to other keyframes.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "frame.h"

namespace nav {

struct KeyFrame;

// Orders keyframes by id. Containers the tracker iterates must not be ordered by address: the
// allocator's layout then decides the order of covisibility edges, sums and ties, and a change in one
// buffer's size moved the simulator's trajectories (issue 41, scripts/heap-layout-check.ts).
struct KeyFrameById {
  bool operator()(const KeyFrame* a, const KeyFrame* b) const;
};

// keyframe → weight (shared landmarks or votes), in id order
using KeyFrameWeights = std::map<KeyFrame*, int, KeyFrameById>;

struct KeyFrame {
  uint64_t id = 0;
  uint64_t frame_id = 0;
  double timestamp = 0;
  SE3 Tcw;
  std::vector<KeyPoint> kps;
  std::vector<uint32_t> desc;
  std::vector<float> depth;
  std::vector<float> u_right;
  std::vector<LandmarkPtr> landmarks;
  FeatureGrid grid;
  KeyFrameWeights covis;
  bool fixed = false;              // the map's first keyframe anchors the gauge in bundle adjustment
  // made in an earlier run (read from a saved map): held in this run's local adjustments and loop
  // closures, so that a later run's drift is not written into the house's reference map (not saved:
  // every keyframe of a loaded file is one)
  bool loaded = false;

  // scratch marks for local-map selection and bundle adjustment
  uint64_t local_for_frame = UINT64_MAX;
  uint64_t ba_local_for = UINT64_MAX, ba_fixed_for = UINT64_MAX;

  int size() const { return static_cast<int>(kps.size()); }
  const uint32_t* descriptor(int i) const { return desc.data() + static_cast<size_t>(i) * 8; }
  Vec3 camera_center() const { return -Tcw.R.transpose() * Tcw.t; }
  int num_tracked(int min_obs) const {
    int n = 0;
    for (const auto& lm : landmarks) n += (lm && !lm->bad && lm->num_obs() >= min_obs) ? 1 : 0;
    return n;
  }
  // neighbours with the most shared landmarks first
  std::vector<KeyFrame*> best_covisible(int n) const;
};

inline bool KeyFrameById::operator()(const KeyFrame* a, const KeyFrame* b) const { return a->id < b->id; }

using KeyFramePtr = std::shared_ptr<KeyFrame>;

}  // namespace nav
