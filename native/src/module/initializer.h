// RGB-D initialisation from a single frame: with enough keypoints with depth, a new map is opened,
// anchored at this frame (its camera frame is the map's world frame), and its landmarks come from depth.
#pragma once
#include "../data/frame.h"
#include "tracker_context.h"

namespace nav {

// Returns the new map's first keyframe, or null when the frame has too little depth.
KeyFrame* initialize_map(Frame& cur, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh);

}  // namespace nav
