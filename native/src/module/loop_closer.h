// Loop closing: a place found again by detect_loop is accepted only when the next keyframe finds the
// same place (the same earlier keyframe or one covisible with it) with an agreeing correction; then
// the keyframe poses are corrected by pose-graph optimisation over the essential graph (consecutive
// keyframes, strong covisibility, the loop edge), landmarks move with their reference keyframes, and
// the landmarks matched across the loop are fused so that tracking continues in the earlier visit's.
//
// The pose graph of a map of hundreds of keyframes takes a few hundred milliseconds, too long for one
// frame of a robot that must not stall. With a slice (TrackingParams::close_slice > 0) the closure is
// begun in the frame after the keyframe's (its loop search runs there, the keyframe's frame having
// mapped it), with the graph and the keyframes' poses taken as they stand; its
// iterations run `close_slice` per frame while tracking goes on in the uncorrected map, and it is
// committed at once when they end: every keyframe of the graph moves by its own correction (so local
// bundle adjustment since the beginning is kept), keyframes made meanwhile move with the graph keyframe
// they share most landmarks with, landmarks with their reference keyframe, and the landmarks matched
// across the loop are fused. Single-threaded WASM has no loop-closing thread; this is ORB-SLAM's loop
// closer's order (optimise aside, correct atomically, carry the frames tracked meanwhile) in slices.
// So that no frame does much of this work, with a slice the search verifies one proposed place per
// frame, and what follows a commit and only derives from the corrected map (every landmark's viewing
// geometry, every keyframe's covisibility: refresh_map) is recomputed over the next frames, a bounded
// share per frame, tracking going on in the corrected map meanwhile.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>

#include "../data/map_database.h"
#include "../optimize/pose_graph.h"
#include "loop_detector.h"
#include "tracker_context.h"

namespace nav {

class LoopCloser {
 public:
  // Runs after mapping has processed kf; returns true when the map was corrected in this call (a
  // closure without a slice). With a slice a found loop is begun instead (under_way()).
  bool process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx);
  // Runs the loop search of a keyframe queued by process() (with a slice), or else up to `iterations`
  // of the closure under way in `map` (the current map), committing it when they end; true when it
  // was committed in this call. A closure begun in another map is dropped:
  // that map stays as it was, whole and uncorrected.
  bool advance(MapDatabase* map, int iterations, TrackerContext& ctx);
  bool under_way() const { return job_ != nullptr; }
  // a keyframe waits for its loop search or a closure is under way: advance() has work
  bool busy() const { return job_ != nullptr || search_ != nullptr || refresh_ != nullptr || !queued_.empty(); }
  // after a commit: how the commit moved keyframe `kf`'s world (Tcw_after = Tcw_before · W); the
  // loop keyframe's for one not in the map
  SE3 correction(const KeyFrame* kf) const;
  void reset() {
    pending_ = Pending(); last_closure_kf_ = 0; closures_ = 0; last_match_frame_ = 0; stats_ = LoopStats();
    job_.reset(); corrections_.clear(); queued_.clear(); search_.reset(); refresh_.reset();
  }
  int closures() const { return closures_; }
  const LoopStats& stats() const { return stats_; }
  // frame id of the earlier keyframe the last closure matched (0: none yet), for evaluation
  uint64_t last_match_frame() const { return last_match_frame_; }

 private:
  // the pose graph of a closure under way and what its commit needs
  struct Job {
    uint32_t map_id = 0;
    KeyFramePtr kf;
    LoopMatch loop;
    std::vector<KeyFramePtr> nodes;  // the graph's keyframes, by slot
    std::vector<SE3> before;         // their poses when the closure began
    std::unique_ptr<PoseGraphSolver> solver;
  };
  // the loop search of a keyframe; a found and confirmed loop is begun (true)
  bool detect(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx);
  // a place verified for kf: begun when plausible and confirmed by the keyframe before (true)
  bool accept(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx);
  // a queued keyframe's search with a slice: its proposals, then one verified per advance()
  struct Search {
    KeyFrame* kf = nullptr;
    uint32_t map_id = 0;
    std::vector<KeyFrame*> candidates;
    size_t next = 0;
  };
  std::unique_ptr<Search> search_;
  void search_step(MapDatabase* map, TrackerContext& ctx);
  // after a sliced commit: refresh_map of the corrected map, a share per advance()
  struct Refresh {
    MapDatabase* map = nullptr;
    std::vector<LandmarkPtr> landmarks;
    std::vector<KeyFramePtr> keyframes;
    size_t lm_next = 0, kf_next = 0;
  };
  std::unique_ptr<Refresh> refresh_;
  void refresh_step(const TrackerContext& ctx);
  // with a slice, a new keyframe's search runs in a later frame, one per frame in keyframe order (a
  // confirmation needs consecutive keyframes' searches; several queue while mapping is under way)
  struct Queued {
    KeyFrame* kf = nullptr;
    uint32_t map_id = 0;
  };
  std::deque<Queued> queued_;
  void begin(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx);
  // `refresh_later`: the map's derived geometry is left to refresh_step()
  void commit(MapDatabase& map, TrackerContext& ctx, bool refresh_later);
  std::unique_ptr<Job> job_;
  std::unordered_map<const KeyFrame*, SE3> corrections_;

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
