// Frame-to-frame tracking: the constant-velocity prediction refined against the landmarks of the
// previous frame, or, without a usable prediction, against the reference keyframe from the last pose.
#pragma once
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "tracker_context.h"

namespace nav {

// cur.Tcw must hold the prediction. Returns the pose inliers (0 on failure).
int track_with_motion_model(Frame& cur, const Frame& last, const TrackerContext& ctx);
// cur.Tcw must hold the last pose. Returns the pose inliers (0 on failure).
int track_reference_keyframe(Frame& cur, KeyFrame& ref, const TrackerContext& ctx);

}  // namespace nav
