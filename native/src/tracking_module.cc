#include "tracking_module.h"

#include <algorithm>
#include <limits>

#include "module/frame_tracker.h"
#include "module/initializer.h"
#include "module/keyframe_inserter.h"
#include "module/local_map_tracker.h"
#include "module/map_refresh.h"
#include "module/relocalizer.h"
#include "util/stage_timer.h"

namespace nav {

void TrackingModule::reset() {
  ctx_.atlas.clear();
  mapper_.reset();
  closer_.reset();
  last_ = Frame();
  state_ = TrackState::Initialising;
  have_velocity_ = false;
  last_inliers_ = 0;
  relocalisations_ = 0;
  reloc_stats_ = RelocStats();
  load_patience_ = 0;
  pending_ = Pending();
  late_ = Pending();
  late_relocalisations_ = 0;
  handover_map_ = 0;
}

void TrackingModule::adopt_loaded_map(std::unique_ptr<MapDatabase> map, uint64_t next_kf_id, uint64_t next_lm_id) {
  reset();
  Atlas& a = ctx_.atlas;
  // ids are never reused: later maps, keyframes and landmarks number on from the loaded ones
  a.next_map_id = std::max(a.next_map_id, map->id + 1);
  a.next_kf_id = std::max(a.next_kf_id, next_kf_id);
  a.next_lm_id = std::max(a.next_lm_id, next_lm_id);
  a.maps.push_back(std::move(map));
  // lost, not initialising: the first frames relocalise in the loaded map instead of opening one
  state_ = TrackState::Lost;
  load_patience_ = ctx_.tp.reloc_patience_frames;
}

bool TrackingModule::advance_mapping(int iterations) {
  KeyFrame* ref = last_.ref_kf;
  const SE3 ref_before = ref ? ref->Tcw : SE3();
  KeyFrame* kf = mapper_.advance(iterations, ctx_);
  if (!kf) return false;
  // the adjustment moved the keyframes under the last frame: the next one is predicted from where the
  // map now puts it
  if (ref) last_.Tcw = last_.Tcw * ref_before.inverse() * ref->Tcw;
  for (auto& lm : last_.landmarks)
    if (lm && lm->bad) lm.reset();
  // the keyframe's loop search follows its mapping, as it does without a slice
  for (const auto& m : ctx_.atlas.maps)
    if (std::any_of(m->keyframes.begin(), m->keyframes.end(), [kf](const KeyFramePtr& k) { return k.get() == kf; })) {
      // without a close slice the closure runs here at once: the last frame moves with it
      if (closer_.process(kf, *m, ctx_)) last_.Tcw = last_.Tcw * closer_.correction(last_.ref_kf);
      break;
    }
  return true;
}

void TrackingModule::settle_mapping_for(Frame& cur) {
  KeyFrame* ref = cur.ref_kf;
  const SE3 ref_before = ref ? ref->Tcw : SE3();
  advance_mapping(0);
  // the frame was tracked in the map as it stood: it moves with its reference keyframe
  if (ref) cur.Tcw = cur.Tcw * ref_before.inverse() * ref->Tcw;
  for (auto& lm : cur.landmarks)
    if (lm && lm->bad) lm.reset();
}

bool TrackingModule::settle(int iterations) {
  if (mapper_.busy()) advance_mapping(std::numeric_limits<int>::max());
  return advance_closure(iterations);
}

bool TrackingModule::advance_closure(int iterations) {
  // a closure is committed over a map no local adjustment is changing
  if (mapper_.busy()) advance_mapping(std::numeric_limits<int>::max());
  if (!closer_.advance(ctx_.atlas.current(), iterations, ctx_)) return false;
  // the map moved under the last frame: the next one is predicted from where the map now puts it
  last_.Tcw = last_.Tcw * closer_.correction(last_.ref_kf);
  for (auto& lm : last_.landmarks)
    if (lm && lm->bad) lm.reset();
  return true;
}

bool TrackingModule::optimize_map(int iterations, int min_observations, GlobalBaResult& out) {
  // a closure under way is finished first: the adjustment starts from the corrected map
  advance_closure(std::numeric_limits<int>::max());
  MapDatabase* map = ctx_.atlas.current();
  if (!map || map->keyframes.empty()) return false;
  KeyFrame* ref = last_.ref_kf;
  const bool ref_here = ref && std::any_of(map->keyframes.begin(), map->keyframes.end(),
                                           [ref](const KeyFramePtr& k) { return k.get() == ref; });
  const SE3 ref_before = ref_here ? ref->Tcw : SE3();
  GlobalBaOptions opt;
  opt.iterations_first = opt.iterations_second = iterations;
  opt.level = ctx_.tp.level_motion;
  opt.min_observations = min_observations;
  out = global_bundle_adjust(*map, ctx_.cam, ctx_.orb, opt);
  refresh_map(*map, ctx_.orb);
  if (ref_here) last_.Tcw = last_.Tcw * ref_before.inverse() * ref->Tcw;
  for (auto& lm : last_.landmarks)
    if (lm && lm->bad) lm.reset();
  return true;
}

bool TrackingModule::agrees_with_pending(const Frame& cur, const MapDatabase* map) const {
  if (pending_.map != map || pending_.frame_id + 1 != cur.id) return false;
  const SE3 d = cur.Tcw * pending_.Tcw.inverse();
  return (cur.camera_center() - (-pending_.Tcw.R.transpose() * pending_.Tcw.t)).norm() <= ctx_.tp.reloc_agree_m &&
         so3_log(d.R).norm() <= ctx_.tp.reloc_agree_rad;
}

bool TrackingModule::track_ok_frame(Frame& cur, const SE3* motion) {
  int inl = 0;
  KeyFrame* ref = last_.ref_kf;
  // the commanded motion holds from the previous frame only: the last pose must be that frame's
  PosePrior prior_storage;
  const PosePrior* prior = nullptr;
  const PosePrior* kinematic = nullptr;
  if (motion && last_.has_pose && last_.id + 1 == cur.id) {
    prior_storage.Tcw = *motion * last_.Tcw;
    const double ir = 1.0 / (ctx_.tp.motion_sigma_rad * ctx_.tp.motion_sigma_rad);
    const double it = 1.0 / (ctx_.tp.motion_sigma_m * ctx_.tp.motion_sigma_m);
    prior_storage.info << ir, ir, ir, it, it, it;
    prior = &prior_storage;
  } else if (ctx_.tp.lateral_sigma_m > 0 && last_.has_pose && last_.id + 1 == cur.id) {
    // frames only, on a wheeled base: the camera centre's sideways offset from the last frame's (in
    // the current camera's axes, pose_optimizer.cc) is all the term pays for
    prior_storage.Tcw = last_.Tcw;
    prior_storage.info << 0, 0, 0, 1.0 / (ctx_.tp.lateral_sigma_m * ctx_.tp.lateral_sigma_m), 0, 0;
    kinematic = &prior_storage;
  }
  if (prior && !last_.kps.empty()) {
    // the command replaces both guesses of the velocity model below (it knows when the body turns,
    // stops or goes on), and the optimisation is pulled towards it
    cur.Tcw = prior->Tcw;
    inl = track_with_motion_model(cur, last_, ctx_, prior);
  } else if (have_velocity_ && cur.id > last_reloc_frame_ + 1) {
    cur.Tcw = velocity_ * last_.Tcw;
    inl = track_with_motion_model(cur, last_, ctx_, kinematic);
    // A robot that turns or stops changes its velocity at once (turn reversals, stop after a
    // forward run); with repetitive texture (striped walls, planks) the constant-velocity prediction
    // then locks onto wrongly shifted matches that still form a consistent pose. So the "no motion"
    // prediction is tried as well and the one with more inliers wins.
    const SE3 moved = cur.Tcw;
    std::vector<LandmarkPtr> moved_lms = cur.landmarks;
    std::vector<uint8_t> moved_out = cur.outlier;
    cur.Tcw = last_.Tcw;
    const int still = track_with_motion_model(cur, last_, ctx_, kinematic);
    if (still <= inl) {
      cur.Tcw = moved;
      cur.landmarks = std::move(moved_lms);
      cur.outlier = std::move(moved_out);
    } else {
      inl = still;
    }
  } else if (last_.has_pose && !last_.kps.empty()) {
    // no velocity yet (just initialised or relocalised): the last frame with no motion is the prior
    cur.Tcw = last_.Tcw;
    inl = track_with_motion_model(cur, last_, ctx_, kinematic);
  }
  // from here on, either term: the commanded motion or the base's kinematics
  if (!prior) prior = kinematic;
  if (inl == 0 && ref) {
    cur.Tcw = prior ? prior->Tcw : last_.Tcw;
    inl = track_reference_keyframe(cur, *ref, ctx_, prior);
  }
  const bool just_relocalised = cur.id < last_reloc_frame_ + static_cast<uint64_t>(ctx_.tp.reloc_grace_frames);
  const int need = just_relocalised ? ctx_.tp.min_inliers_after_reloc : ctx_.tp.min_local_map_inliers;
  const float radius = just_relocalised ? 3.0f : 1.0f;
  if (inl > 0) inl = track_local_map(cur, radius, ctx_, prior);
  if (!cur.Tcw.finite()) inl = 0;
  // A prediction that was wrong (a turn reversed, a turn started after a forward run) can still lock
  // onto shifted matches in repetitive texture and give a pose with far fewer inliers than the last
  // frame had (house 7: 165 → 46 at a reversal, then six frames of 0.3 m "sideways" turns that the
  // velocity carried on). Then the reference keyframe is also tracked by descriptor, which needs no
  // prediction, and the pose with more local-map inliers is kept.
  if (ref && (inl < need || inl < ctx_.tp.inlier_drop_ratio * last_inliers_)) {
    const SE3 a_Tcw = cur.Tcw;
    std::vector<LandmarkPtr> a_lms = cur.landmarks;
    std::vector<uint8_t> a_out = cur.outlier;
    KeyFrame* a_ref = cur.ref_kf;
    cur.Tcw = prior ? prior->Tcw : last_.Tcw;
    int b = track_reference_keyframe_by_descriptors(cur, *ref, ctx_, prior);
    if (b > 0) b = track_local_map(cur, radius, ctx_, prior);
    if (!cur.Tcw.finite()) b = 0;
    if (b > inl) {
      inl = b;
    } else {
      cur.Tcw = a_Tcw;
      cur.landmarks = std::move(a_lms);
      cur.outlier = std::move(a_out);
      cur.ref_kf = a_ref;
    }
  }
  if (inl < need) return false;
  after_success(cur, inl, true);
  return true;
}

void TrackingModule::after_success(Frame& cur, int inliers, bool continuous) {
  last_inliers_ = inliers;
  if (!cur.ref_kf) cur.ref_kf = last_.ref_kf;
  MapDatabase* map = ctx_.atlas.current();
  if (map && need_new_keyframe(cur, cur.ref_kf, last_kf_frame_, inliers, ctx_)) {
    // the previous keyframe's adjustment, if still under way, ends where it stands (applied at once)
    if (mapper_.busy()) settle_mapping_for(cur);
    std::vector<LandmarkPtr> fresh;
    KeyFrame* kf = insert_keyframe(cur, *map, ctx_, fresh);
    mapper_.process(kf, *map, ctx_, fresh, commanded_ ? 0.0 : ctx_.tp.lateral_sigma_m);
    if (!mapper_.busy()) {
      const SE3 kf_before = kf->Tcw;
      // a closure moves the map under the last frame: carry it along with this keyframe's correction,
      // or the velocity taken from it below would hold the whole correction as one frame's motion
      if (closer_.process(kf, *map, ctx_)) last_.Tcw = last_.Tcw * kf_before.inverse() * kf->Tcw;
    }
    // bundle adjustment may have moved the keyframe: the frame is that keyframe
    cur.Tcw = kf->Tcw;
    cur.ref_kf = kf;
    last_kf_frame_ = cur.id;
  }
  // landmarks culled by mapping are no longer tracked
  for (auto& lm : cur.landmarks)
    if (lm && lm->bad) lm.reset();
  if (!continuous || last_.kps.empty()) {
    have_velocity_ = false;
  } else {
    velocity_ = cur.Tcw * last_.Tcw.inverse();
    have_velocity_ = true;
  }
}

bool TrackingModule::try_relocalise(Frame& cur, bool all_maps) {
  StageScope timed(Stage::Relocalisation);
  std::vector<MapDatabase*> maps;
  if (all_maps) {
    for (auto it = ctx_.atlas.maps.rbegin(); it != ctx_.atlas.maps.rend(); ++it) maps.push_back(it->get());
  } else if (ctx_.atlas.current()) {
    maps.push_back(ctx_.atlas.current());
  }
  for (MapDatabase* m : maps) {
    // a loaded map is found with no prior at all: the pose must also agree with the depth image
    const int inl = relocalize(cur, *m, ctx_, reloc_stats_, m->loaded ? &frame_depth_ : nullptr);
    if (inl == 0) continue;
    // a loaded map needs reloc_agree_frames consecutive frames that relocalise independently and agree
    const int agreeing = agrees_with_pending(cur, m) ? pending_.agreeing + 1 : 1;
    if (m->loaded && agreeing < ctx_.tp.reloc_agree_frames) {
      // report nothing until enough consecutive frames agree
      ++reloc_stats_.unconfirmed;
      pending_ = {m, cur.id, cur.Tcw, agreeing};
      pending_this_frame_ = true;
      std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
      std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
      return false;
    }
    pending_ = Pending();
    load_patience_ = 0;
    ctx_.atlas.activate(m);
    last_reloc_frame_ = cur.id;
    ++relocalisations_;
    have_velocity_ = false;
    last_inliers_ = inl;
    return true;
  }
  return false;
}

MapDatabase* TrackingModule::loaded_map_aside() {
  const MapDatabase* cur = ctx_.atlas.current();
  if (!cur || cur->loaded) return nullptr;
  for (auto it = ctx_.atlas.maps.rbegin(); it != ctx_.atlas.maps.rend(); ++it)
    if ((*it)->loaded && !(*it)->keyframes.empty()) return it->get();
  return nullptr;
}

// Tracking goes on in a map opened after a loaded one could not be found (the body started where the
// loaded map saw little): when a later frame is a place the loaded map knows, tracking moves back into
// it. The attempts are bounded: one at each new keyframe, and then one per frame only while attempts
// keep agreeing, until reloc_agree_frames consecutive frames agree. The safeguards are those of
// relocalising in a loaded map when lost (depth agreement, ambiguity, consecutive agreement).
void TrackingModule::try_late_relocalise(Frame& cur) {
  MapDatabase* loaded = ctx_.tp.late_relocalisation ? loaded_map_aside() : nullptr;
  if (!loaded) { late_ = Pending(); return; }
  const bool confirming = late_.map == loaded && late_.frame_id + 1 == cur.id;
  if (!confirming && last_kf_frame_ != cur.id) return;
  StageScope timed(Stage::Relocalisation);
  Frame probe = cur;  // the frame's matches in its own map stay as they are
  std::fill(probe.landmarks.begin(), probe.landmarks.end(), nullptr);
  std::fill(probe.outlier.begin(), probe.outlier.end(), 0);
  const int inl = relocalize(probe, *loaded, ctx_, reloc_stats_, &frame_depth_);
  if (inl == 0) { late_ = Pending(); return; }
  int agreeing = 1;
  if (confirming) {
    const SE3 d = probe.Tcw * late_.Tcw.inverse();
    const Vec3 c_prev = -late_.Tcw.R.transpose() * late_.Tcw.t;
    const bool agrees = (probe.camera_center() - c_prev).norm() <= ctx_.tp.reloc_agree_m && so3_log(d.R).norm() <= ctx_.tp.reloc_agree_rad;
    // a disagreeing pose ends the attempts until the next keyframe (no search on every frame)
    if (!agrees) { late_ = Pending(); return; }
    agreeing = late_.agreeing + 1;
  }
  if (agreeing < ctx_.tp.reloc_agree_frames) {
    ++reloc_stats_.unconfirmed;
    late_ = {loaded, cur.id, probe.Tcw, agreeing};
    return;
  }
  late_ = Pending();
  handover_map_ = ctx_.atlas.current()->id;
  handover_Tcw_ = cur.Tcw;
  cur.Tcw = probe.Tcw;
  cur.landmarks = std::move(probe.landmarks);
  std::fill(cur.outlier.begin(), cur.outlier.end(), 0);
  cur.ref_kf = probe.ref_kf;
  ctx_.atlas.activate(loaded);
  last_reloc_frame_ = cur.id;
  ++relocalisations_;
  ++late_relocalisations_;
  have_velocity_ = false;
  last_inliers_ = inl;
}

void TrackingModule::recover_lost(Frame& cur, std::vector<LandmarkPtr>& fresh) {
  StageScope timed(Stage::Relocalisation);
  if (try_relocalise(cur, true)) {
    state_ = TrackState::Ok;
    after_success(cur, last_inliers_, false);
  } else if (pending_this_frame_) {
    // a relocalisation waits for the next frame's agreement: opening a map now would abandon it
  } else if (load_patience_ > 0) {
    --load_patience_;
  } else if (initialize_map(cur, ctx_, fresh)) {
    state_ = TrackState::Ok;
    last_kf_frame_ = cur.id;
    have_velocity_ = false;
    last_inliers_ = cur.num_tracked();
  }
}

TrackState TrackingModule::track(const uint8_t* image, int channels, const float* depth, double depth_scale,
                                 double timestamp, OrbExtractor& orb, const SE3* motion) {
  Frame cur;
  cur.id = ++next_frame_id_;
  pending_this_frame_ = false;
  commanded_ = motion != nullptr;
  handover_map_ = 0;
  frame_depth_ = {depth, ctx_.cam.width, ctx_.cam.height, depth_scale};
  cur.timestamp = timestamp;
  builder_.build(image, channels, depth, depth_scale, ctx_.cam, ctx_.tp, orb, cur);
  // a loop closure under way takes its slice (or a new keyframe's loop search runs) before the frame is
  // tracked: a commit then corrects the last frame, and this frame is tracked in the corrected map
  // the same for a keyframe's bundle adjustment; the two never share a frame, and a closure waits for
  // the adjustment (its commit must not be overwritten by one begun before it)
  if (mapper_.busy()) advance_mapping(ctx_.tp.ba_slice);
  else if (closer_.busy()) advance_closure(ctx_.tp.close_slice);

  std::vector<LandmarkPtr> fresh;
  switch (state_) {
    case TrackState::Initialising: {
      KeyFrame* kf = initialize_map(cur, ctx_, fresh);
      if (kf) {
        state_ = TrackState::Ok;
        last_kf_frame_ = cur.id;
        have_velocity_ = false;
        last_inliers_ = cur.num_tracked();
      }
      break;
    }
    case TrackState::Ok: {
      if (track_ok_frame(cur, motion)) {
        try_late_relocalise(cur);
        break;
      }
      state_ = TrackState::RecentlyLost;
      lost_since_ = timestamp;
      have_velocity_ = false;
      break;
    }
    case TrackState::RecentlyLost: {
      if (try_relocalise(cur, false)) {
        state_ = TrackState::Ok;
        after_success(cur, last_inliers_, false);
      } else if (pending_this_frame_) {
        // the next frame may confirm the relocalisation: not the moment to give the map up
      } else if (timestamp - lost_since_ > ctx_.tp.recently_lost_timeout || timestamp < lost_since_) {
        // the map is given up: this very frame may already find another map or open a new one
        state_ = TrackState::Lost;
        recover_lost(cur, fresh);
      }
      break;
    }
    case TrackState::Lost:
      recover_lost(cur, fresh);
      break;
  }
  if (state_ == TrackState::Ok && cur.Tcw.finite()) {
    cur.has_pose = true;
    last_ = std::move(cur);
  } else if (state_ != TrackState::Ok) {
    last_inliers_ = 0;
  }
  return state_;
}

}  // namespace nav
