// Bundle adjustment over a whole map: every keyframe moves except those flagged fixed (the map's
// first, which holds the gauge), and every landmark moves. After loop closing the pose graph has
// spread each loop's error along the path through relative poses only; this pass lets every
// observation speak again, so keyframes between closures settle where their landmarks put them.
// The reduced camera system of a few hundred keyframes is sparse (a keyframe shares landmarks with a
// few dozen others), so it is stored as 6×6 blocks per covisible pair and factored by sparse
// Cholesky (LDLᵀ with AMD ordering); the dense form of a 600-keyframe map would be 3600².
#pragma once
#include "../camera/pinhole.h"
#include "../data/map_database.h"
#include "../feature/orb_params.h"

namespace nav {

struct GlobalBaOptions {
  int iterations_first = 10;   // robust (Huber) pass
  int iterations_second = 10;  // plain pass after the outliers are dropped
  bool level = false;          // keyframes only turn about the world's y axis (see TrackingParams)
  // A keyframe that observes fewer landmarks than this does not move freely: it keeps its pose
  // relative to the nearest keyframe (in insertion order) that does. Alone in the problem such a
  // keyframe is barely constrained; in house 11's lifelong map one with 2 observations went 3 m astray
  // and a run of them (5 to 33 each) bent by a metre, and each carries a depth image into the floor map.
  int min_observations = 80;
};

struct GlobalBaResult {
  // Huber cost over every observation the pass started with, at the start and at the end
  double cost_before = 0, cost_after = 0;
  int removed = 0;             // observations removed as outliers
  int followers = 0;           // keyframes moved with a neighbour (min_observations)
  int observations = 0;
  int keyframes = 0, landmarks = 0;
};

// Moves the map's keyframes and landmarks (a landmark no adjusted keyframe observes moves with its
// reference keyframe); the caller brings derived data (landmark geometry,
// covisibility) up to date afterwards.
GlobalBaResult global_bundle_adjust(MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb, const GlobalBaOptions& opt);

}  // namespace nav
