// Spreads corners over the image: the region is split into quadrants until there are about as many
// non-empty cells as wanted features, then each cell keeps its strongest corner.
#pragma once
#include <vector>

#include "fast_detector.h"

namespace nav {

void distribute_quadtree(const std::vector<Corner>& in, int x0, int y0, int x1, int y1, int target,
                         std::vector<Corner>& out);

}  // namespace nav
