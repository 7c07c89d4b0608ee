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

// The deviation of T from the prior's pose as the left update that takes the prior's pose to T:
// w = log(R·Rp'), v = T.t − Exp(w)·tp = R·(cp − c) (the camera centres' offset in T's camera axes).
inline Vec6 prior_residual(const PosePrior& p, const SE3& T) {
  const Mat3 dR = T.R * p.Tcw.R.transpose();
  Vec6 r;
  r.head<3>() = so3_log(dR);
  r.tail<3>() = T.t - dR * p.Tcw.t;
  return r;
}

inline double prior_cost(const PosePrior* p, const SE3& T) {
  if (!p) return 0.0;
  const Vec6 r = prior_residual(*p, T);
  return r.dot(p->info.cwiseProduct(r));
}

// The term's Gauss-Newton blocks at T, added to H and g: its Jacobian w.r.t. a left update [dw; dv]
// of T is [I 0; −[v]x I] (to first order in w).
inline void add_prior_blocks(const PosePrior& p, const SE3& T, Mat6& H, Vec6& g) {
  const Vec6 r = prior_residual(p, T);
  Mat6 J = Mat6::Identity();
  J.block<3, 3>(3, 0) = -skew(r.tail<3>());
  const Mat6 JtI = J.transpose() * p.info.asDiagonal();
  H.noalias() += JtI * J;
  g.noalias() += JtI * r;
}

// Refines f.Tcw in place and sets f.outlier. Returns the number of inlier matches (0 when the
// problem is degenerate or the result is not finite, in which case the pose is left unchanged).
// `level`: the pose is first levelled and only turns about the camera's y axis (the world's, while level).
// `prior`: when given, a quadratic (never robust) term pulling the pose towards prior->Tcw; with many
// consistent matches they dominate it, with few or disagreeing ones it holds the pose.
int optimize_pose(Frame& f, const PinholeCamera& cam, const OrbParams& orb, bool level = false,
                  const PosePrior* prior = nullptr);

}  // namespace nav
