#include "relocalizer.h"

#include <algorithm>

#include "../match/descriptor_matcher.h"
#include "../match/projection_matcher.h"
#include "../optimize/pose_optimizer.h"
#include "../solve/rigid_ransac.h"

namespace nav {

namespace {

constexpr int kMaxCandidates = 5;

}  // namespace

int keep_inliers(Frame& cur) {
  int n = 0;
  for (int i = 0; i < cur.size(); ++i) {
    if (!cur.landmarks[i]) continue;
    if (cur.outlier[i]) { cur.landmarks[i].reset(); cur.outlier[i] = 0; }
    else ++n;
  }
  return n;
}

int search_neighbourhood(Frame& cur, KeyFrame* kf, float th, const TrackerContext& ctx) {
  for (int i = 0; i < cur.size(); ++i)
    if (cur.landmarks[i]) cur.landmarks[i]->last_seen_frame = cur.id;
  std::vector<KeyFrame*> kfs = kf->best_covisible(10);
  kfs.insert(kfs.begin(), kf);
  std::vector<LandmarkPtr> cand;
  const uint64_t mark = cur.id ^ (1ull << 63);  // distinct from the local-map tracker's mark
  for (KeyFrame* k : kfs) {
    for (const LandmarkPtr& lm : k->landmarks) {
      if (!lm || lm->bad || lm->last_seen_frame == cur.id || lm->local_map_frame == mark) continue;
      lm->local_map_frame = mark;
      if (landmark_in_frustum(*lm, cur, ctx.cam, ctx.orb)) cand.push_back(lm);
    }
  }
  return match_landmarks(cur, cand, th, 100, ctx.cam, ctx.orb);
}

int relocalize(Frame& cur, MapDatabase& map, const TrackerContext& ctx) {
  if (map.keyframes.empty() || cur.size() < 20) return 0;
  std::vector<int> votes;
  map.index.vote(cur.desc.data(), cur.size(), static_cast<uint32_t>(map.keyframes.size()), votes);
  std::vector<std::pair<int, int>> ranked;
  for (size_t s = 0; s < votes.size(); ++s)
    if (votes[s] > 0) ranked.emplace_back(votes[s], static_cast<int>(s));
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
  if (ranked.empty()) return 0;
  const int top = ranked.front().first;
  std::vector<LandmarkPtr> matches;
  for (int c = 0; c < static_cast<int>(ranked.size()) && c < kMaxCandidates; ++c) {
    if (ranked[c].first < top / 2) break;
    KeyFrame* kf = map.keyframes[ranked[c].second].get();
    if (match_keyframe_exhaustive(cur, *kf, matches) < 15) continue;
    std::vector<Vec3> pw, pc;
    std::vector<int> kp;
    for (int j = 0; j < cur.size(); ++j) {
      if (!matches[j] || cur.depth[j] <= 0) continue;
      pw.push_back(matches[j]->pos);
      pc.push_back(ctx.cam.unproject(cur.kps[j].x, cur.kps[j].y, cur.depth[j]));
      kp.push_back(j);
    }
    RansacResult rr;
    if (!ransac_rigid(pw, pc, 200, 0.03, 0.01, 12, rr)) continue;
    std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
    std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
    for (size_t q = 0; q < kp.size(); ++q)
      if (rr.inlier[q]) cur.landmarks[kp[q]] = matches[kp[q]];
    cur.Tcw = rr.Tcw;
    int inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion);
    if (inl < 10) continue;
    keep_inliers(cur);
    // widen with the neighbourhood, once coarse and once fine
    search_neighbourhood(cur, kf, 10.0f / 4.0f, ctx);
    inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion);
    keep_inliers(cur);
    if (inl < ctx.tp.min_inliers_after_reloc) {
      search_neighbourhood(cur, kf, 3.0f / 2.5f, ctx);
      inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion);
      keep_inliers(cur);
    }
    if (inl >= ctx.tp.min_inliers_after_reloc) {
      cur.ref_kf = kf;
      return inl;
    }
  }
  std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
  std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
  return 0;
}

}  // namespace nav
