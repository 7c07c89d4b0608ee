#include "local_map_tracker.h"

#include <algorithm>
#include <map>

#include "../match/projection_matcher.h"
#include "../optimize/pose_optimizer.h"
#include "../util/stage_timer.h"

namespace nav {

int track_local_map(Frame& cur, float radius_th, const TrackerContext& ctx, const PosePrior* prior) {
  StageScope timed(Stage::LocalMap);
  // local keyframes: every keyframe observing a landmark of the frame, voted by shared landmarks
  KeyFrameWeights votes;
  for (int i = 0; i < cur.size(); ++i) {
    const LandmarkPtr& lm = cur.landmarks[i];
    if (!lm || lm->bad) continue;
    for (const auto& o : lm->obs) votes[o.first]++;
  }
  if (votes.empty()) return 0;
  std::vector<std::pair<int, KeyFrame*>> ranked;
  for (const auto& v : votes) ranked.emplace_back(v.second, v.first);
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second->id < b.second->id;
  });
  cur.ref_kf = ranked.front().second;
  std::vector<KeyFrame*> local;
  for (const auto& r : ranked) {
    if (static_cast<int>(local.size()) >= ctx.tp.max_local_keyframes) break;
    r.second->local_for_frame = cur.id;
    local.push_back(r.second);
  }
  // neighbours of the first ones widen the map towards where the camera is heading
  const size_t direct = local.size();
  for (size_t i = 0; i < direct && static_cast<int>(local.size()) < ctx.tp.max_local_keyframes; ++i) {
    for (KeyFrame* n : local[i]->best_covisible(10)) {
      if (n->local_for_frame == cur.id) continue;
      n->local_for_frame = cur.id;
      local.push_back(n);
      break;
    }
  }
  // Keyframes that stood near the current pose looking the same way, however long ago: when the body
  // comes back to a place, their landmarks tie the frame to the map made on the first visit instead
  // of the drifted one made since (covisibility alone only ever reaches the recent keyframes).
  if (ctx.tp.proximity_keyframes > 0 && !ctx.atlas.maps.empty()) {
    const Vec3 c = cur.camera_center();
    const Vec3 fwd = cur.Tcw.R.row(2).transpose();
    std::vector<std::pair<double, KeyFrame*>> near;
    for (const KeyFramePtr& k : ctx.atlas.maps.back()->keyframes) {
      if (k->local_for_frame == cur.id) continue;
      const double d = (k->camera_center() - c).norm();
      if (d > ctx.tp.proximity_radius) continue;
      const double cosang = fwd.dot(k->Tcw.R.row(2).transpose());
      if (cosang < 0.7) continue;
      near.emplace_back(d + (1.0 - cosang) * 4.0, k.get());
    }
    std::sort(near.begin(), near.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second->id < b.second->id;
    });
    for (size_t i = 0; i < near.size() && static_cast<int>(i) < ctx.tp.proximity_keyframes; ++i) {
      near[i].second->local_for_frame = cur.id;
      local.push_back(near[i].second);
    }
  }
  // local landmarks not already matched
  for (int i = 0; i < cur.size(); ++i)
    if (cur.landmarks[i]) cur.landmarks[i]->last_seen_frame = cur.id;
  std::vector<LandmarkPtr> cand;
  for (KeyFrame* k : local) {
    for (const LandmarkPtr& lm : k->landmarks) {
      if (!lm || lm->bad || lm->local_map_frame == cur.id || lm->last_seen_frame == cur.id) continue;
      lm->local_map_frame = cur.id;
      if (landmark_in_frustum(*lm, cur, ctx.cam, ctx.orb)) {
        lm->n_visible++;
        cand.push_back(lm);
      }
    }
  }
  for (int i = 0; i < cur.size(); ++i)
    if (cur.landmarks[i]) cur.landmarks[i]->n_visible++;
  match_landmarks(cur, cand, radius_th, 100, ctx.cam, ctx.orb);
  const SE3 before = cur.Tcw;
  const int inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion, prior);
  if (inl == 0) {
    cur.Tcw = before;
    return 0;
  }
  int found = 0;
  for (int i = 0; i < cur.size(); ++i) {
    if (!cur.landmarks[i]) continue;
    if (cur.outlier[i]) {
      cur.landmarks[i].reset();
      cur.outlier[i] = 0;
      continue;
    }
    cur.landmarks[i]->n_found++;
    ++found;
  }
  return found;
}

}  // namespace nav
