// Relocalisation in one map: candidate keyframes from the place index, descriptor matching against
// each, a rigid 3-D–3-D RANSAC on keypoints with depth, pose optimisation, then a projection search
// of the candidate's neighbourhood to confirm with many inliers.
#pragma once
#include "../data/frame.h"
#include "../data/map_database.h"
#include "tracker_context.h"

namespace nav {

// On success cur.Tcw, cur.landmarks and cur.ref_kf are set and the inlier count is returned; else 0
// and the frame's matches are cleared.
int relocalize(Frame& cur, MapDatabase& map, const TrackerContext& ctx);

// Shared with loop detection, which verifies a place the same way:
// drops the matches optimize_pose classified as outliers; returns the matches left
int keep_inliers(Frame& cur);
// projection search of the landmarks of kf and its 10 best covisible keyframes not matched yet
int search_neighbourhood(Frame& cur, KeyFrame* kf, float th, const TrackerContext& ctx);

}  // namespace nav
