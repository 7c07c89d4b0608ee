#include "local_bundle_adjuster.h"

#include <Eigen/Dense>
#include <algorithm>
#include <vector>

#include "../data/landmark_ops.h"
#include "reprojection.h"

namespace nav {

namespace {

struct BaEdge {
  int cam;   // index into poses
  int pt;    // index into points
  int kp;
  Observation o;
  bool outlier = false;
};

struct Problem {
  std::vector<KeyFrame*> kfs;   // moving first, then fixed
  int moving = 0;
  std::vector<SE3> poses;
  std::vector<Landmark*> lms;
  std::vector<Vec3> pts;
  std::vector<BaEdge> edges;
  std::vector<std::vector<int>> pt_edges;
};

double cost_of(const Problem& p, const std::vector<SE3>& poses, const std::vector<Vec3>& pts, const PinholeCamera& cam,
               bool robust) {
  double c = 0;
  for (const BaEdge& ed : p.edges) {
    if (ed.outlier) continue;
    double e[3];
    if (!project_residual(cam, ed.o, poses[ed.cam] * pts[ed.pt], e, nullptr)) { c += 1e6; continue; }
    c += edge_cost(ed.o, chi2_of(ed.o, e), robust);
  }
  return c;
}

void run_lm(Problem& p, const PinholeCamera& cam, int iterations, bool robust, bool level) {
  const int nc = p.moving, np = static_cast<int>(p.pts.size());
  const int dim = 6 * nc;
  double lambda = 1e-4;
  double cost = cost_of(p, p.poses, p.pts, cam, robust);
  std::vector<Eigen::Matrix3d> Hpp(np);
  std::vector<Vec3> gp(np);
  std::vector<Eigen::Matrix<double, 6, 3>> Hcp(p.edges.size());
  std::vector<Mat6> Hcc(nc);
  std::vector<Vec6> gc(nc);
  for (int it = 0; it < iterations; ++it) {
    for (auto& m : Hpp) m.setZero();
    for (auto& v : gp) v.setZero();
    for (auto& m : Hcc) m.setZero();
    for (auto& v : gc) v.setZero();
    for (size_t k = 0; k < p.edges.size(); ++k) {
      BaEdge& ed = p.edges[k];
      Hcp[k].setZero();
      if (ed.outlier) continue;
      const SE3& T = p.poses[ed.cam];
      const Vec3 pc = T * p.pts[ed.pt];
      double e[3];
      Eigen::Matrix3d jp;
      if (!project_residual(cam, ed.o, pc, e, &jp)) continue;
      const double w = edge_weight(ed.o, chi2_of(ed.o, e), robust);
      const int rows = ed.o.stereo() ? 3 : 2;
      const Eigen::Matrix3d Jx = -jp * T.R;  // de/dXw
      Eigen::Matrix<double, 3, 6> Jc;
      if (ed.cam < nc) Jc = -jp * dpc_dpose(pc);
      for (int r = 0; r < rows; ++r) {
        Hpp[ed.pt].noalias() += w * Jx.row(r).transpose() * Jx.row(r);
        gp[ed.pt].noalias() += w * e[r] * Jx.row(r).transpose();
        if (ed.cam < nc) {
          Hcc[ed.cam].noalias() += w * Jc.row(r).transpose() * Jc.row(r);
          gc[ed.cam].noalias() += w * e[r] * Jc.row(r).transpose();
          Hcp[k].noalias() += w * Jc.row(r).transpose() * Jx.row(r);
        }
      }
    }
    bool improved = false;
    for (int tries = 0; tries < 5 && !improved; ++tries) {
      Eigen::MatrixXd S = Eigen::MatrixXd::Zero(dim, dim);
      Eigen::VectorXd rhs = Eigen::VectorXd::Zero(dim);
      for (int c = 0; c < nc; ++c) {
        Mat6 A = Hcc[c];
        A.diagonal() += lambda * (Hcc[c].diagonal().array() + 1e-6).matrix();
        S.block<6, 6>(6 * c, 6 * c) += A;
        rhs.segment<6>(6 * c) -= gc[c];
      }
      std::vector<Eigen::Matrix3d> Hinv(np);
      for (int q = 0; q < np; ++q) {
        Eigen::Matrix3d A = Hpp[q];
        A.diagonal() += lambda * (Hpp[q].diagonal().array() + 1e-6).matrix();
        Hinv[q] = A.inverse();
        const auto& es = p.pt_edges[q];
        for (int a : es) {
          const BaEdge& ea = p.edges[a];
          if (ea.outlier || ea.cam >= nc) continue;
          const Eigen::Matrix<double, 6, 3> W = Hcp[a] * Hinv[q];
          rhs.segment<6>(6 * ea.cam) += W * gp[q];
          for (int b : es) {
            const BaEdge& eb = p.edges[b];
            if (eb.outlier || eb.cam >= nc) continue;
            S.block<6, 6>(6 * ea.cam, 6 * eb.cam).noalias() -= W * Hcp[b].transpose();
          }
        }
      }
      if (level) {
        // pin the tilt of every moving keyframe: its update keeps it level
        for (int c = 0; c < nc; ++c) {
          for (int r : kTiltRows) {
            const int i = 6 * c + r;
            S.row(i).setZero();
            S.col(i).setZero();
            S(i, i) = 1.0;
            rhs(i) = 0.0;
          }
        }
      }
      Eigen::VectorXd dc = dim > 0 ? Eigen::VectorXd(S.ldlt().solve(rhs)) : Eigen::VectorXd();
      if (dim > 0 && !dc.allFinite()) { lambda *= 10; continue; }
      std::vector<SE3> poses = p.poses;
      std::vector<Vec3> pts = p.pts;
      for (int c = 0; c < nc; ++c) poses[c] = p.poses[c].left_update(dc.segment<6>(6 * c));
      for (int q = 0; q < np; ++q) {
        Vec3 r = -gp[q];
        for (int a : p.pt_edges[q]) {
          const BaEdge& ea = p.edges[a];
          if (ea.outlier || ea.cam >= nc) continue;
          r -= Hcp[a].transpose() * dc.segment<6>(6 * ea.cam);
        }
        const Vec3 dp = Hinv[q] * r;
        if (dp.allFinite()) pts[q] += dp;
      }
      const double c = cost_of(p, poses, pts, cam, robust);
      if (c < cost) {
        p.poses.swap(poses);
        p.pts.swap(pts);
        const bool converged = cost - c < 1e-6 * cost;
        cost = c;
        lambda = std::max(1e-9, lambda * 0.3);
        improved = true;
        if (converged) it = iterations;
      } else {
        lambda *= 10;
      }
    }
    if (!improved) break;
  }
}

}  // namespace

int local_bundle_adjust(KeyFrame* kf, MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb,
                        const LocalBaOptions& opt, uint64_t stamp) {
  (void)map;
  Problem p;
  p.kfs.push_back(kf);
  kf->ba_local_for = stamp;
  for (KeyFrame* n : kf->best_covisible(opt.window - 1)) {
    n->ba_local_for = stamp;
    p.kfs.push_back(n);
  }
  for (KeyFrame* k : p.kfs) {
    for (const LandmarkPtr& lm : k->landmarks) {
      if (!lm || lm->bad || lm->ba_mark == stamp) continue;
      lm->ba_mark = stamp;
      p.lms.push_back(lm.get());
    }
  }
  if (p.lms.empty()) return 0;
  // gauge: keyframes that see the local landmarks but are outside the window, most shared first
  std::map<KeyFrame*, int> outside;
  for (Landmark* lm : p.lms)
    for (const auto& o : lm->obs)
      if (o.first->ba_local_for != stamp) outside[o.first]++;
  std::vector<std::pair<int, KeyFrame*>> fixed;
  for (const auto& o : outside) fixed.emplace_back(o.second, o.first);
  std::sort(fixed.begin(), fixed.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second->id < b.second->id;
  });
  if (static_cast<int>(fixed.size()) > opt.max_fixed) fixed.resize(opt.max_fixed);
  // the map's first keyframe never moves
  std::vector<KeyFrame*> moving;
  std::vector<KeyFrame*> held;
  for (KeyFrame* k : p.kfs) (k->fixed ? held : moving).push_back(k);
  for (const auto& f : fixed) {
    f.second->ba_fixed_for = stamp;
    held.push_back(f.second);
  }
  if (moving.empty()) return 0;
  p.kfs = moving;
  p.moving = static_cast<int>(moving.size());
  p.kfs.insert(p.kfs.end(), held.begin(), held.end());
  std::map<KeyFrame*, int> cam_index;
  for (size_t i = 0; i < p.kfs.size(); ++i) {
    cam_index[p.kfs[i]] = static_cast<int>(i);
    p.poses.push_back(opt.level && static_cast<int>(i) < p.moving ? levelled(p.kfs[i]->Tcw) : p.kfs[i]->Tcw);
  }
  p.pt_edges.resize(p.lms.size());
  for (size_t q = 0; q < p.lms.size(); ++q) {
    Landmark* lm = p.lms[q];
    p.pts.push_back(lm->pos);
    for (const auto& o : lm->obs) {
      auto it = cam_index.find(o.first);
      if (it == cam_index.end()) continue;
      const KeyFrame* k = o.first;
      const KeyPoint& kp = k->kps[o.second];
      p.pt_edges[q].push_back(static_cast<int>(p.edges.size()));
      p.edges.push_back(BaEdge{it->second, static_cast<int>(q), o.second,
                               Observation{kp.x, kp.y, k->u_right[o.second], orb.inv_sigma2[kp.level], k->depth[o.second] > 0}, false});
    }
  }
  run_lm(p, cam, opt.iterations_first, true, opt.level);
  // drop observations that are clearly wrong, then polish without the robust kernel
  for (BaEdge& ed : p.edges) {
    double e[3];
    const bool front = project_residual(cam, ed.o, p.poses[ed.cam] * p.pts[ed.pt], e, nullptr);
    ed.outlier = !front || chi2_of(ed.o, e) > chi2_threshold(ed.o);
  }
  run_lm(p, cam, opt.iterations_second, false, opt.level);
  int removed = 0;
  for (BaEdge& ed : p.edges) {
    double e[3];
    const bool front = project_residual(cam, ed.o, p.poses[ed.cam] * p.pts[ed.pt], e, nullptr);
    if (front && chi2_of(ed.o, e) <= chi2_threshold(ed.o)) continue;
    KeyFrame* k = p.kfs[ed.cam];
    Landmark* lm = p.lms[ed.pt];
    if (k->landmarks[ed.kp].get() == lm) {
      k->landmarks[ed.kp].reset();
      remove_observation(*lm, k);
      if (lm->obs.size() < 2) detach_landmark(*lm);
      ++removed;
    }
  }
  for (int c = 0; c < p.moving; ++c) {
    SE3 T = p.poses[c];
    T.normalize();
    if (T.finite()) p.kfs[c]->Tcw = T;
  }
  for (size_t q = 0; q < p.lms.size(); ++q)
    if (p.pts[q].allFinite()) p.lms[q]->pos = p.pts[q];
  return removed;
}

}  // namespace nav
