#include "keyframe_inserter.h"

#include <algorithm>

#include "../data/landmark_ops.h"
#include "../util/stage_timer.h"

namespace nav {

bool need_new_keyframe(const Frame& cur, const KeyFrame* ref, uint64_t last_kf_frame, int inliers, const TrackerContext& ctx) {
  StageScope timed(Stage::Keyframe);
  if (!ref) return true;
  const size_t nkf = ctx.atlas.maps.empty() ? 0 : ctx.atlas.maps.back()->keyframes.size();
  const int ref_matches = ref->num_tracked(nkf <= 2 ? 2 : 3);
  int tracked_close = 0, untracked_close = 0;
  for (int i = 0; i < cur.size(); ++i) {
    if (cur.depth[i] <= 0 || cur.depth[i] > ctx.tp.close_depth) continue;
    if (cur.landmarks[i] && !cur.outlier[i]) ++tracked_close;
    else ++untracked_close;
  }
  const bool need_close = tracked_close < 100 && untracked_close > 70;
  const double ratio = nkf < 2 ? 0.4 : 0.75;
  const bool timeout = cur.id >= last_kf_frame + static_cast<uint64_t>(ctx.tp.max_frames_between_kf);
  // mapping runs synchronously, so it is always idle: the match-ratio test alone decides, plus a
  // keyframe at least every max_frames_between_kf frames
  const bool fewer = (inliers < ref_matches * ratio || need_close) && inliers > 15;
  return fewer || (timeout && inliers > 15);
}

void update_covisibility(KeyFrame* kf) {
  KeyFrameWeights count;
  for (const LandmarkPtr& lm : kf->landmarks) {
    if (!lm || lm->bad) continue;
    for (const auto& o : lm->obs)
      if (o.first != kf) count[o.first]++;
  }
  // keep strong links (≥ 15 shared points); keep the strongest one if none is strong
  KeyFrame* best = nullptr;
  int best_w = 0;
  for (const auto& c : count)
    if (c.second > best_w || (c.second == best_w && best && c.first->id < best->id)) { best = c.first; best_w = c.second; }
  for (auto& c : kf->covis) c.first->covis.erase(kf);
  kf->covis.clear();
  for (const auto& c : count) {
    if (c.second < 15 && c.first != best) continue;
    kf->covis[c.first] = c.second;
    c.first->covis[kf] = c.second;
  }
}

KeyFrame* insert_keyframe(Frame& cur, MapDatabase& map, TrackerContext& ctx, std::vector<LandmarkPtr>& fresh) {
  StageScope timed(Stage::Keyframe);
  auto kf = std::make_shared<KeyFrame>();
  kf->id = ctx.atlas.next_kf_id++;
  kf->frame_id = cur.id;
  kf->timestamp = cur.timestamp;
  kf->Tcw = cur.Tcw;
  kf->kps = cur.kps;
  kf->desc = cur.desc;
  kf->depth = cur.depth;
  kf->u_right = cur.u_right;
  kf->grid = cur.grid;
  kf->landmarks.assign(cur.size(), nullptr);
  kf->fixed = map.keyframes.empty();
  KeyFrame* k = kf.get();
  const uint32_t slot = static_cast<uint32_t>(map.keyframes.size());
  map.keyframes.push_back(kf);

  for (int i = 0; i < cur.size(); ++i) {
    const LandmarkPtr& lm = cur.landmarks[i];
    if (!lm || lm->bad || cur.outlier[i]) continue;
    add_observation(lm, k, i);
  }
  // New landmarks from depth: all close points, and the nearest far ones up to 100 in total.
  std::vector<std::pair<float, int>> by_depth;
  for (int i = 0; i < cur.size(); ++i)
    if (cur.depth[i] > 0) by_depth.emplace_back(cur.depth[i], i);
  std::sort(by_depth.begin(), by_depth.end());
  const SE3 Twc = cur.Twc();
  int created_or_tracked = 0;
  for (const auto& d : by_depth) {
    const int i = d.second;
    if (k->landmarks[i]) {
      ++created_or_tracked;
    } else {
      auto lm = std::make_shared<Landmark>();
      lm->id = ctx.atlas.next_lm_id++;
      lm->pos = Twc * ctx.cam.unproject(cur.kps[i].x, cur.kps[i].y, d.first);
      lm->ref_kf = k;
      lm->first_kf_id = k->id;
      add_observation(lm, k, i);
      std::copy(cur.descriptor(i), cur.descriptor(i) + 8, lm->desc);
      update_landmark_geometry(*lm, ctx.orb);
      map.landmarks.push_back(lm);
      fresh.push_back(lm);
      cur.landmarks[i] = lm;
      cur.outlier[i] = 0;
      ++created_or_tracked;
    }
    if (d.first > ctx.tp.close_depth && created_or_tracked > 100) break;
  }
  for (int i = 0; i < cur.size(); ++i) {
    const LandmarkPtr& lm = k->landmarks[i];
    if (!lm || lm->ref_kf == k) continue;
    update_landmark_geometry(*lm, ctx.orb);
    update_landmark_descriptor(*lm);
  }
  update_covisibility(k);
  std::vector<int> indexed;
  for (int i = 0; i < cur.size(); ++i)
    if (k->landmarks[i]) indexed.push_back(i);
  map.index.add(slot, k->desc.data(), indexed);
  return k;
}

}  // namespace nav
