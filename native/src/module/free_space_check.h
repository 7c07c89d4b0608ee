// A relocalised pose in a map loaded from a file must not look through the map. Landmarks of the
// matched place that the pose puts in view, facing the camera, are compared with the frame's depth
// image: a landmark is "seen through" when every pixel around its projection is farther than the
// landmark itself, i.e. the camera sees free space where the map has a surface. At the right place
// only edge cases do that; at a look-alike place (the same furniture in another room, the same
// carpet), the rest of the room is elsewhere and many landmarks are seen through. Nearer depth
// (something in front of the landmark) is no evidence either way: occlusion is allowed.
#pragma once
#include "../data/frame.h"
#include "../data/keyframe.h"
#include "tracker_context.h"

namespace nav {

// the frame's dense depth, as handed to the tracker (row-major, `scale` metres per unit)
struct DepthImage {
  const float* data = nullptr;
  int width = 0, height = 0;
  double scale = 1.0;
};

struct FreeSpaceCheck {
  int tested = 0;        // landmarks in view, facing the camera, with depth around their projection
  int seen_through = 0;  // ... of which the frame sees past
  double ratio() const { return tested > 0 ? static_cast<double>(seen_through) / tested : 0.0; }
};

// checks cur.Tcw against the landmarks of kf and its best covisible keyframes
FreeSpaceCheck check_free_space(const Frame& cur, const KeyFrame& kf, const DepthImage& depth, const TrackerContext& ctx);

}  // namespace nav
