// The mapping steps run after each new keyframe (synchronously, in the tracking call): culling of
// recently created landmarks that are rarely re-found, then windowed bundle adjustment.
#pragma once
#include <vector>

#include "../data/keyframe.h"
#include "../optimize/local_bundle_adjuster.h"
#include "tracker_context.h"

namespace nav {

class LocalMapper {
 public:
  void process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh);
  void reset() { recent_.clear(); }

 private:
  std::vector<LandmarkPtr> recent_;
  uint64_t stamp_ = 0;
};

}  // namespace nav
