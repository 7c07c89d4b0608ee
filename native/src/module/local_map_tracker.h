// Tracking against the local map: the keyframes that share landmarks with the frame and their best
// neighbours; their landmarks that should be visible are searched by projection, then the pose is
// optimised again on all matches.
#pragma once
#include "../data/frame.h"
#include "../optimize/pose_optimizer.h"
#include "tracker_context.h"

namespace nav {

// Returns the pose inliers after the search; sets cur.ref_kf to the keyframe sharing most landmarks.
// `prior`: the commanded motion's pose prior for the pose optimisation, or none.
int track_local_map(Frame& cur, float radius_th, const TrackerContext& ctx, const PosePrior* prior = nullptr);

}  // namespace nav
