#include "map_refresh.h"

#include "../data/landmark_ops.h"
#include "keyframe_inserter.h"

namespace nav {

void refresh_map(MapDatabase& map, const OrbParams& orb) {
  for (const LandmarkPtr& lm : map.landmarks)
    if (!lm->bad) update_landmark_geometry(*lm, orb);
  for (const KeyFramePtr& k : map.keyframes) update_covisibility(k.get());
  map.purge_bad_landmarks();
}

}  // namespace nav
