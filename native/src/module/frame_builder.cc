#include "frame_builder.h"

#include <cmath>
#include "../util/stage_timer.h"

namespace nav {

void FrameBuilder::build(const uint8_t* image, int channels, const float* depth, double depth_scale, const PinholeCamera& cam,
                         const TrackingParams& tp, OrbExtractor& orb, Frame& out) {
  StageScope timed(Stage::Frame);
  const int w = cam.width, h = cam.height;
  const size_t n = static_cast<size_t>(w) * h;
  const uint8_t* gray = image;
  if (channels == 3) {
    gray_.resize(n);
    // ITU-R BT.601 luma in fixed point
    for (size_t i = 0; i < n; ++i) {
      const uint8_t* p = image + 3 * i;
      gray_[i] = static_cast<uint8_t>((77 * p[0] + 150 * p[1] + 29 * p[2] + 128) >> 8);
    }
    gray = gray_.data();
  }
  orb.extract(gray, w, h, out.kps, out.desc);
  const int m = static_cast<int>(out.kps.size());
  out.depth.assign(m, 0.0f);
  out.u_right.assign(m, 0.0f);
  for (int i = 0; i < m; ++i) {
    const int x = std::min(w - 1, std::max(0, static_cast<int>(std::lround(out.kps[i].x))));
    const int y = std::min(h - 1, std::max(0, static_cast<int>(std::lround(out.kps[i].y))));
    const double d = static_cast<double>(depth[static_cast<size_t>(y) * w + x]) * depth_scale;
    if (!std::isfinite(d) || d < tp.min_depth || d > tp.max_depth) continue;
    out.depth[i] = static_cast<float>(d);
    out.u_right[i] = static_cast<float>(out.kps[i].x - cam.bf / d);
  }
  out.landmarks.assign(m, nullptr);
  out.outlier.assign(m, 0);
  out.grid.build(out.kps, w, h);
}

}  // namespace nav
