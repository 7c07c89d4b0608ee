// The RGB-D measurement model shared by the optimisers: a point Pc in the camera frame is observed at
// (u, v) and, when depth is known, at the virtual right coordinate uR = u - bf/z. Residuals are
// observation minus prediction, weighted by the inverse variance of the keypoint's pyramid level and
// a Huber kernel (thresholds are the 95% chi-square quantiles for 2 and 3 degrees of freedom).
#pragma once
#include <cmath>

#include "../camera/pinhole.h"

namespace nav {

constexpr double kChi2Mono = 5.991;
constexpr double kChi2Stereo = 7.815;

struct Observation {
  double u, v, ur;
  double info;      // inverse variance of the level
  bool has_depth;   // ur is meaningful only with depth
  bool stereo() const { return has_depth; }
};

// Residual e (3 entries, the third only for stereo) and the Jacobian of the prediction w.r.t. Pc.
// Returns false when the point is behind the camera.
inline bool project_residual(const PinholeCamera& cam, const Observation& o, const Vec3& pc, double* e,
                             Eigen::Matrix3d* jp) {
  const double z = pc.z();
  if (z <= 1e-6) return false;
  const double iz = 1.0 / z, iz2 = iz * iz;
  const double u = cam.fx * pc.x() * iz + cam.cx;
  const double v = cam.fy * pc.y() * iz + cam.cy;
  e[0] = o.u - u;
  e[1] = o.v - v;
  e[2] = o.stereo() ? o.ur - (u - cam.bf * iz) : 0.0;
  if (jp) {
    *jp << cam.fx * iz, 0, -cam.fx * pc.x() * iz2,
        0, cam.fy * iz, -cam.fy * pc.y() * iz2,
        cam.fx * iz, 0, -cam.fx * pc.x() * iz2 + cam.bf * iz2;
  }
  return true;
}

inline double chi2_of(const Observation& o, const double* e) {
  return o.info * (e[0] * e[0] + e[1] * e[1] + (o.stereo() ? e[2] * e[2] : 0.0));
}

// IRLS weight of the Huber kernel at squared error chi2 with threshold delta²
inline double huber_weight(double chi2, double delta2) {
  return chi2 <= delta2 ? 1.0 : std::sqrt(delta2 / chi2);
}

// χ² threshold of an observation (95 %): 2 degrees of freedom without depth, 3 with it
inline double chi2_threshold(const Observation& o) {
  return o.stereo() ? kChi2Stereo : kChi2Mono;
}

// Cost of an edge at squared error chi2: the Huber kernel when robust, else chi2 itself
inline double edge_cost(const Observation& o, double chi2, bool robust) {
  const double d2 = chi2_threshold(o);
  return robust && chi2 > d2 ? 2.0 * std::sqrt(d2 * chi2) - d2 : chi2;
}

// IRLS weight of an edge at squared error chi2: its information times the Huber weight when robust
inline double edge_weight(const Observation& o, double chi2, bool robust) {
  return o.info * (robust ? huber_weight(chi2, chi2_threshold(o)) : 1.0);
}

// Jacobian of Pc w.r.t. the left pose update [w; v]: dPc = -[Pc]x w + v
inline Eigen::Matrix<double, 3, 6> dpc_dpose(const Vec3& pc) {
  Eigen::Matrix<double, 3, 6> j;
  j.block<3, 3>(0, 0) = -skew(pc);
  j.block<3, 3>(0, 3).setIdentity();
  return j;
}

}  // namespace nav
