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

}  // namespace nav
