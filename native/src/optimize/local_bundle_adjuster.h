// Windowed bundle adjustment around a new keyframe: the keyframe and its strongest covisible
// neighbours move, keyframes that only see the same landmarks hold the gauge, and the landmarks seen
// by the window move. Levenberg-Marquardt on the reduced camera system (Schur complement of the
// points); observations that stay outliers after the first pass are removed from the map.
#pragma once
#include <memory>
#include <vector>

#include "../camera/pinhole.h"
#include "../data/keyframe.h"
#include "../data/map_database.h"
#include "../feature/orb_params.h"
#include "ba_problem.h"

namespace nav {

struct LocalBaOptions {
  int window = 10;          // moving keyframes, the new one included
  int max_fixed = 20;       // gauge keyframes outside the window
  int iterations_first = 5;
  int iterations_second = 5;
  bool level = false;       // keyframes only turn about the world's y axis (see TrackingParams)
  // > 0: the new keyframe's camera centre pays for moving sideways in its own axes from where it
  // stood when the adjustment began, with this standard deviation (frames only, on a wheeled base:
  // during a turn in place before a blank wall the window otherwise slid it 0.1–0.2 m)
  double lateral_sigma_m = 0.0;
};

// A windowed bundle adjustment begun and not yet applied, so that its iterations can be spread over
// frames: the problem as it stood when begun, the solver's state, and the landmarks it keeps alive.
struct LocalBa {
  LocalBa(int iterations_first, int iterations_second, bool level) : run(iterations_first, iterations_second, level) {}
  BaProblem p;
  BaRun run;
  std::unique_ptr<ReducedSystem> sys;
  std::vector<LandmarkPtr> held;
};

// The window around kf with its poses and points as they stand; null when nothing moves.
std::unique_ptr<LocalBa> begin_local_bundle_adjust(KeyFrame* kf, const PinholeCamera& cam, const OrbParams& orb,
                                                   const LocalBaOptions& opt, uint64_t stamp);

// Returns the number of observations removed as outliers.
int local_bundle_adjust(KeyFrame* kf, MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb,
                        const LocalBaOptions& opt, uint64_t stamp);

}  // namespace nav
