#include "brief_pattern.h"

#include <cmath>
#include <set>

namespace nav {

namespace {

// splitmix64: tiny, well-mixed and identical on every platform, so the pattern never changes.
struct SplitMix {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  double gauss() {
    const double u1 = std::max(uniform(), 1e-12), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
  }
};

}  // namespace

void BriefPattern::generate() {
  // sigma = S/5 for a patch of side S = 31 (BRIEF); samples kept within radius 13 so that every
  // steered copy, after rounding, stays inside the radius-15 patch.
  const double sigma = 31.0 / 5.0, rmax = 13.0;
  SplitMix rng{0x4E617648726E7373ULL};
  std::vector<double> base;
  std::set<int> seen;
  while (base.size() < 256 * 4) {
    double p[4];
    bool ok = true;
    for (int k = 0; k < 2 && ok; ++k) {
      p[2 * k] = rng.gauss() * sigma;
      p[2 * k + 1] = rng.gauss() * sigma;
      ok = std::hypot(p[2 * k], p[2 * k + 1]) <= rmax;
    }
    if (!ok) continue;
    const int q[4] = {static_cast<int>(std::lround(p[0])), static_cast<int>(std::lround(p[1])),
                      static_cast<int>(std::lround(p[2])), static_cast<int>(std::lround(p[3]))};
    if (q[0] == q[2] && q[1] == q[3]) continue;
    const int key = (((q[0] + 16) * 32 + (q[1] + 16)) * 32 + (q[2] + 16)) * 32 + (q[3] + 16);
    if (!seen.insert(key).second) continue;
    for (int k = 0; k < 4; ++k) base.push_back(p[k]);
  }
  steered.resize(static_cast<size_t>(kAngleBins) * 256 * 4);
  for (int b = 0; b < kAngleBins; ++b) {
    const double a = b * 2.0 * M_PI / kAngleBins, c = std::cos(a), s = std::sin(a);
    int8_t* o = steered.data() + static_cast<size_t>(b) * 256 * 4;
    for (int i = 0; i < 256; ++i) {
      for (int k = 0; k < 2; ++k) {
        const double x = base[i * 4 + 2 * k], y = base[i * 4 + 2 * k + 1];
        o[i * 4 + 2 * k] = static_cast<int8_t>(std::lround(c * x - s * y));
        o[i * 4 + 2 * k + 1] = static_cast<int8_t>(std::lround(s * x + c * y));
      }
    }
  }
}

}  // namespace nav
