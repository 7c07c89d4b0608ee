// extern "C" entry points: null checks and delegation to nav::System, nothing else.
#include <new>

#include "../include/navtracker.h"
#include "system.h"

struct nt_tracker {
  nav::System sys;
};

extern "C" {

nt_tracker* nt_create(void) { return new (std::nothrow) nt_tracker(); }

void nt_destroy(nt_tracker* t) { delete t; }

int nt_configure(nt_tracker* t, int width, int height, double fx, double fy, double cx, double cy, double depth_scale) {
  return t ? t->sys.configure(width, height, fx, fy, cx, cy, depth_scale) : NT_E_NULL;
}

int nt_set_param(nt_tracker* t, int key, double value) { return t ? t->sys.set_param(key, value) : NT_E_NULL; }

int nt_track(nt_tracker* t, const uint8_t* image, int width, int height, int channels, const float* depth, double timestamp) {
  return t ? t->sys.track(image, width, height, channels, depth, timestamp) : NT_E_NULL;
}

int nt_track_motion(nt_tracker* t, const uint8_t* image, int width, int height, int channels, const float* depth,
                    double timestamp, const double* motion16) {
  return t ? t->sys.track(image, width, height, channels, depth, timestamp, motion16) : NT_E_NULL;
}

int nt_get_pose(nt_tracker* t, double* out16) {
  if (!t || !out16) return NT_E_NULL;
  return t->sys.pose(out16) ? 1 : 0;
}

int nt_handover_pose(nt_tracker* t, double* out16) {
  if (!t || !out16) return NT_E_NULL;
  return t->sys.handover_pose(out16);
}

int nt_state(nt_tracker* t) { return t ? t->sys.state() : NT_E_NULL; }
int nt_map_id(nt_tracker* t) { return t ? t->sys.map_id() : NT_E_NULL; }
int nt_count(nt_tracker* t, int which) { return t ? t->sys.count(which) : NT_E_NULL; }

int nt_reset(nt_tracker* t) {
  if (!t) return NT_E_NULL;
  t->sys.reset();
  return 0;
}

int nt_keyframe_poses(nt_tracker* t, double* out, int capacity) {
  if (!t || (!out && capacity > 0) || capacity < 0) return NT_E_NULL;
  return t->sys.keyframe_poses(out, capacity);
}

int nt_save_map(nt_tracker* t) { return t ? t->sys.save_map() : NT_E_NULL; }

const uint8_t* nt_saved_map(nt_tracker* t) { return t ? t->sys.saved_map() : nullptr; }

int nt_load_map(nt_tracker* t, const uint8_t* data, int length) {
  return t ? t->sys.load_map(data, length) : NT_E_NULL;
}

int nt_global_bundle_adjust(nt_tracker* t, int iterations, int min_observations, double* out5) {
  return t ? t->sys.global_bundle_adjust(iterations, min_observations, out5) : NT_E_NULL;
}

int nt_close_step(nt_tracker* t, int iterations) { return t ? t->sys.close_step(iterations) : NT_E_NULL; }

int nt_stage_times(nt_tracker* t, double* out, int capacity) {
  if (!t || (!out && capacity > 0) || capacity < 0) return NT_E_NULL;
  return t->sys.stage_times(out, capacity);
}

}  // extern "C"
