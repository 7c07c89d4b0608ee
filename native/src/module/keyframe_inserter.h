// Keyframe policy and insertion: when the current frame should become a keyframe, and turning it into
// one (observations of its matched landmarks, new landmarks from depth, covisibility, place index).
#pragma once
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "tracker_context.h"

namespace nav {

bool need_new_keyframe(const Frame& cur, const KeyFrame* ref, uint64_t last_kf_frame, int matches_inliers,
                       const TrackerContext& ctx);

// Adds the frame to `map` as a keyframe; the frame's landmark slots are updated to include the new
// landmarks. `fresh` collects the landmarks created (for culling later).
KeyFrame* insert_keyframe(Frame& cur, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh);

// Recomputes the covisibility weights of kf with every keyframe sharing landmarks with it.
void update_covisibility(KeyFrame* kf);

}  // namespace nav
