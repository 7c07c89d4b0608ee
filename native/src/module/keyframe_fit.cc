#include "keyframe_fit.h"

#include <algorithm>
#include <vector>

#include "../match/descriptor_matcher.h"
#include "../solve/rigid_ransac.h"

namespace nav {

KeyframeFit fit_to_keyframe(Frame& cur, const KeyFrame& kf, const TrackerContext& ctx, int min_matches, int min_inliers) {
  std::vector<LandmarkPtr> matches;
  if (match_keyframe_exhaustive(cur, kf, matches) < min_matches) return KeyframeFit::few_matches;
  std::vector<Vec3> pw, pc;
  std::vector<int> kp;
  for (int j = 0; j < cur.size(); ++j) {
    if (!matches[j] || cur.depth[j] <= 0) continue;
    pw.push_back(matches[j]->pos);
    pc.push_back(ctx.cam.unproject(cur.kps[j].x, cur.kps[j].y, cur.depth[j]));
    kp.push_back(j);
  }
  RansacResult rr;
  if (!ransac_rigid(pw, pc, 200, 0.03, 0.01, min_inliers, rr)) return KeyframeFit::no_ransac;
  std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
  std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
  for (size_t q = 0; q < kp.size(); ++q)
    if (rr.inlier[q]) cur.landmarks[kp[q]] = matches[kp[q]];
  cur.Tcw = rr.Tcw;
  return KeyframeFit::ok;
}

}  // namespace nav
