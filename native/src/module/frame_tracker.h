// Frame-to-frame tracking: the constant-velocity prediction refined against the landmarks of the
// previous frame, or, without a usable prediction, against the reference keyframe from the last pose.
#pragma once
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "../optimize/pose_optimizer.h"
#include "tracker_context.h"

namespace nav {

// cur.Tcw must hold the prediction. Returns the pose inliers (0 on failure). `prior`: the commanded
// motion's pose prior for the pose optimisation (pose_optimizer.h), or none.
int track_with_motion_model(Frame& cur, const Frame& last, const TrackerContext& ctx, const PosePrior* prior = nullptr);
// cur.Tcw must hold the last pose (or the commanded one). Returns the pose inliers (0 on failure).
int track_reference_keyframe(Frame& cur, KeyFrame& ref, const TrackerContext& ctx, const PosePrior* prior = nullptr);
// ORB-SLAM's reference keyframe tracking proper: the keyframe's landmarks matched to the frame by
// descriptor alone (its bag-of-words search, here exhaustive), a rigid RANSAC on the matches with
// depth, then the pose optimisation. Needs no prediction: for when the motion changed at once (a
// turn started after a forward run moves the image farther than both predictions' windows reach).
int track_reference_keyframe_by_descriptors(Frame& cur, KeyFrame& ref, const TrackerContext& ctx,
                                            const PosePrior* prior = nullptr);

}  // namespace nav
