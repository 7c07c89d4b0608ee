// After keyframes and landmarks of a map moved as a whole (a loop closure, a global bundle
// adjustment): every landmark's derived geometry and every keyframe's covisibility are recomputed,
// and the landmarks flagged bad meanwhile are dropped from the map.
#pragma once
#include "../data/map_database.h"
#include "../feature/orb_params.h"

namespace nav {

void refresh_map(MapDatabase& map, const OrbParams& orb);

}  // namespace nav
