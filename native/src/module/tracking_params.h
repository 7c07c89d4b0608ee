// Tunables of tracking and mapping, with the published ORB-SLAM RGB-D values where there are any.
#pragma once
#include <cmath>

namespace nav {

struct TrackingParams {
  float last_frame_radius = 7.0f;      // projection window from the previous frame (pixels at level 0)
  int min_motion_matches = 20;         // below this the window is doubled
  int min_pose_inliers = 10;           // a frame pose with fewer inliers is rejected
  int min_local_map_inliers = 30;
  // a frame tracked from a prediction with fewer local-map inliers than this share of the last
  // frame's is also tracked from the reference keyframe by descriptor (tracking_module.cc)
  double inlier_drop_ratio = 0.5;
  int min_inliers_after_reloc = 50;
  int reloc_grace_frames = 30;         // frames after relocalisation that need the stricter count
  int max_local_keyframes = 80;
  int min_init_points = 150;           // keypoints with depth needed to open a map
  // a keyframe at least this often (frames), whatever the match ratio: ORB-SLAM's rule of one per
  // second of frames (its maxFrames = fps); 30 suits a 30 Hz sensor
  int max_frames_between_kf = 30;
  double recently_lost_timeout = 3.0;  // seconds of recently_lost before the map is given up (lost)
  double min_depth = 0.1, max_depth = 10.0;  // metres; depth outside is treated as missing
  // points nearer than this are "close": each becomes a landmark at a keyframe (published setting:
  // 40 virtual baselines of 8 cm); farther ones only up to 100 per keyframe
  double close_depth = 40.0 * 0.08;
  // level motion: the camera only turns about the world's y axis (a wheeled base on a flat floor);
  // every pose the optimisers produce is kept level (off by default: a handheld camera tilts)
  bool level_motion = false;
  // keyframes near the current pose (within proximity_radius metres, facing within ~45°) added to the
  // local map whatever their covisibility: re-visits track against the first visit's landmarks
  int proximity_keyframes = 0;
  double proximity_radius = 1.5;
  // after a map is loaded, frames that do not relocalise in it open no new map for this many frames:
  // the robot is in the saved house and turns in place to find it (120 = one turn at 3° per frame)
  int reloc_patience_frames = 120;
  // relocalising in a loaded map needs two consecutive frames whose poses agree this closely: a
  // single frame can match a look-alike place, two independent solutions a few degrees apart rarely do
  double reloc_agree_m = 0.2;
  double reloc_agree_rad = 0.21;  // 12°
  int reloc_agree_frames = 2;  // consecutive frames that must agree (NT_P_RELOC_AGREE_FRAMES)
  // keyframes the place index proposes to one relocalisation attempt in a loaded map, best first
  int reloc_candidates = 8;
  // a relocalisation in a loaded map is refused when its pose looks through more than this share of
  // the matched place's landmarks in view (module/free_space_check.h)
  double reloc_max_seen_through = 0.1;
  // place recognition over the keyframes of the current map and loop closing (pose graph over
  // keyframes) after each new keyframe; off by default until measured on every sequence
  bool loop_closing = false;
  // pose-graph steps of a loop closure run per tracked frame (a step linearises
  // PoseGraphSolver::kEdgesPerStep edges of an iteration, or solves it; module/loop_closer.h), the
  // search verifying one proposed place per frame and the map refreshed in shares after the commit;
  // 0: the search, the whole closure and the refresh in one frame
  int close_slice = 0;
  // Levenberg-Marquardt damping tries of a new keyframe's windowed bundle adjustment run per tracked
  // frame (module/local_mapper.h; an iteration takes one try or, when the cost rises, up to 5); 0: the
  // whole adjustment in the keyframe's frame
  int ba_slice = 0;
  // while tracking in a map opened after a loaded one was not found, relocalise each new keyframe in
  // the loaded map and move back into it (tracking_module.cc, try_late_relocalise)
  bool late_relocalisation = true;
  // The commanded motion's prior (given per frame with nt_track_motion; NT_P_MOTION_SIGMA_M / _DEG):
  // the standard deviation of the camera's true motion about the commanded one over one frame. A
  // wheeled base's odometry over one sub-motion (≤ 5 cm forward or 3° in place) is good to a few
  // centimetres and a degree or two (wheel slip, a collision that stops a forward short, an uneven
  // turn). Against it, one inlier with depth at 2 m constrains the camera to ~1 cm (1 px at fx ≈ 194
  // plus the virtual right coordinate), so a hundred consistent inliers outweigh the prior many times
  // over, while a handful of matches on one blank wall, free to slide sideways during a turn in place
  // (the failure it is for: ~7 cm per frame, 1.4 m in 20 frames), pay a χ² of ~2–6 per frame for it.
  // On the lifelong bench (simulator houses 7, 11, 23, 7:aliasing) 5 cm / 2° removed house 11's slide
  // as fully as 3 cm / 1° or 1.5 cm / 0.5° did; the tighter settings also changed which loops house 7
  // found (3 cm / 1° missed its first closure), so the looser one, which leaves features more say, is
  // the default.
  double motion_sigma_m = 0.05;
  double motion_sigma_rad = 2.0 * M_PI / 180.0;
  // Without a commanded motion (frames only): the camera rides a wheeled base over its turning axis,
  // which turns in place or drives along its heading but cannot slide sideways (NT_P_LATERAL_SIGMA_M;
  // 0 = free, a handheld camera). The pose optimisation then pays for sideways motion from the last
  // frame, nothing for its turn or its forward and vertical motion. Frames only, a turn in place before
  // a close blank wall kept few matches and traded yaw for sideways slide, the failure the commanded
  // motion's prior above was for (house 11's lap: 2.5 m and 17° in ten frames of a turn, 41–70 inliers).
  double lateral_sigma_m = 0.0;
  int ba_window = 10;
  int ba_max_fixed = 20;
};

}  // namespace nav
