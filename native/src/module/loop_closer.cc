#include "loop_closer.h"

#include <algorithm>
#include <unordered_map>

#include "../data/landmark_ops.h"
#include "../optimize/pose_graph.h"
#include "map_refresh.h"

namespace nav {

namespace {

constexpr uint64_t kQuietKeyframes = 10;  // after a closure the neighbourhood is fused already
constexpr double kAgreeM = 0.1, kAgreeRad = 0.052;  // 3°: two keyframes' corrections must agree this closely
constexpr int kStrongCovis = 100;         // covisibility edges of the essential graph (the published 100)
constexpr double kLoopWeight = 10;        // the loop edge is a direct measurement; the chain is many

// A closure can only undo drift. Heading drift turns the map about some point of the path, which
// moves the camera by at most the angle × the path's extent (the farthest keyframe since the matched
// one); what remains (odometry) grows with the path. So the correction may turn the camera at most
// kTurnFloorRad + kTurnPerMetre × path, and move it at most kMoveFloorM + kMovePerMetre × path +
// angle × extent. Measured in house 7 after a 40 m lap: 10.5° and 1.38 m. A look-alike place
// elsewhere — the other of two identical rooms, 3.4 m away and not turned — asks for a move that no
// turn explains, which the budget refuses however well its geometry verifies.
constexpr double kMoveFloorM = 0.3, kMovePerMetre = 0.01;
constexpr double kTurnFloorRad = 0.087, kTurnPerMetre = 0.0087;  // 5°, 0.5° per metre

bool correction_plausible(const KeyFrame* kf, const KeyFrame* match, const SE3& D, const MapDatabase& map) {
  const Vec3 c = kf->camera_center();
  double path = 0, extent = 0;
  const KeyFrame* prev = nullptr;
  for (const KeyFramePtr& k : map.keyframes) {
    if (k.get() == match) prev = match;
    if (!prev) continue;
    path += (k->camera_center() - prev->camera_center()).norm();
    extent = std::max(extent, (k->camera_center() - c).norm());
    prev = k.get();
    if (k.get() == kf) break;
  }
  const double turn = so3_log(D.R).norm();
  return turn <= kTurnFloorRad + kTurnPerMetre * path && (D * c - c).norm() <= kMoveFloorM + kMovePerMetre * path + turn * extent;
}

bool corrections_agree(const SE3& a, const SE3& b, const Vec3& at) {
  return ((a * at) - (b * at)).norm() <= kAgreeM && so3_log(a.R * b.R.transpose()).norm() <= kAgreeRad;
}

// the earlier visit's landmark takes over the current one's observations
void fuse(const LandmarkPtr& keep, const LandmarkPtr& drop) {
  std::vector<std::pair<KeyFrame*, int>> obs = drop->obs;
  detach_landmark(*drop);
  for (const auto& o : obs)
    if (keep->obs_index(o.first) < 0) add_observation(keep, o.first, o.second);
}

}  // namespace

bool LoopCloser::process(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx) {
  if (!ctx.tp.loop_closing || kf->id < last_closure_kf_ + kQuietKeyframes) return false;
  LoopMatch loop;
  if (!detect_loop(kf, map, ctx, loop, stats_)) {
    pending_ = Pending();
    return false;
  }
  // D takes the current (drifted) world to the earlier visit's world
  const SE3 D = loop.Tcw.inverse() * kf->Tcw;
  if (!correction_plausible(kf, loop.match, D, map)) {
    ++stats_.implausible;
    pending_ = Pending();
    return false;
  }
  const bool same_place = pending_.match && (loop.match == pending_.match || loop.match->covis.count(pending_.match));
  if (!same_place || pending_.kf_id + 1 != kf->id || !corrections_agree(D, pending_.D, kf->camera_center())) {
    // one keyframe's word is not enough: wait for the next one to see the same place
    if (pending_.match) ++stats_.disagreed;
    pending_ = {loop.match, kf->id, D};
    return false;
  }
  close(kf, loop, map, ctx);
  pending_ = Pending();
  last_closure_kf_ = kf->id;
  ++closures_;
  last_match_frame_ = loop.match->frame_id;
  return true;
}

void LoopCloser::close(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx) {
  const int n = static_cast<int>(map.keyframes.size());
  std::unordered_map<const KeyFrame*, int> slot;
  std::vector<SE3> poses(n), before(n);
  std::vector<uint8_t> fixed(n, 0);
  for (int s = 0; s < n; ++s) {
    slot[map.keyframes[s].get()] = s;
    poses[s] = before[s] = map.keyframes[s]->Tcw;
  }
  // the earlier visit is the reference: the map's first keyframe and the matched one stay
  fixed[0] = 1;
  fixed[slot[loop.match]] = 1;
  std::vector<PoseGraphEdge> edges;
  auto edge = [&](int a, int b, const SE3& Z, double w) { edges.push_back({a, b, Z, w}); };
  for (int s = 1; s < n; ++s) edge(s, s - 1, poses[s] * poses[s - 1].inverse(), 1.0);
  for (int s = 0; s < n; ++s)
    for (const auto& c : map.keyframes[s]->covis) {
      auto it = slot.find(c.first);
      if (it == slot.end() || it->second <= s + 1 || c.second < kStrongCovis) continue;
      edge(it->second, s, poses[it->second] * poses[s].inverse(), 1.0);
    }
  edge(slot[kf], slot[loop.match], loop.Tcw * loop.match->Tcw.inverse(), kLoopWeight);
  optimize_pose_graph(poses, fixed, edges, ctx.tp.level_motion, 20);
  for (int s = 0; s < n; ++s) map.keyframes[s]->Tcw = poses[s];
  // a landmark keeps its place as seen from its reference keyframe
  for (const LandmarkPtr& lm : map.landmarks) {
    if (lm->bad || !lm->ref_kf) continue;
    const int s = slot[lm->ref_kf];
    lm->pos = poses[s].inverse() * (before[s] * lm->pos);
  }
  for (const auto& p : loop.pairs) {
    const LandmarkPtr& cur = kf->landmarks[p.first];
    if (cur == p.second || p.second->bad) continue;
    if (cur) fuse(p.second, cur);
    else if (p.second->obs_index(kf) < 0) add_observation(p.second, kf, p.first);
  }
  for (const auto& p : loop.pairs)
    if (!p.second->bad) update_landmark_descriptor(*p.second);
  refresh_map(map, ctx.orb);
}

}  // namespace nav
