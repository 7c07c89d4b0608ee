#include "rigid_ransac.h"

#include <Eigen/SVD>

namespace nav {

bool fit_rigid(const std::vector<Vec3>& pw, const std::vector<Vec3>& pc, const std::vector<int>& use, SE3& Tcw) {
  if (use.size() < 3) return false;
  Vec3 mw = Vec3::Zero(), mc = Vec3::Zero();
  for (int i : use) { mw += pw[i]; mc += pc[i]; }
  mw /= static_cast<double>(use.size());
  mc /= static_cast<double>(use.size());
  Mat3 H = Mat3::Zero();
  for (int i : use) H += (pc[i] - mc) * (pw[i] - mw).transpose();
  Eigen::JacobiSVD<Mat3> svd(H, Eigen::ComputeFullU | Eigen::ComputeFullV);
  if (svd.singularValues()(1) < 1e-9 * std::max(1.0, svd.singularValues()(0))) return false;  // collinear
  Mat3 D = Mat3::Identity();
  if ((svd.matrixU() * svd.matrixV().transpose()).determinant() < 0) D(2, 2) = -1;
  Tcw.R = svd.matrixU() * D * svd.matrixV().transpose();
  Tcw.t = mc - Tcw.R * mw;
  return Tcw.finite();
}

bool ransac_rigid(const std::vector<Vec3>& pw, const std::vector<Vec3>& pc, int iterations, double tol_base, double tol_depth,
                  int min_inliers, RansacResult& out) {
  const int n = static_cast<int>(pw.size());
  out.inliers = 0;
  out.inlier.assign(n, 0);
  if (n < 3) return false;
  uint64_t state = 0x853c49e6748fea9bULL;
  auto rnd = [&](int m) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<uint64_t>(m));
  };
  std::vector<int> sample(3), inl;
  SE3 best;
  int best_n = 0;
  for (int it = 0; it < iterations; ++it) {
    sample[0] = rnd(n);
    do sample[1] = rnd(n); while (sample[1] == sample[0]);
    do sample[2] = rnd(n); while (sample[2] == sample[0] || sample[2] == sample[1]);
    SE3 T;
    if (!fit_rigid(pw, pc, sample, T)) continue;
    int cnt = 0;
    for (int i = 0; i < n; ++i) {
      const double z = pc[i].z();
      if ((T * pw[i] - pc[i]).norm() <= tol_base + tol_depth * z * z) ++cnt;
    }
    if (cnt > best_n) { best_n = cnt; best = T; }
  }
  if (best_n < std::max(3, min_inliers)) return false;
  // refit on all inliers, then recount
  for (int pass = 0; pass < 2; ++pass) {
    inl.clear();
    for (int i = 0; i < n; ++i) {
      const double z = pc[i].z();
      if ((best * pw[i] - pc[i]).norm() <= tol_base + tol_depth * z * z) inl.push_back(i);
    }
    SE3 T;
    if (!fit_rigid(pw, pc, inl, T)) break;
    best = T;
  }
  out.Tcw = best;
  out.inliers = 0;
  for (int i = 0; i < n; ++i) {
    const double z = pc[i].z();
    out.inlier[i] = (best * pw[i] - pc[i]).norm() <= tol_base + tol_depth * z * z;
    out.inliers += out.inlier[i];
  }
  return out.inliers >= min_inliers;
}

}  // namespace nav
