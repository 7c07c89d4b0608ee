#include "system.h"

#include <cmath>
#include <limits>

#include "../include/navtracker.h"
#include "io/map_file.h"

namespace nav {

namespace {
bool in(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

// The commanded motion as the world-to-camera change it predicts, from the current camera's pose in
// the previous camera's frame (row-major 4×4); false unless finite and rigid.
bool commanded_motion(const double* m, SE3& out) {
  for (int i = 0; i < 16; ++i)
    if (!std::isfinite(m[i])) return false;
  if (m[12] != 0 || m[13] != 0 || m[14] != 0 || m[15] != 1) return false;
  Mat3 R;
  Vec3 t;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) R(r, c) = m[r * 4 + c];
    t(r) = m[r * 4 + 3];
  }
  if ((R * R.transpose() - Mat3::Identity()).norm() > 1e-6 || R.determinant() < 0 || t.norm() > 100) return false;
  out = SE3(R, t).inverse();
  return true;
}
}  // namespace

int System::configure(int width, int height, double fx, double fy, double cx, double cy, double depth_scale) {
  if (width < 64 || height < 64 || width > 8192 || height > 8192) return NT_E_ARG;
  if (!in(fx, 1e-3, 1e6) || !in(fy, 1e-3, 1e6) || !in(cx, -1e6, 1e6) || !in(cy, -1e6, 1e6)) return NT_E_ARG;
  if (!in(depth_scale, 1e-9, 1e9)) return NT_E_ARG;
  ctx_.cam.set(width, height, fx, fy, cx, cy);
  depth_scale_ = depth_scale;
  configured_ = true;
  tracking_.reset();
  return 0;
}

int System::set_param(int key, double v) {
  OrbParams& o = orb_params_;
  TrackingParams& tp = ctx_.tp;
  switch (key) {
    case NT_P_NUM_FEATURES: if (!in(v, 50, 10000)) return NT_E_PARAM; o.num_features = static_cast<int>(v); break;
    case NT_P_NUM_LEVELS: if (!in(v, 1, 12)) return NT_E_PARAM; o.num_levels = static_cast<int>(v); break;
    case NT_P_SCALE_FACTOR: if (!in(v, 1.05, 2.0)) return NT_E_PARAM; o.scale_factor = v; break;
    case NT_P_FAST_INI: if (!in(v, 1, 200)) return NT_E_PARAM; o.fast_ini_threshold = static_cast<int>(v); break;
    case NT_P_FAST_MIN: if (!in(v, 1, 200)) return NT_E_PARAM; o.fast_min_threshold = static_cast<int>(v); break;
    case NT_P_LOST_TIMEOUT: if (!in(v, 0, 3600)) return NT_E_PARAM; tp.recently_lost_timeout = v; return 0;
    case NT_P_MIN_DEPTH: if (!in(v, 0, 100) || v >= tp.max_depth) return NT_E_PARAM; tp.min_depth = v; return 0;
    case NT_P_MAX_DEPTH: if (!in(v, 0.01, 1000) || v <= tp.min_depth) return NT_E_PARAM; tp.max_depth = v; return 0;
    case NT_P_BA_WINDOW: if (!in(v, 2, 30)) return NT_E_PARAM; tp.ba_window = static_cast<int>(v); return 0;
    case NT_P_CLOSE_DEPTH: if (!in(v, 0.1, 1000)) return NT_E_PARAM; tp.close_depth = v; return 0;
    case NT_P_DEPTH_BASELINE:
      if (!in(v, 0.01, 10)) return NT_E_PARAM;
      // landmarks and keyframes hold right coordinates of the old baseline: start over
      ctx_.cam.set_baseline(v);
      tracking_.reset();
      return 0;
    case NT_P_PROXIMITY_KEYFRAMES: if (!in(v, 0, 50)) return NT_E_PARAM; tp.proximity_keyframes = static_cast<int>(v); return 0;
    case NT_P_LOOP_CLOSING: if (v != 0 && v != 1) return NT_E_PARAM; tp.loop_closing = v == 1; return 0;
    case NT_P_RELOC_PATIENCE: if (!in(v, 0, 100000)) return NT_E_PARAM; tp.reloc_patience_frames = static_cast<int>(v); return 0;
    case NT_P_RELOC_MAX_SEEN_THROUGH: if (!in(v, 0, 1)) return NT_E_PARAM; tp.reloc_max_seen_through = v; return 0;
    case NT_P_LATE_RELOC: if (v != 0 && v != 1) return NT_E_PARAM; tp.late_relocalisation = v == 1; return 0;
    case NT_P_RELOC_AGREE_FRAMES: if (!in(v, 1, 10)) return NT_E_PARAM; tp.reloc_agree_frames = static_cast<int>(v); return 0;
    case NT_P_RELOC_CANDIDATES: if (!in(v, 1, 100)) return NT_E_PARAM; tp.reloc_candidates = static_cast<int>(v); return 0;
    case NT_P_KEYFRAME_GAP: if (!in(v, 1, 1000)) return NT_E_PARAM; tp.max_frames_between_kf = static_cast<int>(v); return 0;
    case NT_P_LEVEL_MOTION:
      if (v != 0 && v != 1) return NT_E_PARAM;
      // the maps hold poses made under the other model: start over
      tp.level_motion = v == 1;
      tracking_.reset();
      return 0;
    case NT_P_MOTION_SIGMA_M: if (!in(v, 1e-4, 10)) return NT_E_PARAM; tp.motion_sigma_m = v; return 0;
    case NT_P_MOTION_SIGMA_DEG: if (!in(v, 1e-3, 90)) return NT_E_PARAM; tp.motion_sigma_rad = v * M_PI / 180.0; return 0;
    case NT_P_CLOSE_SLICE: if (!in(v, 0, 100) || v != std::floor(v)) return NT_E_PARAM; tp.close_slice = static_cast<int>(v); return 0;
    case NT_P_LATERAL_SIGMA_M: if (v != 0 && !in(v, 1e-4, 10)) return NT_E_PARAM; tp.lateral_sigma_m = v; return 0;
    case NT_P_BA_SLICE: if (!in(v, 0, 100) || v != std::floor(v)) return NT_E_PARAM; tp.ba_slice = static_cast<int>(v); return 0;
    case NT_P_MIN_INIT_POINTS: if (!in(v, 10, 5000)) return NT_E_PARAM; tp.min_init_points = static_cast<int>(v); return 0;
    default: return NT_E_PARAM;
  }
  // feature parameters change what the maps hold: start over with the new extractor
  extractor_dirty_ = true;
  tracking_.reset();
  return 0;
}

