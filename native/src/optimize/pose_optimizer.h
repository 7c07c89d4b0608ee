// Motion-only optimisation: the frame pose that best explains its matched landmarks, with outliers
// classified between rounds (4 rounds of Levenberg-Marquardt; the last without robust kernel).
#pragma once
#include "../camera/pinhole.h"
#include "../data/frame.h"
#include "../feature/orb_params.h"

namespace nav {

// A prior on the frame's pose from its commanded motion (wheel-odometry-like, as ORB-SLAM3 uses IMU
// preintegration): the pose the command predicts and the information (inverse variances) of the
// deviation from it, in the order of the left update [w; v] (rotation, then the camera centre's
// displacement in camera axes). Its cost is in the same χ² units as the reprojection edges.
struct PosePrior {
  SE3 Tcw;
  Vec6 info = Vec6::Zero();
};

// Refines f.Tcw in place and sets f.outlier. Returns the number of inlier matches (0 when the
// problem is degenerate or the result is not finite, in which case the pose is left unchanged).
// `level`: the pose is first levelled and only turns about the camera's y axis (the world's, while level).
// `prior`: when given, a quadratic (never robust) term pulling the pose towards prior->Tcw; with many
// consistent matches they dominate it, with few or disagreeing ones it holds the pose.
int optimize_pose(Frame& f, const PinholeCamera& cam, const OrbParams& orb, bool level = false,
                  const PosePrior* prior = nullptr);

}  // namespace nav
