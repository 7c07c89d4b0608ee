// Loop closing: a place found again by detect_loop is accepted only when the next keyframe finds the
// same place (the same earlier keyframe or one covisible with it) with an agreeing correction; then
// the keyframe poses are corrected by pose-graph optimisation over the essential graph (consecutive
// keyframes, strong covisibility, the loop edge), landmarks move with their reference keyframes, and
// the landmarks matched across the loop are fused so that tracking continues in the earlier visit's.
#pragma once
#include <cstdint>

#include "../data/map_database.h"
#include "loop_detector.h"
#include "tracker_context.h"

namespace nav {

class LoopCloser {
 public:
  // Runs after mapping has processed kf; returns true when the map was corrected.
  bool process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx);
  void reset() { pending_ = Pending(); last_closure_kf_ = 0; closures_ = 0; last_match_frame_ = 0; stats_ = LoopStats(); }
  int closures() const { return closures_; }
  const LoopStats& stats() const { return stats_; }
  // frame id of the earlier keyframe the last closure matched (0: none yet), for evaluation
  uint64_t last_match_frame() const { return last_match_frame_; }

 private:
  void close(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx);

  struct Pending {
    KeyFrame* match = nullptr;
    uint64_t kf_id = 0;
    SE3 D;  // current world → the earlier visit's world, as that keyframe measured it
  } pending_;
  uint64_t last_closure_kf_ = 0;
  int closures_ = 0;
  uint64_t last_match_frame_ = 0;
  LoopStats stats_;
};

}  // namespace nav