int System::track(const uint8_t* image, int width, int height, int channels, const float* depth, double timestamp,
                  const double* motion16) {
  if (!image || !depth) return NT_E_NULL;
  if (!configured_) return NT_E_NOT_CONFIGURED;
  if (width != ctx_.cam.width || height != ctx_.cam.height) return NT_E_SIZE;
  if ((channels != 1 && channels != 3) || !std::isfinite(timestamp)) return NT_E_ARG;
  SE3 motion;
  if (motion16 && !commanded_motion(motion16, motion)) return NT_E_ARG;
  StageRoot timed(stage_times_);
  configure_extractor();
  const TrackState s = tracking_.track(image, channels, depth, depth_scale_, timestamp, extractor_, motion16 ? &motion : nullptr);
  last_ok_ = s == TrackState::Ok;
  last_features_ = tracking_.last_frame().size();
  return static_cast<int>(s);
}

void System::configure_extractor() {
  if (!extractor_dirty_) return;
  extractor_.configure(orb_params_);
  ctx_.orb = extractor_.params();
  extractor_dirty_ = false;
}

int System::save_map() {
  const MapDatabase* m = ctx_.atlas.maps.empty() ? nullptr : ctx_.atlas.maps.back().get();
  if (!m || m->keyframes.empty()) return NT_E_NO_MAP;
  saved_.clear();
  write_map(*m, ctx_, saved_);
  return static_cast<int>(saved_.size());
}

int System::load_map(const uint8_t* data, int length) {
  if (!data) return NT_E_NULL;
  if (!configured_) return NT_E_NOT_CONFIGURED;
  if (length <= 0) return NT_E_MAP_FORMAT;
  // the file is checked against the pyramid the next frame will use
  configure_extractor();
  std::unique_ptr<MapDatabase> map;
  uint64_t next_kf = 0, next_lm = 0;
  switch (read_map(data, static_cast<size_t>(length), ctx_, map, next_kf, next_lm)) {
    case MapFileError::None: break;
    case MapFileError::Version: return NT_E_MAP_VERSION;
    case MapFileError::Settings: return NT_E_MAP_SETTINGS;
    default: return NT_E_MAP_FORMAT;
  }
  saved_.clear();
  saved_.shrink_to_fit();
  tracking_.adopt_loaded_map(std::move(map), next_kf, next_lm);
  last_ok_ = false;
  return 0;
}

int System::global_bundle_adjust(int iterations, int min_observations, double* out) {
  if (!out) return NT_E_NULL;
  if (!configured_) return NT_E_NOT_CONFIGURED;
  if (iterations < 1 || iterations > 100 || min_observations < 0 || min_observations > 10000) return NT_E_ARG;
  GlobalBaResult r;
  if (!tracking_.optimize_map(iterations, min_observations, r)) return NT_E_NO_MAP;
  out[0] = r.cost_before;
  out[1] = r.cost_after;
  out[2] = r.removed;
  out[3] = r.observations;
  out[4] = r.followers;
  return 0;
}

int System::stage_times(double* out, int capacity) const {
  for (int i = 0; i < kStageCount && i < capacity; ++i) out[i] = stage_times_.ms[i];
  return kStageCount;
}

int System::close_step(int iterations) {
  if (!configured_) return NT_E_NOT_CONFIGURED;
  if (iterations < 1 || iterations > 1000) return NT_E_ARG;
  StageRoot timed(stage_times_);
  tracking_.settle(iterations);
  return tracking_.work_pending() ? 1 : 0;
}

