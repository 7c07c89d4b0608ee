#include "keyframe.h"

#include <algorithm>

namespace nav {

std::vector<KeyFrame*> KeyFrame::best_covisible(int n) const {
  std::vector<std::pair<int, KeyFrame*>> v;
  v.reserve(covis.size());
  for (const auto& c : covis) v.emplace_back(c.second, c.first);
  // weight, then id: deterministic regardless of pointer values
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second->id < b.second->id;
  });
  std::vector<KeyFrame*> out;
  for (int i = 0; i < static_cast<int>(v.size()) && i < n; ++i) out.push_back(v[i].second);
  return out;
}

}  // namespace nav
