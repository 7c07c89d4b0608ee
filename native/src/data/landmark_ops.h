// Edits that keep keyframes and landmarks consistent with each other, and the derived quantities of
// a landmark (viewing direction, distance range, representative descriptor).
#pragma once
#include "../feature/orb_params.h"
#include "keyframe.h"
#include "landmark.h"

namespace nav {

void add_observation(const LandmarkPtr& lm, KeyFrame* kf, int kp);
void remove_observation(Landmark& lm, const KeyFrame* kf);
// flags the landmark bad and clears it from every keyframe that observes it
void detach_landmark(Landmark& lm);
// mean viewing direction and the distances over which the descriptor is expected to match
void update_landmark_geometry(Landmark& lm, const OrbParams& orb);
// the observed descriptor with the least median distance to the others
void update_landmark_descriptor(Landmark& lm);

}  // namespace nav
