// Parameters of the ORB extractor and the per-level tables derived from them.
#pragma once
#include <vector>

namespace nav {

struct OrbParams {
  int num_features = 1000;
  int num_levels = 8;
  double scale_factor = 1.2;
  int fast_ini_threshold = 20;
  int fast_min_threshold = 7;
  int cell_size = 30;  // grid cell (level pixels) in which FAST thresholds are chosen

  std::vector<double> scale;        // scale^level
  std::vector<double> inv_scale;
  std::vector<double> sigma2;       // scale^(2·level): measurement variance per level
  std::vector<double> inv_sigma2;
  std::vector<int> features_per_level;
  double log_scale = 0;

  void derive();
};

}  // namespace nav
