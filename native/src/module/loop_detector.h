// Place recognition for a new keyframe: the place index proposes earlier keyframes that share many
// descriptors with it but no landmarks (not covisible, not recent), and each proposal must pass the
// relocaliser's geometric tests — descriptor matches, a 3-D–3-D RANSAC on keypoints with depth, pose
// optimisation and a projection search of the earlier keyframe's neighbourhood with many inliers.
#pragma once
#include <utility>
#include <vector>

#include "../data/map_database.h"
#include "tracker_context.h"

namespace nav {

struct LoopMatch {
  KeyFrame* match = nullptr;  // the earlier keyframe of the same place
  SE3 Tcw;                    // the new keyframe's pose in the map as the earlier visit left it
  std::vector<std::pair<int, LandmarkPtr>> pairs;  // keypoint of the new keyframe → earlier landmark
  int inliers = 0;
};

bool detect_loop(KeyFrame* kf, MapDatabase& map, const TrackerContext& ctx, LoopMatch& out);

}  // namespace nav
