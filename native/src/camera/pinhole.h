// Pinhole RGB-D camera. Depth is turned into a virtual right-image coordinate uR = u - bf/z (the
// stereo form ORB-SLAM uses for RGB-D), so that one residual covers both image and depth.
#pragma once
#include "../util/se3.h"

namespace nav {

constexpr double kPublishedBaseline = 0.08;

struct PinholeCamera {
  int width = 0, height = 0;
  double fx = 0, fy = 0, cx = 0, cy = 0;
  double inv_fx = 0, inv_fy = 0;
  // Virtual stereo baseline (metres) and baseline times fx. The published RGB-D setting uses about
  // 8 cm, which weights depth as a stereo rig of that baseline would measure it; a sensor with more
  // precise depth (the simulator's is exact) earns a longer baseline, i.e. stronger depth residuals.
  double baseline = kPublishedBaseline;
  double bf = 0;

  void set(int w, int h, double fx_, double fy_, double cx_, double cy_) {
    width = w; height = h; fx = fx_; fy = fy_; cx = cx_; cy = cy_;
    inv_fx = 1.0 / fx; inv_fy = 1.0 / fy;
    bf = fx * baseline;
  }
  // Matching gates on the right coordinate keep the tolerance in depth of the published baseline, so
  // that a longer baseline weights depth more in optimisation without rejecting more candidates.
  double right_gate(double r) const { return r * (baseline / kPublishedBaseline); }
  void set_baseline(double b) {
    baseline = b;
    bf = fx * baseline;
  }
  bool valid() const { return width > 0 && height > 0 && fx > 0 && fy > 0; }

  Vec3 unproject(double u, double v, double z) const {
    return Vec3((u - cx) * z * inv_fx, (v - cy) * z * inv_fy, z);
  }
  bool in_image(double u, double v) const { return u >= 0 && v >= 0 && u < width && v < height; }
};

}  // namespace nav
