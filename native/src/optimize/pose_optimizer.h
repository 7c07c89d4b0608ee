// Motion-only optimisation: the frame pose that best explains its matched landmarks, with outliers
// classified between rounds (4 rounds of Levenberg-Marquardt; the last without robust kernel).
#pragma once
#include "../camera/pinhole.h"
#include "../data/frame.h"
#include "../feature/orb_params.h"

namespace nav {

// Refines f.Tcw in place and sets f.outlier. Returns the number of inlier matches (0 when the
// problem is degenerate or the result is not finite, in which case the pose is left unchanged).
// `level`: the pose is first levelled and only turns about the camera's y axis (the world's, while level).
int optimize_pose(Frame& f, const PinholeCamera& cam, const OrbParams& orb, bool level = false);

}  // namespace nav
