// Matching by projection: landmarks with a predicted position in the current frame are compared only
// with keypoints near that position, on compatible pyramid levels and with consistent depth.
#pragma once
#include <vector>

#include "../camera/pinhole.h"
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "../feature/orb_params.h"

namespace nav {

// Landmarks tracked in `last`, projected with `cur.Tcw`, searched within th·scale(level) pixels.
int match_from_last_frame(Frame& cur, const Frame& last, float th, const PinholeCamera& cam, const OrbParams& orb);

// Sets the landmark's projection scratch when it can be seen from `f` (in image, within its distance
// range, viewed less than 60° off its mean viewing direction). Returns whether it can.
bool landmark_in_frustum(Landmark& lm, const Frame& f, const PinholeCamera& cam, const OrbParams& orb);

// Landmarks already prepared with landmark_in_frustum (in_view set), searched with a radius of
// th·(view-angle factor)·scale(level).
int match_landmarks(Frame& cur, const std::vector<LandmarkPtr>& lms, float th, int max_dist, const PinholeCamera& cam,
                    const OrbParams& orb);

}  // namespace nav
