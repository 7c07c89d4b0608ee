// The tracking state machine: initialising → ok ⇄ recently_lost → lost → (relocalised | new map).
// Mapping runs in the same call after a keyframe is inserted.
#pragma once
#include <cstdint>
#include <memory>

#include "data/frame.h"
#include "module/frame_builder.h"
#include "module/local_mapper.h"
#include "module/loop_closer.h"
#include "module/relocalizer.h"
#include "module/tracker_context.h"
#include "optimize/global_bundle_adjuster.h"

namespace nav {

enum class TrackState : int { Initialising = 0, Ok = 1, RecentlyLost = 2, Lost = 3 };

class TrackingModule {
 public:
  explicit TrackingModule(TrackerContext& ctx) : ctx_(ctx) {}
  // `motion`: when given, the commanded motion since the previous frame as the world-to-camera
  // change it predicts (Tcw = motion · Tcw of the previous frame): the pose prediction and a prior
  // of the frame-to-frame pose optimisations. Without it tracking uses the constant-velocity model.
  TrackState track(const uint8_t* image, int channels, const float* depth, double depth_scale, double timestamp,
                   OrbExtractor& orb, const SE3* motion = nullptr);
  void reset();
  // replaces every map by `map` (read from a file) and looks for it from the next frame on
  void adopt_loaded_map(std::unique_ptr<MapDatabase> map, uint64_t next_kf_id, uint64_t next_lm_id);
  // global bundle adjustment of the current map (false: there is none); the last frame moves with its
  // reference keyframe so that tracking goes on from where the map now puts it
  bool optimize_map(int iterations, int min_observations, GlobalBaResult& out);
  // runs up to `iterations` of a loop closure under way (module/loop_closer.h) and, when they end,
  // commits it and carries the last frame along with its reference keyframe's correction; true then
  bool advance_closure(int iterations);
  bool closure_under_way() const { return closer_.under_way(); }
  // runs up to `iterations` of the keyframe bundle adjustment under way (module/local_mapper.h; 0:
  // ends it where it stands) and, when it ends, applies it, carries the last frame along with its
  // reference keyframe and queues the keyframe's loop search; true then
  bool advance_mapping(int iterations);
  bool mapping_under_way() const { return mapper_.busy(); }
  // an adjustment, a keyframe's loop search or a closure is waiting for a later frame
  bool work_pending() const { return mapper_.busy() || closer_.busy(); }
  // between frames (nt_close_step): a bundle adjustment under way is run to its end, then up to
  // `iterations` of the loop search or closure under way; true when a closure was committed
  bool settle(int iterations);

  TrackState state() const { return state_; }
  const SE3& last_Tcw() const { return last_.Tcw; }
  const Frame& last_frame() const { return last_; }
  int last_inliers() const { return last_inliers_; }
  int relocalisations() const { return relocalisations_; }
  int loop_closures() const { return closer_.closures(); }
  uint64_t last_loop_match_frame() const { return closer_.last_match_frame(); }
  const LoopStats& loop_stats() const { return closer_.stats(); }
  const RelocStats& reloc_stats() const { return reloc_stats_; }
  int late_relocalisations() const { return late_relocalisations_; }
  // when the last frame switched late from a new map into a loaded one: the id of the map it left and
  // the frame's pose there (the same frame's pose in the loaded map is last_Tcw); 0 otherwise
  uint32_t handover(SE3& Tcw_left) const {
    if (handover_map_ != 0) Tcw_left = handover_Tcw_;
    return handover_map_;
  }

 private:
  bool track_ok_frame(Frame& cur, const SE3* motion);
  bool try_relocalise(Frame& cur, bool all_maps);
  bool agrees_with_pending(const Frame& cur, const MapDatabase* map) const;
  void recover_lost(Frame& cur, std::vector<LandmarkPtr>& fresh);
  void after_success(Frame& cur, int inliers, bool continuous);
  // a keyframe is due while the previous one's adjustment is under way: that one is applied as it
  // stands and `cur` (tracked in the map before it) moves with its reference keyframe
  void settle_mapping_for(Frame& cur);
  MapDatabase* loaded_map_aside();
  void try_late_relocalise(Frame& cur);

  TrackerContext& ctx_;
  FrameBuilder builder_;
  LocalMapper mapper_;
  LoopCloser closer_;
  Frame last_;
  TrackState state_ = TrackState::Initialising;
  uint64_t next_frame_id_ = 0;
  uint64_t last_kf_frame_ = 0;
  uint64_t last_reloc_frame_ = 0;
  bool have_velocity_ = false;
  SE3 velocity_;
  double lost_since_ = 0;
  int last_inliers_ = 0;
  int relocalisations_ = 0;
  RelocStats reloc_stats_;
  int load_patience_ = 0;  // frames left before a loaded map may be given up for a new one
  // a relocalisation in a loaded map waiting for the next frame to agree with it
  struct Pending {
    const MapDatabase* map = nullptr;
    uint64_t frame_id = 0;
    SE3 Tcw;
    int agreeing = 0;  // consecutive frames up to this one that relocalised in `map` and agreed
  } pending_;
  bool pending_this_frame_ = false;
  bool commanded_ = false;  // the frame being tracked came with a commanded motion (nt_track_motion)
  // late relocalisation: while tracking in a new map, a loaded map still in the atlas is searched at
  // each new keyframe (and on the frames right after while attempts agree); `late_` counts them
  Pending late_;
  int late_relocalisations_ = 0;
  uint32_t handover_map_ = 0;
  SE3 handover_Tcw_;
  DepthImage frame_depth_;  // the depth image of the frame being tracked
};

}  // namespace nav
