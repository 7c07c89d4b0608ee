#include "quadtree.h"

#include <algorithm>
#include <cmath>

namespace nav {

namespace {

// A cell owns the range [begin, end) of an index buffer; splitting writes the four children's ranges
// into the other buffer in quadrant order, each in input order, so no cell allocates.
struct Node {
  float x0, y0, x1, y1;
  int begin, end;
  int size() const { return end - begin; }
  bool splittable() const { return size() > 1 && (x1 - x0) > 1.0f && (y1 - y0) > 1.0f; }
};

struct Buffers {
  std::vector<int> idx, spare;
  std::vector<Node> nodes, next;
};

// the children (non-empty only) of n, their indices copied from `from` into `to` from `at` on
void split(const Node& n, const std::vector<Corner>& pts, const int* from, int* to, int& at, std::vector<Node>& out) {
  const float mx = 0.5f * (n.x0 + n.x1), my = 0.5f * (n.y0 + n.y1);
  int count[4] = {0, 0, 0, 0};
  auto quadrant = [&](int i) { return (pts[i].x >= mx ? 1 : 0) + (pts[i].y >= my ? 2 : 0); };
  for (int k = n.begin; k < n.end; ++k) ++count[quadrant(from[k])];
  int start[4];
  for (int q = 0, s = at; q < 4; ++q) { start[q] = s; s += count[q]; }
  int fill[4] = {start[0], start[1], start[2], start[3]};
  for (int k = n.begin; k < n.end; ++k) to[fill[quadrant(from[k])]++] = from[k];
  const Node c[4] = {{n.x0, n.y0, mx, my, 0, 0}, {mx, n.y0, n.x1, my, 0, 0}, {n.x0, my, mx, n.y1, 0, 0}, {mx, my, n.x1, n.y1, 0, 0}};
  for (int q = 0; q < 4; ++q) {
    if (!count[q]) continue;
    Node k = c[q];
    k.begin = start[q];
    k.end = start[q] + count[q];
    out.push_back(k);
  }
  at += n.size();
}

// a cell kept whole: its indices move to the other buffer unchanged
void keep(const Node& n, const int* from, int* to, int& at, std::vector<Node>& out) {
  Node k = n;
  k.begin = at;
  k.end = at + n.size();
  std::copy(from + n.begin, from + n.end, to + at);
  at = k.end;
  out.push_back(k);
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
  // the module runs one call at a time: the buffers are kept from call to call
  static Buffers b;
  const int n = static_cast<int>(in.size());
  b.idx.resize(n);
  b.spare.resize(n);
  b.nodes.clear();
  // Roots: square-ish cells side by side so splits stay close to square.
  const float w = static_cast<float>(x1 - x0), h = static_cast<float>(y1 - y0);
  const int roots = std::max(1, static_cast<int>(std::lround(w / h)));
  const float rw = w / roots;
  {
    std::vector<int>& root_of = b.spare;  // scratch before the first split
    std::vector<int> count(roots, 0);
    for (int i = 0; i < n; ++i) {
      root_of[i] = std::min(roots - 1, static_cast<int>((in[i].x - x0) / rw));
      ++count[root_of[i]];
    }
    std::vector<int> fill(roots, 0);
    for (int r = 0, s = 0; r < roots; ++r) { fill[r] = s; s += count[r]; }
    for (int r = 0; r < roots; ++r)
      if (count[r]) b.nodes.push_back(Node{x0 + r * rw, static_cast<float>(y0), x0 + (r + 1) * rw, static_cast<float>(y1), fill[r], fill[r] + count[r]});
    for (int i = 0; i < n; ++i) b.idx[fill[root_of[i]]++] = i;
  }

  while (static_cast<int>(b.nodes.size()) < target) {
    int expandable = 0;
    for (const Node& k : b.nodes) expandable += k.splittable() ? 1 : 0;
    if (expandable == 0) break;
    b.next.clear();
    int at = 0;
    if (static_cast<int>(b.nodes.size()) + 3 * expandable <= target) {
      for (const Node& k : b.nodes) {
        if (k.splittable()) split(k, in, b.idx.data(), b.spare.data(), at, b.next);
        else keep(k, b.idx.data(), b.spare.data(), at, b.next);
      }
      b.nodes.swap(b.next);
      b.idx.swap(b.spare);
      continue;
    }
    // Close to the target: split the most crowded cells first, one at a time.
    std::stable_sort(b.nodes.begin(), b.nodes.end(), [](const Node& a, const Node& c) { return a.size() > c.size(); });
    size_t i = 0;
    int count = static_cast<int>(b.nodes.size());
    for (; i < b.nodes.size() && count < target; ++i) {
      if (!b.nodes[i].splittable()) { keep(b.nodes[i], b.idx.data(), b.spare.data(), at, b.next); continue; }
      const size_t before = b.next.size();
      split(b.nodes[i], in, b.idx.data(), b.spare.data(), at, b.next);
      count += static_cast<int>(b.next.size() - before) - 1;
    }
    for (; i < b.nodes.size(); ++i) keep(b.nodes[i], b.idx.data(), b.spare.data(), at, b.next);
    b.nodes.swap(b.next);
    b.idx.swap(b.spare);
    break;
  }
  out.reserve(b.nodes.size());
  for (const Node& k : b.nodes) {
    int best = b.idx[k.begin];
    for (int j = k.begin; j < k.end; ++j)
      if (in[b.idx[j]].score > in[best].score) best = b.idx[j];
    out.push_back(in[best]);
  }
  if (static_cast<int>(out.size()) > target) {
    std::stable_sort(out.begin(), out.end(), [](const Corner& a, const Corner& c) { return a.score > c.score; });
    out.resize(target);
  }
}

}  // namespace nav
