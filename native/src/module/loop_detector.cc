#include "loop_detector.h"

#include <algorithm>
#include <climits>
#include <unordered_map>

#include "../optimize/pose_optimizer.h"
#include "keyframe_fit.h"
#include "relocalizer.h"

namespace nav {

namespace {

constexpr int kMinKeyframes = 20;     // a map this small has no loop worth the search
constexpr uint64_t kRecent = 30;      // keyframes this recent are the current visit, not a return
constexpr int kMaxCandidates = 3;
constexpr int kMinMatches = 20;
constexpr int kMinLoopInliers = 60;   // stricter than relocalisation's 50: a closure bends the map

// the keyframe as a frame, so that the relocaliser's matching and optimisation apply to it; its id
// is outside the frame counter's range so that per-frame scratch marks of tracking are not confused
Frame frame_of(const KeyFrame& kf) {
  Frame f;
  f.id = (1ull << 62) + kf.id;
  f.kps = kf.kps;
  f.desc = kf.desc;
  f.depth = kf.depth;
  f.u_right = kf.u_right;
  f.grid = kf.grid;
  f.landmarks.assign(kf.kps.size(), nullptr);
  f.outlier.assign(kf.kps.size(), 0);
  f.Tcw = kf.Tcw;
  return f;
}

std::vector<KeyFrame*> candidates(KeyFrame* kf, MapDatabase& map, LoopStats& st) {
  std::unordered_map<const KeyFrame*, int> slot;
  for (size_t s = 0; s < map.keyframes.size(); ++s) slot[map.keyframes[s].get()] = static_cast<int>(s);
  std::vector<uint32_t> descs;
  for (int i = 0; i < kf->size(); ++i)
    if (kf->landmarks[i]) descs.insert(descs.end(), kf->descriptor(i), kf->descriptor(i) + 8);
  std::vector<int> votes;
  map.index.vote(descs.data(), static_cast<int>(descs.size() / 8), static_cast<uint32_t>(map.keyframes.size()), votes);
  // a candidate must look at least as much like kf as the least similar of its own neighbours
  int min_score = INT_MAX;
  for (const auto& c : kf->covis) {
    auto it = slot.find(c.first);
    if (it != slot.end()) min_score = std::min(min_score, votes[it->second]);
  }
  if (min_score == INT_MAX) min_score = 0;
  std::vector<std::pair<int, KeyFrame*>> ranked;
  int best_old = -1;
  bool best_old_covisible = false;
  for (size_t s = 0; s < map.keyframes.size(); ++s) {
    KeyFrame* k = map.keyframes[s].get();
    if (k->id + kRecent <= kf->id && votes[s] > best_old) {
      best_old = votes[s];
      best_old_covisible = kf->covis.count(k) > 0;
    }
    if (k == kf || k->id + kRecent > kf->id || kf->covis.count(k) || votes[s] <= min_score) continue;
    ranked.emplace_back(votes[s], k);
  }
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second->id < b.second->id; });
  if (best_old_covisible) ++st.covisible_best;
  std::vector<KeyFrame*> out;
  for (const auto& r : ranked) {
    if (static_cast<int>(out.size()) == kMaxCandidates || r.first * 4 < ranked.front().first * 3) break;
    out.push_back(r.second);
  }
  return out;
}

// the relocaliser's verification of kf against one earlier keyframe
bool verify(KeyFrame* kf, KeyFrame* c, const TrackerContext& ctx, LoopMatch& out, LoopStats& st) {
  Frame f = frame_of(*kf);
  const KeyframeFit fit = fit_to_keyframe(f, *c, ctx, kMinMatches, kMinMatches);
  if (fit == KeyframeFit::few_matches) return ++st.few_matches, false;
  if (fit == KeyframeFit::no_ransac) return ++st.no_ransac, false;
  if (optimize_pose(f, ctx.cam, ctx.orb, ctx.tp.level_motion) < kMinMatches) return ++st.no_ransac, false;
  keep_inliers(f);
  search_neighbourhood(f, c, 10.0f / 4.0f, ctx);
  const int inl = optimize_pose(f, ctx.cam, ctx.orb, ctx.tp.level_motion);
  keep_inliers(f);
  st.best_inliers = std::max(st.best_inliers, inl);
  if (inl < kMinLoopInliers || !f.Tcw.finite()) return ++st.few_inliers, false;
  ++st.verified;
  out.match = c;
  out.Tcw = f.Tcw;
  out.inliers = inl;
  out.pairs.clear();
  for (int j = 0; j < f.size(); ++j)
    if (f.landmarks[j]) out.pairs.emplace_back(j, f.landmarks[j]);
  return true;
}

}  // namespace

std::vector<KeyFrame*> loop_candidates(KeyFrame* kf, MapDatabase& map, LoopStats& st) {
  if (static_cast<int>(map.keyframes.size()) < kMinKeyframes) return {};
  ++st.queries;
  return candidates(kf, map, st);
}

bool verify_loop_candidate(KeyFrame* kf, KeyFrame* c, const TrackerContext& ctx, LoopMatch& out, LoopStats& st) {
  ++st.candidates;
  return verify(kf, c, ctx, out, st);
}

bool detect_loop(KeyFrame* kf, MapDatabase& map, const TrackerContext& ctx, LoopMatch& out, LoopStats& st) {
  for (KeyFrame* c : loop_candidates(kf, map, st))
    if (verify_loop_candidate(kf, c, ctx, out, st)) return true;
  return false;
}

}  // namespace nav
