#include "frame_tracker.h"

#include "../match/projection_matcher.h"
#include "../optimize/pose_optimizer.h"
#include "keyframe_fit.h"

namespace nav {

namespace {

int drop_outliers(Frame& cur) {
  int kept = 0;
  for (int i = 0; i < cur.size(); ++i) {
    if (!cur.landmarks[i]) continue;
    if (cur.outlier[i]) {
      cur.landmarks[i].reset();
      cur.outlier[i] = 0;
    } else {
      ++kept;
    }
  }
  return kept;
}

}  // namespace

int track_with_motion_model(Frame& cur, const Frame& last, const TrackerContext& ctx, const PosePrior* prior) {
  const SE3 predicted = cur.Tcw;
  std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
  int n = match_from_last_frame(cur, last, ctx.tp.last_frame_radius, ctx.cam, ctx.orb);
  if (n < ctx.tp.min_motion_matches) {
    // the prediction is off: search twice as wide
    std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
    n = match_from_last_frame(cur, last, 2.0f * ctx.tp.last_frame_radius, ctx.cam, ctx.orb);
  }
  if (n < ctx.tp.min_motion_matches) return 0;
  const int inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion, prior);
  if (inl < ctx.tp.min_pose_inliers) {
    cur.Tcw = predicted;
    return 0;
  }
  return drop_outliers(cur);
}

int track_reference_keyframe(Frame& cur, KeyFrame& ref, const TrackerContext& ctx, const PosePrior* prior) {
  std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
  std::vector<LandmarkPtr> lms;
  for (const LandmarkPtr& lm : ref.landmarks) {
    if (!lm || lm->bad) continue;
    if (landmark_in_frustum(*lm, cur, ctx.cam, ctx.orb)) lms.push_back(lm);
  }
  // no motion model to trust: a wide window (a commanded motion, when given, only weights the pose)
  int n = match_landmarks(cur, lms, 6.0f, 100, ctx.cam, ctx.orb);
  if (n < 15) return 0;
  const SE3 start = cur.Tcw;
  const int inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion, prior);
  if (inl < ctx.tp.min_pose_inliers) {
    cur.Tcw = start;
    return 0;
  }
  return drop_outliers(cur);
}

int track_reference_keyframe_by_descriptors(Frame& cur, KeyFrame& ref, const TrackerContext& ctx, const PosePrior* prior) {
  // the relocaliser's rigid fit (its tolerances): the matches alone give the pose, no prediction
  const SE3 start = cur.Tcw;
  if (fit_to_keyframe(cur, ref, ctx, 15, 12) != KeyframeFit::ok) return 0;
  const int inl = optimize_pose(cur, ctx.cam, ctx.orb, ctx.tp.level_motion, prior);
  if (inl < ctx.tp.min_pose_inliers) {
    cur.Tcw = start;
    std::fill(cur.landmarks.begin(), cur.landmarks.end(), nullptr);
    return 0;
  }
  return drop_outliers(cur);
}

}  // namespace nav
