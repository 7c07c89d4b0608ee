#include "initializer.h"

#include "keyframe_inserter.h"
#include "../util/stage_timer.h"

namespace nav {

KeyFrame* initialize_map(Frame& cur, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh) {
  StageScope timed(Stage::Keyframe);
  if (cur.num_with_depth() < ctx.tp.min_init_points) return nullptr;
  MapDatabase* map = ctx.atlas.open_map();
  cur.Tcw = SE3();
  std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
  std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
  KeyFrame* kf = insert_keyframe(cur, *map, ctx, fresh);
  // the initial landmarks are trusted: they are not subject to the culling of new points
  fresh.clear();
  cur.ref_kf = kf;
  return kf;
}

}  // namespace nav