namespace {
// camera-to-world as a row-major 4×4; false when a value is not finite
bool write_twc(const SE3& Tcw, double* out) {
  const SE3 Twc = Tcw.inverse();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) out[r * 4 + c] = Twc.R(r, c);
    out[r * 4 + 3] = Twc.t(r);
  }
  out[12] = out[13] = out[14] = 0;
  out[15] = 1;
  for (int i = 0; i < 16; ++i)
    if (!std::isfinite(out[i])) return false;
  return true;
}
}  // namespace

bool System::pose(double* out) const { return last_ok_ && write_twc(tracking_.last_Tcw(), out); }

int System::handover_pose(double* out) const {
  SE3 left;
  const uint32_t id = last_ok_ ? tracking_.handover(left) : 0;
  return id != 0 && write_twc(left, out) ? static_cast<int>(id) : 0;
}

int System::keyframe_poses(double* out, int capacity) const {
  const auto& maps = ctx_.atlas.maps;
  if (maps.empty()) return 0;
  const auto& kfs = maps.back()->keyframes;
  int n = 0;
  for (const auto& kf : kfs) {
    if (!kf) continue;
    if (n < capacity) {
      double* o = out + static_cast<size_t>(n) * 18;
      o[0] = static_cast<double>(kf->id);
      o[1] = kf->timestamp;
      if (!write_twc(kf->Tcw, o + 2)) o[2] = std::numeric_limits<double>::quiet_NaN();
    }
    ++n;
  }
  return n;
}

int System::map_id() const {
  const auto& maps = ctx_.atlas.maps;
  return maps.empty() ? 0 : static_cast<int>(maps.back()->id);
}

int System::count(int which) const {
  const auto& maps = ctx_.atlas.maps;
  const MapDatabase* m = maps.empty() ? nullptr : maps.back().get();
  switch (which) {
    case NT_C_KEYFRAMES: return m ? static_cast<int>(m->keyframes.size()) : 0;
    case NT_C_LANDMARKS: return m ? m->num_good_landmarks() : 0;
    case NT_C_INLIERS: return last_ok_ ? tracking_.last_inliers() : 0;
    case NT_C_MAPS: return static_cast<int>(maps.size());
    case NT_C_FEATURES: return last_features_;
    case NT_C_RELOCALISATIONS: return tracking_.relocalisations();
    case NT_C_LOOP_CLOSURES: return tracking_.loop_closures();
    case NT_C_LOOP_MATCH_FRAME: return static_cast<int>(tracking_.last_loop_match_frame() & 0x7fffffff);
    case NT_C_LOOP_QUERIES: return tracking_.loop_stats().queries;
    case NT_C_LOOP_CANDIDATES: return tracking_.loop_stats().candidates;
    case NT_C_LOOP_FEW_MATCHES: return tracking_.loop_stats().few_matches;
    case NT_C_LOOP_NO_RANSAC: return tracking_.loop_stats().no_ransac;
    case NT_C_LOOP_FEW_INLIERS: return tracking_.loop_stats().few_inliers;
    case NT_C_LOOP_VERIFIED: return tracking_.loop_stats().verified;
    case NT_C_LOOP_DISAGREED: return tracking_.loop_stats().disagreed;
    case NT_C_LOOP_BEST_INLIERS: return tracking_.loop_stats().best_inliers;
    case NT_C_LOOP_COVISIBLE_BEST: return tracking_.loop_stats().covisible_best;
    case NT_C_LOOP_IMPLAUSIBLE: return tracking_.loop_stats().implausible;
    case NT_C_RELOC_QUERIES: return tracking_.reloc_stats().queries;
    case NT_C_RELOC_CANDIDATES: return tracking_.reloc_stats().candidates;
    case NT_C_RELOC_FEW_MATCHES: return tracking_.reloc_stats().few_matches;
    case NT_C_RELOC_NO_RANSAC: return tracking_.reloc_stats().no_ransac;
    case NT_C_RELOC_FEW_POSE_INLIERS: return tracking_.reloc_stats().few_pose_inliers;
    case NT_C_RELOC_FEW_INLIERS: return tracking_.reloc_stats().few_inliers;
    case NT_C_RELOC_SEEN_THROUGH: return tracking_.reloc_stats().seen_through;
    case NT_C_RELOC_VERIFIED: return tracking_.reloc_stats().verified;
    case NT_C_RELOC_AMBIGUOUS: return tracking_.reloc_stats().ambiguous;
    case NT_C_RELOC_FOUND: return tracking_.reloc_stats().found;
    case NT_C_RELOC_LAST_SEEN_THROUGH: return tracking_.reloc_stats().last_seen_through;
    case NT_C_RELOC_UNCONFIRMED: return tracking_.reloc_stats().unconfirmed;
    case NT_C_LATE_RELOCALISATIONS: return tracking_.late_relocalisations();
    case NT_C_CLOSURE_UNDER_WAY: return tracking_.closure_under_way() ? 1 : 0;
    case NT_C_MAPPING_UNDER_WAY: return tracking_.mapping_under_way() ? 1 : 0;
    default: return NT_E_ARG;
  }
}

}  // namespace nav
