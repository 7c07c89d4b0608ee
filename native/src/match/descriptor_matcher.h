// Matching without a pose prior: every landmark a keyframe observes against every keypoint of the
// frame, with a strict distance, a ratio test and orientation consistency. Used for relocalisation.
#pragma once
#include <vector>

#include "../data/frame.h"
#include "../data/keyframe.h"

namespace nav {

// out[j] = landmark matched to keypoint j of `cur` (or null). Returns the number of matches.
int match_keyframe_exhaustive(const Frame& cur, const KeyFrame& kf, std::vector<LandmarkPtr>& out);

}  // namespace nav
