// Windowed bundle adjustment around a new keyframe: the keyframe and its strongest covisible
// neighbours move, keyframes that only see the same landmarks hold the gauge, and the landmarks seen
// by the window move. Levenberg-Marquardt on the reduced camera system (Schur complement of the
// points); observations that stay outliers after the first pass are removed from the map.
#pragma once
#include "../camera/pinhole.h"
#include "../data/keyframe.h"
#include "../data/map_database.h"
#include "../feature/orb_params.h"

namespace nav {

struct LocalBaOptions {
  int window = 10;          // moving keyframes, the new one included
  int max_fixed = 20;       // gauge keyframes outside the window
  int iterations_first = 5;
  int iterations_second = 5;
  bool level = false;       // keyframes only turn about the world's y axis (see TrackingParams)
};

// Returns the number of observations removed as outliers.
int local_bundle_adjust(KeyFrame* kf, MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb,
                        const LocalBaOptions& opt, uint64_t stamp);

}  // namespace nav
