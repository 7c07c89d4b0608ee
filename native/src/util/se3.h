// Rigid transforms for the tracker: a rotation matrix and a translation, composed and inverted
// explicitly. Poses inside the tracker are world-to-camera (Tcw), as the projection uses them.
#pragma once
#include <Eigen/Core>
#include <Eigen/Geometry>
#include <cmath>

namespace nav {

using Vec3 = Eigen::Vector3d;
using Mat3 = Eigen::Matrix3d;
using Vec6 = Eigen::Matrix<double, 6, 1>;
using Mat6 = Eigen::Matrix<double, 6, 6>;

inline Mat3 skew(const Vec3& v) {
  Mat3 m;
  m << 0, -v.z(), v.y(), v.z(), 0, -v.x(), -v.y(), v.x(), 0;
  return m;
}

// Rodrigues' formula; small angles fall back to the first-order form to stay finite.
inline Mat3 so3_exp(const Vec3& w) {
  const double th = w.norm();
  if (th < 1e-10) return Mat3::Identity() + skew(w);
  const Mat3 k = skew(w / th);
  return Mat3::Identity() + std::sin(th) * k + (1.0 - std::cos(th)) * k * k;
}

inline Vec3 so3_log(const Mat3& r) {
  const double c = std::max(-1.0, std::min(1.0, 0.5 * (r.trace() - 1.0)));
  const double th = std::acos(c);
  const Vec3 v(r(2, 1) - r(1, 2), r(0, 2) - r(2, 0), r(1, 0) - r(0, 1));
  if (th < 1e-8) return 0.5 * v;
  if (M_PI - th < 1e-6) {
    // near pi: take the axis from the symmetric part
    Eigen::AngleAxisd aa(r);
    return aa.angle() * aa.axis();
  }
  return th / (2.0 * std::sin(th)) * v;
}

struct SE3 {
  Mat3 R = Mat3::Identity();
  Vec3 t = Vec3::Zero();

  SE3() = default;
  SE3(const Mat3& r, const Vec3& tr) : R(r), t(tr) {}

  Vec3 operator*(const Vec3& p) const { return R * p + t; }
  SE3 operator*(const SE3& o) const { return SE3(R * o.R, R * o.t + t); }
  SE3 inverse() const {
    const Mat3 rt = R.transpose();
    return SE3(rt, -rt * t);
  }
  // Left update used by every optimiser here: X_c' = Exp(w)·X_c + v, delta = [w; v].
  SE3 left_update(const Vec6& d) const {
    const Mat3 dr = so3_exp(d.head<3>());
    return SE3(dr * R, dr * t + d.tail<3>());
  }
  bool finite() const { return R.allFinite() && t.allFinite(); }
  // Re-orthonormalise after many small updates.
  void normalize() {
    Eigen::Quaterniond q(R);
    q.normalize();
    R = q.toRotationMatrix();
  }
};

// The level pose nearest to a world-to-camera pose: the camera keeps its centre and its turn about
// the world's y axis, and loses any tilt away from it. For a camera rigidly mounted on a wheeled base
// on a flat floor, whose world is the camera frame of its first frame, every true pose is level.
inline SE3 levelled(const SE3& Tcw) {
  const Mat3 Rwc = Tcw.R.transpose();
  // yaw of the camera's x and z axes projected on the ground plane (averaged: robust near any pose)
  const double s = Rwc(0, 2) - Rwc(2, 0), c = Rwc(2, 2) + Rwc(0, 0);
  const double n = std::hypot(s, c);
  if (!(n > 1e-12)) return Tcw;
  const double sy = s / n, cy = c / n;
  Mat3 Ry;
  Ry << cy, 0, sy, 0, 1, 0, -sy, 0, cy;
  const Vec3 centre = -Rwc * Tcw.t;
  const Mat3 Rcw = Ry.transpose();
  return SE3(Rcw, -Rcw * centre);
}

// Rows 0 and 2 of a left update [w; v] tilt a level pose (turns about the camera's x and z axes);
// constrained problems pin them to zero in the normal equations.
constexpr int kTiltRows[2] = {0, 2};

}  // namespace nav
