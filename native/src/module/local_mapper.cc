#include "local_mapper.h"

#include "../data/landmark_ops.h"
#include "keyframe_inserter.h"

namespace nav {

void LocalMapper::process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh) {
  recent_.insert(recent_.end(), fresh.begin(), fresh.end());
  fresh.clear();
  // A new landmark must be found in at least a quarter of the frames that should see it, and be
  // observed by 3 keyframes once two more keyframes have passed; after three it is established.
  std::vector<LandmarkPtr> keep;
  for (const LandmarkPtr& lm : recent_) {
    if (lm->bad) continue;
    const uint64_t age = kf->id - lm->first_kf_id;
    if (lm->found_ratio() < 0.25f || (age >= 2 && lm->num_obs() <= 2)) {
      detach_landmark(*lm);
    } else if (age < 3) {
      keep.push_back(lm);
    }
  }
  recent_.swap(keep);
  LocalBaOptions opt;
  opt.window = ctx.tp.ba_window;
  opt.max_fixed = ctx.tp.ba_max_fixed;
  opt.level = ctx.tp.level_motion;
  local_bundle_adjust(kf, map, ctx.cam, ctx.orb, opt, ++stamp_);
  for (const LandmarkPtr& lm : kf->landmarks)
    if (lm && !lm->bad) update_landmark_geometry(*lm, ctx.orb);
  update_covisibility(kf);
  map.purge_bad_landmarks();
}

}  // namespace nav
