#include "local_mapper.h"

#include "../data/landmark_ops.h"
#include "keyframe_inserter.h"
#include "../util/stage_timer.h"

namespace nav {

void LocalMapper::process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh,
                          double lateral_sigma_m) {
  StageScope timed(Stage::Mapping);
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
  opt.lateral_sigma_m = lateral_sigma_m;
  if (ctx.tp.ba_slice <= 0) {
    local_bundle_adjust(kf, map, ctx.cam, ctx.orb, opt, ++stamp_);
    complete(kf, map, ctx);
    return;
  }
  std::unique_ptr<LocalBa> ba = begin_local_bundle_adjust(kf, ctx.cam, ctx.orb, opt, ++stamp_);
  if (!ba) {
    complete(kf, map, ctx);
    return;
  }
  job_ = std::make_unique<Job>();
  job_->kf = kf;
  job_->map = &map;
  job_->ba = std::move(ba);
}

KeyFrame* LocalMapper::advance(int iterations, TrackerContext& ctx) {
  StageScope timed(Stage::Mapping);
  if (!job_) return nullptr;
  LocalBa& ba = *job_->ba;
  for (int i = 0; i < iterations && !ba.run.done(); ++i) ba.run.step(ba.p, ctx.cam, *ba.sys);
  if (iterations <= 0) ba.run.finish();
  if (!ba.run.done()) return nullptr;
  apply_ba(ba.p, ctx.cam);
  const std::unique_ptr<Job> job = std::move(job_);
  complete(job->kf, *job->map, ctx);
  return job->kf;
}

void LocalMapper::complete(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx) {
  for (const LandmarkPtr& lm : kf->landmarks)
    if (lm && !lm->bad) update_landmark_geometry(*lm, ctx.orb);
  update_covisibility(kf);
  map.purge_bad_landmarks();
}

}  // namespace nav
