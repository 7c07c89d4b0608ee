#include "pose_optimizer.h"

#include <vector>

#include "reprojection.h"
#include "../util/stage_timer.h"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

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

// H += w·J(r,:)ᵀ·J(r,:) and g += we·J(r,:)ᵀ (we = w·e_r) with each entry computed as Eigen's
// coefficient-wise outer product computes it, (w·J(r,i))·J(r,j) added to H(i,j): the same products
// and sums, so the pose is the same to the last bit. Eigen's generic loop over the 6×6 block (a call
// per coefficient range, no unrolling) was the largest cost of the pose stage (issue 41).
inline void add_row(Mat6& H, Vec6& g, const Eigen::Matrix<double, 3, 6>& J, int r, double w, double we) {
  alignas(16) double jr[6], wj[6];
  for (int i = 0; i < 6; ++i) {
    jr[i] = J(r, i);
    wj[i] = w * jr[i];
  }
  double* h = H.data();  // column-major: H(i, c) at h[6c + i]
#ifdef __wasm_simd128__
  const v128_t a0 = wasm_v128_load(wj), a1 = wasm_v128_load(wj + 2), a2 = wasm_v128_load(wj + 4);
  for (int c = 0; c < 6; ++c) {
    const v128_t s = wasm_f64x2_splat(jr[c]);
    double* col = h + 6 * c;
    wasm_v128_store(col, wasm_f64x2_add(wasm_v128_load(col), wasm_f64x2_mul(a0, s)));
    wasm_v128_store(col + 2, wasm_f64x2_add(wasm_v128_load(col + 2), wasm_f64x2_mul(a1, s)));
    wasm_v128_store(col + 4, wasm_f64x2_add(wasm_v128_load(col + 4), wasm_f64x2_mul(a2, s)));
  }
#else
  for (int c = 0; c < 6; ++c)
    for (int i = 0; i < 6; ++i) h[6 * c + i] += wj[i] * jr[c];
#endif
  for (int i = 0; i < 6; ++i) g(i) += we * jr[i];
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
        for (int r = 0; r < rows; ++r) add_row(H, g, J, r, w, w * e[r]);
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
