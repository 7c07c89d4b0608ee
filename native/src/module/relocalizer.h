// Relocalisation in one map: candidate keyframes from the place index, descriptor matching against
// each, a rigid 3-D–3-D RANSAC on keypoints with depth, pose optimisation, then a projection search
// of the candidate's neighbourhood to confirm with many inliers.
#pragma once
#include "../data/frame.h"
#include "../data/map_database.h"
#include "free_space_check.h"
#include "tracker_context.h"

namespace nav {

// How far each relocalisation attempt got, summed since the last reset: where a turn that never
// relocalises loses its frames
struct RelocStats {
  int queries = 0;           // frames searched for a place
  int candidates = 0;        // keyframes proposed by the place index and tried
  int few_matches = 0;       // proposals with too few descriptor matches
  int no_ransac = 0;         // ... no rigid transform with enough inliers
  int few_pose_inliers = 0;  // ... too few inliers after the first pose optimisation
  int few_inliers = 0;       // ... too few inliers after the projection search
  int seen_through = 0;      // ... verified, but looking through the map's surfaces (free_space_check.h)
  int verified = 0;          // proposals that passed every test
  int ambiguous = 0;         // frames in a loaded map whose verified proposals disagree (a look-alike place)
  int found = 0;             // frames with a verified pose
  int unconfirmed = 0;       // found in a loaded map, but the next frame did not agree (or not yet)
  int last_seen_through = 0; // per mille of the landmarks tested that the last checked pose looked through
};

// On success cur.Tcw, cur.landmarks and cur.ref_kf are set and the inlier count is returned; else 0
// and the frame's matches are cleared. With `depth`, a verified pose must also pass the free-space
// check against the frame's depth image (a candidate that fails it is passed over for the next).
int relocalize(Frame& cur, MapDatabase& map, const TrackerContext& ctx, RelocStats& stats,
               const DepthImage* depth = nullptr);

// keyframes to try for `cur` in a loaded map, most promising first: the place index's bag-of-words
// scores summed over covisibility groups, each group represented by its best keyframe (at most `max`)
std::vector<KeyFrame*> relocalisation_candidates(const Frame& cur, MapDatabase& map, int max);
// keyframes to try when lost in the map being made: the 5 with the most raw votes (at least half the best)
std::vector<KeyFrame*> recent_map_candidates(const Frame& cur, MapDatabase& map);

// Shared with loop detection, which verifies a place the same way:
// drops the matches optimize_pose classified as outliers; returns the matches left
int keep_inliers(Frame& cur);
// projection search of the landmarks of kf and its 10 best covisible keyframes not matched yet
// (`pass` tells apart several searches for one frame)
int search_neighbourhood(Frame& cur, KeyFrame* kf, float th, const TrackerContext& ctx, uint64_t pass = 0);

}  // namespace nav
