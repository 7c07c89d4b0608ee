// Scale-space pyramid of 8-bit images: each level is the previous one shrunk by the scale factor
// (bilinear), and a Gaussian-blurred copy for descriptor sampling.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nav {

struct GrayImage {
  int width = 0, height = 0;
  std::vector<uint8_t> px;
  void resize(int w, int h) { width = w; height = h; px.resize(static_cast<size_t>(w) * h); }
  const uint8_t* row(int y) const { return px.data() + static_cast<size_t>(y) * width; }
  uint8_t at(int x, int y) const { return px[static_cast<size_t>(y) * width + x]; }
};

struct ImagePyramid {
  std::vector<GrayImage> levels;
  std::vector<GrayImage> blurred;

  // Builds all levels from `base` (copied into level 0).
  void build(const uint8_t* base, int width, int height, const std::vector<double>& inv_scale);
};

void resize_bilinear(const GrayImage& src, GrayImage& dst);
// Separable 7-tap Gaussian, sigma 2, replicated border.
void gaussian_blur7(const GrayImage& src, GrayImage& dst, std::vector<uint16_t>& scratch);

}  // namespace nav
