// FAST-9 (16-pixel Bresenham circle of radius 3) corners with a score equal to the largest threshold
// at which the pixel is still a corner, so that one detection pass at the minimum threshold serves
// every higher threshold: "corner at t" is simply "score > t".
#pragma once
#include <cstdint>
#include <vector>

#include "image_pyramid.h"

namespace nav {

struct Corner {
  int16_t x, y;
  int16_t score;
};

// Corners of `img` inside [x0,x1)×[y0,y1) with score > threshold, after 3×3 non-maximum suppression,
// appended to `out`. `score` is a w×h map the caller zeroes once per image; detections are written
// into it so that calls on neighbouring regions suppress each other consistently.
void detect_fast(const GrayImage& img, int threshold, int x0, int y0, int x1, int y1, std::vector<Corner>& out,
                 std::vector<uint8_t>& score);

}  // namespace nav
