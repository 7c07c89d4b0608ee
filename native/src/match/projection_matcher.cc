#include "projection_matcher.h"

#include <cmath>

#include "hamming.h"
#include "rotation_histogram.h"
#include "../util/stage_timer.h"

namespace nav {

int match_from_last_frame(Frame& cur, const Frame& last, float th, const PinholeCamera& cam, const OrbParams& orb) {
  StageScope timed(Stage::Matching);
  int n = 0;
  RotationHistogram hist;
  std::vector<int> cand;
  const int top = orb.num_levels - 1;
  for (int i = 0; i < last.size(); ++i) {
    const LandmarkPtr& lm = last.landmarks[i];
    if (!lm || lm->bad || last.outlier[i]) continue;
    const Vec3 pc = cur.Tcw * lm->pos;
    if (pc.z() <= 1e-6) continue;
    const double iz = 1.0 / pc.z();
    const double u = cam.fx * pc.x() * iz + cam.cx, v = cam.fy * pc.y() * iz + cam.cy;
    if (!cam.in_image(u, v)) continue;
    const double ur = u - cam.bf * iz;
    const int lvl = last.kps[i].level;
    const float r = th * static_cast<float>(orb.scale[lvl]);
    cur.grid.query(cur.kps, static_cast<float>(u), static_cast<float>(v), r, std::max(0, lvl - 1), std::min(top, lvl + 1), cand);
    int best = 256, best_j = -1;
    for (int j : cand) {
      if (cur.landmarks[j] && cur.landmarks[j]->num_obs() > 0) continue;
      if (cur.depth[j] > 0 && std::fabs(ur - cur.u_right[j]) > cam.right_gate(r)) continue;
      const int d = hamming(lm->desc, cur.descriptor(j));
      if (d < best) { best = d; best_j = j; }
    }
    if (best_j >= 0 && best <= kMatchHigh) {
      cur.landmarks[best_j] = lm;
      cur.outlier[best_j] = 0;
      hist.add(last.kps[i].angle, cur.kps[best_j].angle, best_j);
      ++n;
    }
  }
  for (int j : hist.rejected()) {
    if (cur.landmarks[j]) { cur.landmarks[j].reset(); --n; }
  }
  return n;
}

bool landmark_in_frustum(Landmark& lm, const Frame& f, const PinholeCamera& cam, const OrbParams& orb) {
  lm.in_view = false;
  const Vec3 pc = f.Tcw * lm.pos;
  if (pc.z() <= 1e-6) return false;
  const double iz = 1.0 / pc.z();
  const double u = cam.fx * pc.x() * iz + cam.cx, v = cam.fy * pc.y() * iz + cam.cy;
  if (!cam.in_image(u, v)) return false;
  const Vec3 po = lm.pos - f.camera_center();
  const double dist = po.norm();
  if (dist < 0.8 * lm.min_dist || dist > 1.2 * lm.max_dist) return false;
  const double vc = po.dot(lm.normal) / dist;
  if (vc < 0.5) return false;
  // the level at which the point should appear: its scale relative to the farthest recognisable distance
  int level = static_cast<int>(std::ceil(std::log(lm.max_dist / dist) / orb.log_scale));
  level = std::max(0, std::min(orb.num_levels - 1, level));
  lm.in_view = true;
  lm.proj_u = static_cast<float>(u);
  lm.proj_v = static_cast<float>(v);
  lm.proj_ur = static_cast<float>(u - cam.bf * iz);
  lm.view_cos = static_cast<float>(vc);
  lm.pred_level = level;
  return true;
}

int match_landmarks(Frame& cur, const std::vector<LandmarkPtr>& lms, float th, int max_dist, const PinholeCamera& cam,
                    const OrbParams& orb) {
  StageScope timed(Stage::Matching);
  int n = 0;
  std::vector<int> cand;
  for (const LandmarkPtr& lm : lms) {
    if (!lm->in_view || lm->bad) continue;
    const float view = lm->view_cos > 0.998f ? 2.5f : 4.0f;
    const float r = th * view * static_cast<float>(orb.scale[lm->pred_level]);
    cur.grid.query(cur.kps, lm->proj_u, lm->proj_v, r, std::max(0, lm->pred_level - 1), lm->pred_level, cand);
    int best = 256, second = 256, best_j = -1, best_lvl = -1, second_lvl = -1;
    for (int j : cand) {
      if (cur.landmarks[j] && cur.landmarks[j]->num_obs() > 0) continue;
      if (cur.depth[j] > 0 && std::fabs(lm->proj_ur - cur.u_right[j]) > cam.right_gate(r)) continue;
      const int d = hamming(lm->desc, cur.descriptor(j));
      if (d < best) {
        second = best; second_lvl = best_lvl;
        best = d; best_j = j; best_lvl = cur.kps[j].level;
      } else if (d < second) {
        second = d; second_lvl = cur.kps[j].level;
      }
    }
    if (best_j < 0 || best > max_dist) continue;
    // ambiguous: a nearly as good candidate on the same level
    if (best_lvl == second_lvl && best > 0.8f * second) continue;
    cur.landmarks[best_j] = lm;
    cur.outlier[best_j] = 0;
    ++n;
  }
  return n;
}

}  // namespace nav
