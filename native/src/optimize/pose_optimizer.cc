#include "pose_optimizer.h"

#include <vector>

#include "reprojection.h"
#include "../util/stage_timer.h"

namespace nav {

namespace {

struct Edge {
  int kp;
  Vec3 xw;
  Observation o;
  bool outlier;
};

double total_cost(const std::vector<Edge>& edges, const SE3& T, const PinholeCamera& cam, bool robust,
                  const PosePrior* prior) {
  double c = prior_cost(prior, T);
  for (const Edge& ed : edges) {
    if (ed.outlier) continue;
    double e[3];
    if (!project_residual(cam, ed.o, T * ed.xw, e, nullptr)) { c += 1e6; continue; }
    c += edge_cost(ed.o, chi2_of(ed.o, e), robust);
  }
  return c;
}

}  // namespace

int optimize_pose(Frame& f, const PinholeCamera& cam, const OrbParams& orb, bool level, const PosePrior* prior) {
  StageScope timed(Stage::PoseOptimisation);
  std::vector<Edge> edges;
  edges.reserve(f.size());
  for (int i = 0; i < f.size(); ++i) {
    const LandmarkPtr& lm = f.landmarks[i];
    if (!lm || lm->bad) continue;
    f.outlier[i] = 0;
    const KeyPoint& kp = f.kps[i];
    edges.push_back(Edge{i, lm->pos, Observation{kp.x, kp.y, f.u_right[i], orb.inv_sigma2[kp.level], f.depth[i] > 0}, false});
  }
  if (edges.size() < 3) return 0;
  SE3 T = level ? levelled(f.Tcw) : f.Tcw;
  int inliers = 0;
  for (int round = 0; round < 4; ++round) {
    const bool robust = round < 3;
    double lambda = 1e-5;
    double cost = total_cost(edges, T, cam, robust, prior);
    for (int it = 0; it < 10; ++it) {
      Mat6 H = Mat6::Zero();
      Vec6 g = Vec6::Zero();
      for (const Edge& ed : edges) {
        if (ed.outlier) continue;
        const Vec3 pc = T * ed.xw;
        double e[3];
        Eigen::Matrix3d jp;
        if (!project_residual(cam, ed.o, pc, e, &jp)) continue;
        const double w = edge_weight(ed.o, chi2_of(ed.o, e), robust);
        const int rows = ed.o.stereo() ? 3 : 2;
        // de/dx = -dproj/dPc · dPc/dx
        const Eigen::Matrix<double, 3, 6> J = -jp * dpc_dpose(pc);
        for (int r = 0; r < rows; ++r) {
          H.noalias() += w * J.row(r).transpose() * J.row(r);
          g.noalias() += w * e[r] * J.row(r).transpose();
        }
      }
      if (prior) add_prior_blocks(*prior, T, H, g);
      if (level) {
        for (int r : kTiltRows) {
          H.row(r).setZero();
          H.col(r).setZero();
          H(r, r) = 1.0;
          g(r) = 0.0;
        }
      }
      bool improved = false;
      for (int tries = 0; tries < 6 && !improved; ++tries) {
        Mat6 A = H;
        A.diagonal() += lambda * (H.diagonal().array() + 1e-9).matrix();
        const Vec6 dx = A.ldlt().solve(-g);
        if (!dx.allFinite()) { lambda *= 10; continue; }
        const SE3 cand = T.left_update(dx);
        const double c = total_cost(edges, cand, cam, robust, prior);
        if (c <= cost) {
          T = cand;
          improved = true;
          const bool converged = cost - c < 1e-7 * (cost + 1e-12) || dx.squaredNorm() < 1e-14;
          cost = c;
          lambda = std::max(1e-9, lambda * 0.3);
          if (converged) it = 10;
        } else {
          lambda *= 10;
        }
      }
      if (!improved) break;
    }
    // classify every edge at the current estimate, including earlier outliers
    inliers = 0;
    for (Edge& ed : edges) {
      double e[3];
      const bool front = project_residual(cam, ed.o, T * ed.xw, e, nullptr);
      const double chi2 = front ? chi2_of(ed.o, e) : 1e9;
      ed.outlier = chi2 > chi2_threshold(ed.o);
      inliers += ed.outlier ? 0 : 1;
    }
    if (inliers < 10) break;
  }
  T.normalize();
  if (!T.finite()) return 0;
  f.Tcw = T;
  for (const Edge& ed : edges) f.outlier[ed.kp] = ed.outlier ? 1 : 0;
  return inliers;
}

}  // namespace nav
