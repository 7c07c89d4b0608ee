// Place recognition for a new keyframe: the place index proposes earlier keyframes that share many
// descriptors with it but no landmarks (not covisible, not recent), and each proposal must pass the
// relocaliser's geometric tests — descriptor matches, a 3-D–3-D RANSAC on keypoints with depth, pose
// optimisation and a projection search of the earlier keyframe's neighbourhood with many inliers.
#pragma once
#include <utility>
#include <vector>

#include "../data/map_database.h"
#include "tracker_context.h"

namespace nav {

struct LoopMatch {
  KeyFrame* match = nullptr;  // the earlier keyframe of the same place
  SE3 Tcw;                    // the new keyframe's pose in the map as the earlier visit left it
  std::vector<std::pair<int, LandmarkPtr>> pairs;  // keypoint of the new keyframe → earlier landmark
  int inliers = 0;
};

// How far each keyframe's search got, summed over the run: what a run that never closes lacks
struct LoopStats {
  int queries = 0;        // keyframes searched
  int candidates = 0;     // earlier keyframes proposed by the place index
  int few_matches = 0;    // proposals with too few descriptor matches
  int no_ransac = 0;      // ... no rigid transform with enough inliers
  int few_inliers = 0;    // ... too few inliers after the projection search
  int verified = 0;       // places verified (a closure still needs the next keyframe to agree)
  int disagreed = 0;      // verified places the next keyframe did not confirm
  int implausible = 0;    // verified places whose correction is more than drift could explain
  int best_inliers = 0;   // most inliers any proposal reached
  int covisible_best = 0; // searches whose best-voted old keyframe was covisible (tracking met the place already)
};

bool detect_loop(KeyFrame* kf, MapDatabase& map, const TrackerContext& ctx, LoopMatch& out, LoopStats& stats);

// detect_loop in two parts, so that a caller can verify one proposal per frame: the earlier keyframes
// the place index proposes for kf, best first (none when the map is too small to search; counts the
// query), then the relocaliser's verification of one of them (counts the candidate)
std::vector<KeyFrame*> loop_candidates(KeyFrame* kf, MapDatabase& map, LoopStats& stats);
bool verify_loop_candidate(KeyFrame* kf, KeyFrame* candidate, const TrackerContext& ctx, LoopMatch& out, LoopStats& stats);

}  // namespace nav
