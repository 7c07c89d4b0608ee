// What every pipeline step may read: the camera, the ORB tables, the tunables and the atlas.
#pragma once
#include "../camera/pinhole.h"
#include "../data/map_database.h"
#include "../feature/orb_params.h"
#include "tracking_params.h"

namespace nav {

struct TrackerContext {
  PinholeCamera cam;
  OrbParams orb;  // derived tables filled
  TrackingParams tp;
  Atlas atlas;
};

}  // namespace nav
