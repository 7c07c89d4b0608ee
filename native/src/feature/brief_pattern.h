// The rotated-BRIEF sampling pattern: 256 point pairs drawn once, deterministically, from an
// isotropic Gaussian around the patch centre (BRIEF's G II layout), plus copies steered to 30
// discrete orientations (12° apart, as in the ORB paper).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nav {

constexpr int kPatchRadius = 15;   // orientation patch and the bound of every rotated sample
constexpr int kAngleBins = 30;

struct BriefPattern {
  // kAngleBins × 256 pairs × (x1, y1, x2, y2)
  std::vector<int8_t> steered;
  void generate();
  const int8_t* bin(int b) const { return steered.data() + static_cast<size_t>(b) * 256 * 4; }
};

}  // namespace nav
