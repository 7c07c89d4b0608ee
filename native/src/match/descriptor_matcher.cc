#include "descriptor_matcher.h"

#include "hamming.h"
#include "rotation_histogram.h"
#include "../util/stage_timer.h"

namespace nav {

int match_keyframe_exhaustive(const Frame& cur, const KeyFrame& kf, std::vector<LandmarkPtr>& out) {
  StageScope timed(Stage::Matching);
  out.assign(cur.size(), nullptr);
  std::vector<int> best_for(cur.size(), 256);
  std::vector<int> from_kp(cur.size(), -1);
  for (int i = 0; i < kf.size(); ++i) {
    const LandmarkPtr& lm = kf.landmarks[i];
    if (!lm || lm->bad) continue;
    const uint32_t* d = kf.descriptor(i);
    int best = 256, second = 256, best_j = -1;
    for (int j = 0; j < cur.size(); ++j) {
      const int h = hamming(d, cur.descriptor(j));
      if (h < best) { second = best; best = h; best_j = j; }
      else if (h < second) second = h;
    }
    if (best_j < 0 || best > kMatchLow || best > 0.75f * second) continue;
    if (best >= best_for[best_j]) continue;  // keep the closer of two landmarks claiming one keypoint
    best_for[best_j] = best;
    out[best_j] = lm;
    from_kp[best_j] = i;
  }
  RotationHistogram hist;
  int n = 0;
  for (int j = 0; j < cur.size(); ++j) {
    if (!out[j]) continue;
    hist.add(kf.kps[from_kp[j]].angle, cur.kps[j].angle, j);
    ++n;
  }
  for (int j : hist.rejected()) { out[j].reset(); --n; }
  return n;
}

}  // namespace nav
