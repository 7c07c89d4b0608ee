#include "orb_params.h"

#include <cmath>

namespace nav {

void OrbParams::derive() {
  scale.assign(num_levels, 1.0);
  for (int l = 1; l < num_levels; ++l) scale[l] = scale[l - 1] * scale_factor;
  inv_scale.resize(num_levels);
  sigma2.resize(num_levels);
  inv_sigma2.resize(num_levels);
  for (int l = 0; l < num_levels; ++l) {
    inv_scale[l] = 1.0 / scale[l];
    sigma2[l] = scale[l] * scale[l];
    inv_sigma2[l] = 1.0 / sigma2[l];
  }
  log_scale = std::log(scale_factor);
  // Geometric series: each level gets its share in proportion to its area's square root (1/scale).
  features_per_level.assign(num_levels, 0);
  const double f = 1.0 / scale_factor;
  double per = num_features * (1.0 - f) / (1.0 - std::pow(f, num_levels));
  int sum = 0;
  for (int l = 0; l < num_levels - 1; ++l) {
    features_per_level[l] = static_cast<int>(std::lround(per));
    sum += features_per_level[l];
    per *= f;
  }
  features_per_level[num_levels - 1] = num_features > sum ? num_features - sum : 0;
}

}  // namespace nav
