#include "quadtree.h"

#include <algorithm>
#include <cmath>

namespace nav {

namespace {

struct Node {
  float x0, y0, x1, y1;
  std::vector<int> idx;
  bool splittable() const { return idx.size() > 1 && (x1 - x0) > 1.0f && (y1 - y0) > 1.0f; }
};

void split(const Node& n, const std::vector<Corner>& pts, std::vector<Node>& out) {
  const float mx = 0.5f * (n.x0 + n.x1), my = 0.5f * (n.y0 + n.y1);
  Node c[4] = {{n.x0, n.y0, mx, my, {}}, {mx, n.y0, n.x1, my, {}}, {n.x0, my, mx, n.y1, {}}, {mx, my, n.x1, n.y1, {}}};
  for (int i : n.idx) {
    const Corner& p = pts[i];
    const int q = (p.x >= mx ? 1 : 0) + (p.y >= my ? 2 : 0);
    c[q].idx.push_back(i);
  }
  for (auto& k : c)
    if (!k.idx.empty()) out.push_back(std::move(k));
}

}  // namespace

void distribute_quadtree(const std::vector<Corner>& in, int x0, int y0, int x1, int y1, int target,
                         std::vector<Corner>& out) {
  out.clear();
  if (in.empty() || target <= 0) return;
  if (static_cast<int>(in.size()) <= target) {
    out = in;
    return;
  }
  // Roots: square-ish cells side by side so splits stay close to square.
  const float w = static_cast<float>(x1 - x0), h = static_cast<float>(y1 - y0);
  const int roots = std::max(1, static_cast<int>(std::lround(w / h)));
  const float rw = w / roots;
  std::vector<Node> nodes;
  for (int r = 0; r < roots; ++r) nodes.push_back(Node{x0 + r * rw, static_cast<float>(y0), x0 + (r + 1) * rw, static_cast<float>(y1), {}});
  for (int i = 0; i < static_cast<int>(in.size()); ++i) {
    const int r = std::min(roots - 1, static_cast<int>((in[i].x - x0) / rw));
    nodes[r].idx.push_back(i);
  }
  nodes.erase(std::remove_if(nodes.begin(), nodes.end(), [](const Node& n) { return n.idx.empty(); }), nodes.end());

  while (static_cast<int>(nodes.size()) < target) {
    int expandable = 0;
    for (const Node& n : nodes) expandable += n.splittable() ? 1 : 0;
    if (expandable == 0) break;
    if (static_cast<int>(nodes.size()) + 3 * expandable <= target) {
      std::vector<Node> next;
      next.reserve(nodes.size() * 2);
      for (Node& n : nodes) {
        if (n.splittable()) split(n, in, next);
        else next.push_back(std::move(n));
      }
      nodes.swap(next);
      continue;
    }
    // Close to the target: split the most crowded cells first, one at a time.
    std::stable_sort(nodes.begin(), nodes.end(), [](const Node& a, const Node& b) { return a.idx.size() > b.idx.size(); });
    std::vector<Node> next;
    size_t i = 0;
    int count = static_cast<int>(nodes.size());
    for (; i < nodes.size() && count < target; ++i) {
      if (!nodes[i].splittable()) { next.push_back(std::move(nodes[i])); continue; }
      const size_t before = next.size();
      split(nodes[i], in, next);
      count += static_cast<int>(next.size() - before) - 1;
    }
    for (; i < nodes.size(); ++i) next.push_back(std::move(nodes[i]));
    nodes.swap(next);
    break;
  }
  out.reserve(nodes.size());
  for (const Node& n : nodes) {
    int best = n.idx[0];
    for (int i : n.idx)
      if (in[i].score > in[best].score) best = i;
    out.push_back(in[best]);
  }
  if (static_cast<int>(out.size()) > target) {
    std::stable_sort(out.begin(), out.end(), [](const Corner& a, const Corner& b) { return a.score > b.score; });
    out.resize(target);
  }
}

}  // namespace nav
