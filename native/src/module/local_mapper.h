// The mapping steps run after each new keyframe (in the tracking call, the module being
// single-threaded): culling of recently created landmarks that are rarely re-found, then windowed
// bundle adjustment, then the keyframe's landmark geometry and covisibility.
//
// The bundle adjustment (ten Levenberg-Marquardt iterations over a window of ten keyframes and the
// thousands of landmarks they see) was the slowest part of a keyframe's frame, which made it the
// frame a robot felt stall. With a slice (TrackingParams::ba_slice > 0) it is begun in the keyframe's
// frame with the window as it stands and its Levenberg-Marquardt damping tries run `ba_slice` per frame
// before the later frames are tracked (one try, not one iteration: an iteration whose cost rises retries
// up to 5 times, and those retries in one frame took it 60-140 ms), tracking going on in the map as the keyframe left it; the frame whose slice
// ends it applies it (poses, points, outlier observations removed) and completes the keyframe's
// mapping. A keyframe due while one is still adjusted ends that one where it stands and applies it
// first (ORB-SLAM's local mapping, interrupted by a new keyframe, stops its bundle adjustment so).
#pragma once
#include <memory>
#include <vector>

#include "../data/keyframe.h"
#include "../optimize/local_bundle_adjuster.h"
#include "tracker_context.h"

namespace nav {

class LocalMapper {
 public:
  // culling and the bundle adjustment around kf: at once without a slice (then kf's mapping is
  // complete on return), else begun and left to advance(). `lateral_sigma_m` > 0: kf was tracked
  // without a commanded motion, and the adjustment pays for moving it sideways (in its own axes) from
  // where tracking put it (a wheeled base does not slide; TrackingParams::lateral_sigma_m)
  void process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh,
               double lateral_sigma_m = 0.0);
  // runs up to `iterations` damping tries of the adjustment under way (0: none more, apply it as it stands) and,
  // when it has ended, applies it and completes its keyframe's mapping; returns that keyframe then,
  // else null
  KeyFrame* advance(int iterations, TrackerContext& ctx);
  bool busy() const { return job_ != nullptr; }
  void reset() {
    recent_.clear();
    job_.reset();
  }

 private:
  void complete(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx);
  std::vector<LandmarkPtr> recent_;
  uint64_t stamp_ = 0;
  struct Job {
    KeyFrame* kf = nullptr;
    MapDatabase* map = nullptr;
    std::unique_ptr<LocalBa> ba;
  };
  std::unique_ptr<Job> job_;
};

}  // namespace nav
