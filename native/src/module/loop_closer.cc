#include "loop_closer.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

#include "../data/landmark_ops.h"
#include "../optimize/pose_graph.h"
#include "keyframe_inserter.h"
#include "map_refresh.h"
#include "../util/stage_timer.h"

namespace nav {

namespace {

constexpr uint64_t kQuietKeyframes = 10;  // after a closure the neighbourhood is fused already
constexpr double kAgreeM = 0.1, kAgreeRad = 0.052;  // 3°: two keyframes' corrections must agree this closely
constexpr int kStrongCovis = 100;         // covisibility edges of the essential graph (the published 100)
constexpr double kLoopWeight = 10;        // the loop edge is a direct measurement; the chain is many
// a sliced commit's refresh per frame: landmarks' viewing geometry (a few observations each), then
// keyframes' covisibility (every observation of each of its few hundred landmarks)
constexpr size_t kRefreshLandmarks = 4000, kRefreshKeyframes = 32;

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
  StageScope timed(Stage::LoopClosing);
  if (!ctx.tp.loop_closing || job_ || kf->id < last_closure_kf_ + kQuietKeyframes) return false;
  if (ctx.tp.close_slice > 0) {
    // the search waits for a later frame: the keyframe's own frame has mapped it already
    queued_.push_back({kf, map.id});
    return false;
  }
  return detect(kf, map, ctx) && advance(&map, std::numeric_limits<int>::max(), ctx);
}

bool LoopCloser::detect(KeyFrame* kf, MapDatabase& map, TrackerContext& ctx) {
  LoopMatch loop;
  if (!detect_loop(kf, map, ctx, loop, stats_)) {
    pending_ = Pending();
    return false;
  }
  return accept(kf, loop, map, ctx);
}

void LoopCloser::search_step(MapDatabase* map, TrackerContext& ctx) {
  Search& s = *search_;
  // the map was left (relocalised elsewhere): its keyframe's search ends unfinished, as a queued one would be skipped
  if (!map || map->id != s.map_id) {
    search_.reset();
    return;
  }
  LoopMatch loop;
  if (verify_loop_candidate(s.kf, s.candidates[s.next++], ctx, loop, stats_)) {
    KeyFrame* kf = s.kf;
    search_.reset();
    accept(kf, loop, *map, ctx);
  } else if (s.next == s.candidates.size()) {
    search_.reset();
    pending_ = Pending();
  }
}

bool LoopCloser::accept(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx) {
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
  begin(kf, loop, map, ctx);
  pending_ = Pending();
  last_closure_kf_ = kf->id;
  return true;
}

void LoopCloser::begin(KeyFrame* kf, const LoopMatch& loop, MapDatabase& map, TrackerContext& ctx) {
  auto job = std::make_unique<Job>();
  job->map_id = map.id;
  job->loop = loop;
  job->nodes = map.keyframes;
  const int n = static_cast<int>(map.keyframes.size());
  std::unordered_map<const KeyFrame*, int> slot;
  std::vector<uint8_t> fixed(n, 0);
  job->before.resize(n);
  for (int s = 0; s < n; ++s) {
    slot[map.keyframes[s].get()] = s;
    job->before[s] = map.keyframes[s]->Tcw;
    if (map.keyframes[s].get() == kf) job->kf = map.keyframes[s];
  }
  const std::vector<SE3>& poses = job->before;
  // the earlier visit is the reference: the map's first keyframe and the matched one stay, and so
  // does every keyframe an earlier run saved (this run's drift is closed onto them, not spread over them)
  fixed[0] = 1;
  fixed[slot[loop.match]] = 1;
  for (int s = 1; s < n; ++s)
    if (map.keyframes[s]->loaded) fixed[s] = 1;
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
  job->solver = std::make_unique<PoseGraphSolver>(poses, std::move(fixed), std::move(edges), ctx.tp.level_motion, 20);
  job_ = std::move(job);
}

bool LoopCloser::advance(MapDatabase* map, int iterations, TrackerContext& ctx) {
  StageScope timed(Stage::LoopClosing);
  if (refresh_) {
    refresh_step(ctx);
    return false;
  }
  if (search_) {
    search_step(map, ctx);
    return false;
  }
  if (!queued_.empty()) {
    const Queued q = queued_.front();
    queued_.pop_front();
    // a keyframe of a map no longer current is not searched, nor one queued before a closure began
    // (within its quiet keyframes); its proposals are verified one per call from the next on
    if (map && map->id == q.map_id && !job_ && q.kf->id >= last_closure_kf_ + kQuietKeyframes) {
      auto s = std::make_unique<Search>();
      s->kf = q.kf;
      s->map_id = q.map_id;
      s->candidates = loop_candidates(q.kf, *map, stats_);
      if (s->candidates.empty()) pending_ = Pending();
      else search_ = std::move(s);
    }
    return false;
  }
  if (!job_) return false;
  if (!map || map->id != job_->map_id) {
    job_.reset();
    return false;
  }
  for (int i = 0; i < iterations && !job_->solver->done(); ++i) job_->solver->step();
  if (!job_->solver->done()) return false;
  commit(*map, ctx, ctx.tp.close_slice > 0);
  job_.reset();
  ++closures_;
  return true;
}

SE3 LoopCloser::correction(const KeyFrame* kf) const {
  auto it = corrections_.find(kf);
  if (it != corrections_.end()) return it->second;
  it = corrections_.find(nullptr);
  return it == corrections_.end() ? SE3() : it->second;
}

void LoopCloser::refresh_step(const TrackerContext& ctx) {
  Refresh& r = *refresh_;
  const size_t lm_end = std::min(r.landmarks.size(), r.lm_next + kRefreshLandmarks);
  for (; r.lm_next < lm_end; ++r.lm_next)
    if (!r.landmarks[r.lm_next]->bad) update_landmark_geometry(*r.landmarks[r.lm_next], ctx.orb);
  if (r.lm_next < r.landmarks.size()) return;
  const size_t kf_end = std::min(r.keyframes.size(), r.kf_next + kRefreshKeyframes);
  for (; r.kf_next < kf_end; ++r.kf_next) update_covisibility(r.keyframes[r.kf_next].get());
  if (r.kf_next < r.keyframes.size()) return;
  r.map->purge_bad_landmarks();
  refresh_.reset();
}

void LoopCloser::commit(MapDatabase& map, TrackerContext& ctx, bool refresh_later) {
  Job& job = *job_;
  const std::vector<SE3>& after = job.solver->poses();
  const int n = static_cast<int>(job.nodes.size());
  // W takes the corrected world to the world as the closure began: Tcw_after = Tcw_now · W
  corrections_.clear();
  for (int s = 0; s < n; ++s) corrections_[job.nodes[s].get()] = job.before[s].inverse() * after[s];
  const SE3 W_loop = corrections_[job.kf.get()];
  corrections_[nullptr] = W_loop;
  // keyframes made while the graph was optimised move with the graph keyframe they share most with
  for (const KeyFramePtr& k : map.keyframes) {
    if (corrections_.count(k.get())) continue;
    const KeyFrame* best = nullptr;
    int best_w = 0;
    for (const auto& c : k->covis)
      if (c.second > best_w && corrections_.count(c.first) && c.first != k.get()) { best = c.first; best_w = c.second; }
    corrections_[k.get()] = best ? corrections_[best] : W_loop;
  }
  std::unordered_map<const KeyFrame*, int> slot;
  for (int s = 0; s < n; ++s) slot[job.nodes[s].get()] = s;
  // a landmark keeps its place as seen from its reference keyframe
  for (const LandmarkPtr& lm : map.landmarks) {
    if (lm->bad || !lm->ref_kf) continue;
    auto s = slot.find(lm->ref_kf);
    if (s != slot.end()) lm->pos = after[s->second].inverse() * (job.before[s->second] * lm->pos);
    else lm->pos = corrections_[lm->ref_kf].inverse() * lm->pos;
  }
  for (const KeyFramePtr& k : map.keyframes) {
    auto s = slot.find(k.get());
    // untouched since the closure began: the optimised pose as it is (the one-shot closure's)
    if (s != slot.end() && k->Tcw.R == job.before[s->second].R && k->Tcw.t == job.before[s->second].t) k->Tcw = after[s->second];
    else k->Tcw = k->Tcw * corrections_[k.get()];
  }
  KeyFrame* kf = job.kf.get();
  for (const auto& p : job.loop.pairs) {
    if (p.first < 0 || p.first >= kf->size() || p.second->bad) continue;
    const LandmarkPtr cur = kf->landmarks[p.first];
    if (cur == p.second) continue;
    if (cur && !cur->bad) fuse(p.second, cur);
    else if (p.second->obs_index(kf) < 0) add_observation(p.second, kf, p.first);
  }
  for (const auto& p : job.loop.pairs)
    if (!p.second->bad) update_landmark_descriptor(*p.second);
  if (refresh_later) {
    // refresh_map over the next frames: the landmarks and keyframes the map holds now
    refresh_ = std::make_unique<Refresh>();
    refresh_->map = &map;
    refresh_->landmarks = map.landmarks;
    refresh_->keyframes = map.keyframes;
  } else {
    refresh_map(map, ctx.orb);
  }
  last_match_frame_ = job.loop.match->frame_id;
}

}  // namespace nav
