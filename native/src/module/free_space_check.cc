#include "free_space_check.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace nav {

namespace {

constexpr int kNeighbours = 10;    // the place: the matched keyframe and its best covisible keyframes
constexpr int kHalfWindow = 2;     // 5×5 pixels: a pose a pixel off must not make an edge look through
constexpr double kTolerance = 0.1;       // metres, plus kRelTolerance of the depth
constexpr double kRelTolerance = 0.05;

// nearest valid depth in the window around (u, v); 0 when none
double nearest_depth(const DepthImage& d, int u, int v, const TrackingParams& tp) {
  double best = 0;
  for (int y = std::max(0, v - kHalfWindow); y <= std::min(d.height - 1, v + kHalfWindow); ++y)
    for (int x = std::max(0, u - kHalfWindow); x <= std::min(d.width - 1, u + kHalfWindow); ++x) {
      const double z = static_cast<double>(d.data[static_cast<size_t>(y) * d.width + x]) * d.scale;
      if (!std::isfinite(z) || z < tp.min_depth || z > tp.max_depth) continue;
      if (best == 0 || z < best) best = z;
    }
  return best;
}

}  // namespace

FreeSpaceCheck check_free_space(const Frame& cur, const KeyFrame& kf, const DepthImage& depth, const TrackerContext& ctx) {
  FreeSpaceCheck out;
  if (!depth.data || depth.width != ctx.cam.width || depth.height != ctx.cam.height) return out;
  std::vector<const KeyFrame*> place{&kf};
  for (KeyFrame* k : kf.best_covisible(kNeighbours)) place.push_back(k);
  std::unordered_set<uint64_t> done;
  const Vec3 centre = cur.camera_center();
  for (const KeyFrame* k : place) {
    for (const LandmarkPtr& lm : k->landmarks) {
      if (!lm || lm->bad || !done.insert(lm->id).second) continue;
      const Vec3 pc = cur.Tcw * lm->pos;
      if (pc.z() < ctx.tp.min_depth || pc.z() > ctx.tp.max_depth) continue;
      const double u = ctx.cam.fx * pc.x() / pc.z() + ctx.cam.cx, v = ctx.cam.fy * pc.y() / pc.z() + ctx.cam.cy;
      if (!ctx.cam.in_image(u, v)) continue;
      // only surfaces that face the camera within the range they were seen from: a landmark seen
      // from the other side of a thin wall would otherwise count
      const Vec3 po = lm->pos - centre;
      const double dist = po.norm();
      if (dist < 0.8 * lm->min_dist || dist > 1.2 * lm->max_dist || po.dot(lm->normal) < 0.5 * dist) continue;
      const double seen = nearest_depth(depth, static_cast<int>(u), static_cast<int>(v), ctx.tp);
      if (seen == 0) continue;
      ++out.tested;
      if (seen > pc.z() + kTolerance + kRelTolerance * pc.z()) ++out.seen_through;
    }
  }
  return out;
}

}  // namespace nav
