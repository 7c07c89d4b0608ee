// A frame's pose from one keyframe alone: the keyframe's landmarks matched by descriptor (no
// prediction), then a rigid RANSAC on the matches that have depth. Shared by the relocaliser, the
// loop detector's verification and reference-keyframe tracking, which differ only in what follows.
#pragma once
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "tracker_context.h"

namespace nav {

enum class KeyframeFit { ok, few_matches, no_ransac };

// On ok: cur.Tcw is the RANSAC pose and cur.landmarks hold the inlier matches only (outlier flags
// cleared). Otherwise cur is unchanged. `min_matches`: descriptor matches needed before the fit;
// `min_inliers`: RANSAC inliers needed.
KeyframeFit fit_to_keyframe(Frame& cur, const KeyFrame& kf, const TrackerContext& ctx, int min_matches, int min_inliers);

}  // namespace nav
