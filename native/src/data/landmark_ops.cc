#include "landmark_ops.h"

#include <algorithm>
#include <cstring>

#include "../match/hamming.h"

namespace nav {

void add_observation(const LandmarkPtr& lm, KeyFrame* kf, int kp) {
  if (lm->obs_index(kf) >= 0) return;
  lm->obs.emplace_back(kf, kp);
  kf->landmarks[kp] = lm;
}

void remove_observation(Landmark& lm, const KeyFrame* kf) {
  lm.obs.erase(std::remove_if(lm.obs.begin(), lm.obs.end(), [&](const auto& o) { return o.first == kf; }), lm.obs.end());
  if (lm.ref_kf == kf) lm.ref_kf = lm.obs.empty() ? nullptr : lm.obs.front().first;
}

void detach_landmark(Landmark& lm) {
  lm.bad = true;
  for (const auto& o : lm.obs) {
    LandmarkPtr& slot = o.first->landmarks[o.second];
    if (slot.get() == &lm) slot.reset();
  }
  lm.obs.clear();
  lm.ref_kf = nullptr;
}

void update_landmark_geometry(Landmark& lm, const OrbParams& orb) {
  if (lm.obs.empty() || !lm.ref_kf) return;
  Vec3 n = Vec3::Zero();
  for (const auto& o : lm.obs) {
    const Vec3 d = lm.pos - o.first->camera_center();
    const double len = d.norm();
    if (len > 0) n += d / len;
  }
  if (n.norm() > 0) lm.normal = n.normalized();
  const int idx = lm.obs_index(lm.ref_kf);
  if (idx < 0) return;
  const double dist = (lm.pos - lm.ref_kf->camera_center()).norm();
  const int level = lm.ref_kf->kps[idx].level;
  lm.max_dist = dist * orb.scale[level];
  lm.min_dist = lm.max_dist / orb.scale[orb.num_levels - 1];
}

void update_landmark_descriptor(Landmark& lm) {
  const int n = std::min<int>(static_cast<int>(lm.obs.size()), 12);
  if (n == 0) return;
  if (n <= 2) {
    std::memcpy(lm.desc, lm.obs.back().first->descriptor(lm.obs.back().second), 32);
    return;
  }
  // the most recent observations describe the point as it is seen now
  const size_t first = lm.obs.size() - n;
  std::vector<int> d(n * n, 0);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const auto& a = lm.obs[first + i];
      const auto& b = lm.obs[first + j];
      d[i * n + j] = d[j * n + i] = hamming(a.first->descriptor(a.second), b.first->descriptor(b.second));
    }
  int best = 0, best_med = 1 << 30;
  std::vector<int> row(n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) row[j] = d[i * n + j];
    std::nth_element(row.begin(), row.begin() + (n - 1) / 2, row.end());
    const int med = row[(n - 1) / 2];
    if (med < best_med) { best_med = med; best = i; }
  }
  const auto& o = lm.obs[first + best];
  std::memcpy(lm.desc, o.first->descriptor(o.second), 32);
}

}  // namespace nav
