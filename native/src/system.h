// The tracker as one object: configuration, the feature extractor and the tracking module. The C ABI
// (c_api.cc) is a thin layer over this class.
#pragma once
#include <cstdint>
#include <vector>

#include "feature/orb_extractor.h"
#include "module/tracker_context.h"
#include "tracking_module.h"
#include "util/stage_timer.h"

namespace nav {

class System {
 public:
  System() : tracking_(ctx_) {}
  int configure(int width, int height, double fx, double fy, double cx, double cy, double depth_scale);
  int set_param(int key, double value);
  // motion16: the commanded camera motion since the previous frame (nt_track_motion), or null
  int track(const uint8_t* image, int width, int height, int channels, const float* depth, double timestamp,
            const double* motion16 = nullptr);
  bool pose(double* out16) const;
  int handover_pose(double* out16) const;
  int state() const { return static_cast<int>(tracking_.state()); }
  int map_id() const;
  int count(int which) const;
  void reset() { tracking_.reset(); }
  int save_map();
  // 18 doubles per keyframe of the current map (id, timestamp, camera-to-world 4×4) for at most capacity
  int keyframe_poses(double* out, int capacity) const;
  const uint8_t* saved_map() const { return saved_.data(); }
  int load_map(const uint8_t* data, int length);
  // out: cost before, cost after, observations removed, observations, keyframes moved with a neighbour
  int global_bundle_adjust(int iterations, int min_observations, double* out5);
  // nt_close_step: 1 while mapping work (an adjustment, a loop search, a closure) is still pending after the call, else 0
  int close_step(int iterations);
  // nt_stage_times: milliseconds per stage since creation, for at most capacity stages; the stage count
  int stage_times(double* out, int capacity) const;

 private:
  TrackerContext ctx_;
  OrbParams orb_params_;
  OrbExtractor extractor_;
  TrackingModule tracking_;
  double depth_scale_ = 1.0;
  bool configured_ = false;
  bool extractor_dirty_ = true;
  bool last_ok_ = false;
  int last_features_ = 0;
  std::vector<uint8_t> saved_;
  StageTimes stage_times_;

  void configure_extractor();
};

}  // namespace nav
