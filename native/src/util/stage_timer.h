// Where a tracking call's time goes (nt_stage_times, `npm run bench -- tracker --profile`): each stage
// is charged the time inside its scopes less the time of stages nested in them, so the stages of a
// call add up to the call. The clock is WASI's monotonic clock (clock_gettime), which the host
// provides; a call reads it twice per scope, a few dozen times per frame.
#pragma once

namespace nav {

enum class Stage : int {
  Pyramid = 0,     // the image pyramid
  Fast,            // FAST corners and their quadtree spreading
  Orb,             // orientation, the blurred level and the steered-BRIEF descriptors
  Frame,           // the rest of building a frame: grey conversion, keypoint depth, the feature grid
  Matching,        // projection and descriptor matching (last frame, reference keyframe, local map)
  PoseOptimisation,// pose-only optimisation
  LocalMap,        // the local map: keyframes voted, landmarks checked against the frustum
  Keyframe,        // the keyframe decision and insertion
  Mapping,         // local mapping: landmark culling, the windowed bundle adjustment (whole or a slice)
  LoopClosing,     // loop search, closure slices and commits
  Relocalisation,  // relocalisation, in the current map or a loaded one
  Other,           // the rest of the call (the state machine, bookkeeping)
  Count
};

constexpr int kStageCount = static_cast<int>(Stage::Count);

// per-stage totals in milliseconds since the tracker was created
struct StageTimes {
  double ms[kStageCount] = {};
};

// Charges the scope's own time to `stage` in the StageTimes made active by StageRoot; a no-op with
// none active (a call that did not come through the tracker's façade). Mapping, loop closing and
// relocalisation keep what runs inside them (their matching and pose optimisations): the tracking
// stages then count the frame's own tracking only.
class StageScope {
 public:
  explicit StageScope(Stage stage);
  ~StageScope();
  StageScope(const StageScope&) = delete;
  StageScope& operator=(const StageScope&) = delete;

 private:
  int stage_;
  StageTimes* times_;  // the totals active when the scope began (null: not timed)
  double t0_ = 0;
  double children_ = 0;
  StageScope* parent_ = nullptr;
};

// Makes `times` the active totals for the lifetime of one façade call (unless a call is already
// being timed); the call's time outside any inner scope is charged to Stage::Other.
class StageRoot {
 public:
  explicit StageRoot(StageTimes& times);
  ~StageRoot();
  StageRoot(const StageRoot&) = delete;
  StageRoot& operator=(const StageRoot&) = delete;

 private:
  bool owner_;
  StageScope scope_;
};

}  // namespace nav
