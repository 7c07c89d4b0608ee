#include "fast_detector.h"

#include <algorithm>

namespace nav {

namespace {

// Score = max over the 16 arcs of 9 contiguous pixels of the smallest brightness difference along
// the arc, for the bright and the dark case.
inline int corner_score(const int* d) {
  int best = 0;
  for (int k = 0; k < 16; ++k) {
    int mb = 255, md = 255;
    for (int i = 0; i < 9; ++i) {
      const int v = d[(k + i) & 15];
      mb = std::min(mb, v);
      md = std::min(md, -v);
    }
    best = std::max(best, std::max(mb, md));
  }
  return best;
}

}  // namespace

void detect_fast(const GrayImage& img, int threshold, int x0, int y0, int x1, int y1, std::vector<Corner>& out,
                 std::vector<uint8_t>& score) {
  out.clear();
  const int w = img.width, h = img.height;
  x0 = std::max(x0, 3); y0 = std::max(y0, 3);
  x1 = std::min(x1, w - 3); y1 = std::min(y1, h - 3);
  if (x1 <= x0 || y1 <= y0) return;
  score.assign(static_cast<size_t>(w) * h, 0);
  const int off[16] = {-3 * w, -3 * w + 1, -2 * w + 2, -w + 3, 3, w + 3, 2 * w + 2, 3 * w + 1,
                       3 * w,  3 * w - 1,  2 * w - 2,  w - 3,  -3, -w - 3, -2 * w - 2, -3 * w - 1};
  std::vector<Corner> raw;
  raw.reserve(4096);
  for (int y = y0; y < y1; ++y) {
    const uint8_t* p = img.row(y);
    for (int x = x0; x < x1; ++x) {
      const uint8_t* c = p + x;
      const int v = *c;
      const int hi = v + threshold, lo = v - threshold;
      // Any 9-arc covers two neighbouring compass pixels (0,4,8,12): reject unless such a pair agrees.
      const int a = c[off[0]], b = c[off[4]], e = c[off[8]], f = c[off[12]];
      const int bright = (a > hi) | ((b > hi) << 1) | ((e > hi) << 2) | ((f > hi) << 3);
      const int dark = (a < lo) | ((b < lo) << 1) | ((e < lo) << 2) | ((f < lo) << 3);
      const int rb = bright & ((bright >> 1) | (bright << 3));
      const int rd = dark & ((dark >> 1) | (dark << 3));
      if (!(rb & 15) && !(rd & 15)) continue;
      int d[16];
      for (int i = 0; i < 16; ++i) d[i] = c[off[i]] - v;
      const int s = corner_score(d);
      if (s > threshold) {
        score[static_cast<size_t>(y) * w + x] = static_cast<uint8_t>(std::min(s, 255));
        raw.push_back(Corner{static_cast<int16_t>(x), static_cast<int16_t>(y), static_cast<int16_t>(s)});
      }
    }
  }
  out.reserve(raw.size());
  for (const Corner& c : raw) {
    const uint8_t* s = score.data() + static_cast<size_t>(c.y) * w + c.x;
    const int v = *s;
    // ties are broken towards the earlier pixel in scan order so exactly one of two equals survives
    if (s[-w - 1] > v || s[-w] > v || s[-w + 1] > v || s[-1] > v) continue;
    if (s[1] >= v || s[w - 1] >= v || s[w] >= v || s[w + 1] >= v) continue;
    out.push_back(c);
  }
}

}  // namespace nav
