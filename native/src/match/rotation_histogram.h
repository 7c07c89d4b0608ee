// Consistency of orientation changes among matches: with a rigid scene all keypoints of a view rotate
// by about the same angle, so matches outside the three most populated angle bins are dropped.
#pragma once
#include <cmath>
#include <vector>

namespace nav {

class RotationHistogram {
 public:
  static constexpr int kBins = 30;
  void add(float angle_a, float angle_b, int match) {
    float d = angle_a - angle_b;
    const float two_pi = static_cast<float>(2.0 * M_PI);
    while (d < 0) d += two_pi;
    while (d >= two_pi) d -= two_pi;
    int b = static_cast<int>(d / two_pi * kBins);
    if (b >= kBins) b = kBins - 1;
    bins_[b].push_back(match);
  }
  // matches (as passed to add) that fall outside the dominant bins
  std::vector<int> rejected() const {
    int m1 = -1, m2 = -1, m3 = -1;
    for (int i = 0; i < kBins; ++i) {
      const size_t n = bins_[i].size();
      if (m1 < 0 || n > bins_[m1].size()) { m3 = m2; m2 = m1; m1 = i; }
      else if (m2 < 0 || n > bins_[m2].size()) { m3 = m2; m2 = i; }
      else if (m3 < 0 || n > bins_[m3].size()) { m3 = i; }
    }
    const size_t top = m1 >= 0 ? bins_[m1].size() : 0;
    // a secondary bin counts only when it holds a real share of the matches
    if (m2 >= 0 && bins_[m2].size() < 0.1 * top) m2 = -1;
    if (m3 >= 0 && bins_[m3].size() < 0.1 * top) m3 = -1;
    std::vector<int> out;
    for (int i = 0; i < kBins; ++i) {
      if (i == m1 || i == m2 || i == m3) continue;
      out.insert(out.end(), bins_[i].begin(), bins_[i].end());
    }
    return out;
  }

 private:
  std::vector<int> bins_[kBins];
};

}  // namespace nav
