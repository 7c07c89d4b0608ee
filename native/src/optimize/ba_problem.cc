#include "ba_problem.h"

#include <algorithm>
#include <unordered_map>

#include "../data/landmark_ops.h"

namespace nav {

namespace {

double cost_at(const BaProblem& p, const std::vector<SE3>& poses, const std::vector<Vec3>& pts, const PinholeCamera& cam,
               bool robust, bool include_outliers) {
  double c = 0;
  for (const auto& pr : p.priors) c += prior_cost(&pr.second, poses[pr.first]);
  for (const BaEdge& ed : p.edges) {
    if (ed.outlier && !include_outliers) continue;
    double e[3];
    if (!project_residual(cam, ed.o, poses[ed.cam] * pts[ed.pt], e, nullptr)) { c += 1e6; continue; }
    c += edge_cost(ed.o, chi2_of(ed.o, e), robust);
  }
  return c;
}

bool beyond_gate(const BaProblem& p, const BaEdge& ed, const PinholeCamera& cam) {
  double e[3];
  const bool front = project_residual(cam, ed.o, p.poses[ed.cam] * p.pts[ed.pt], e, nullptr);
  return !front || chi2_of(ed.o, e) > chi2_threshold(ed.o);
}

void linearise(const BaProblem& p, const PinholeCamera& cam, bool robust, Linearisation& L) {
  const int nc = p.moving;
  L.Hpp.assign(p.pts.size(), Eigen::Matrix3d::Zero());
  L.gp.assign(p.pts.size(), Vec3::Zero());
  L.Hcp.resize(p.edges.size());
  L.Hcc.assign(nc, Mat6::Zero());
  L.gc.assign(nc, Vec6::Zero());
  for (size_t k = 0; k < p.edges.size(); ++k) {
    const BaEdge& ed = p.edges[k];
    L.Hcp[k].setZero();
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
      L.Hpp[ed.pt].noalias() += w * Jx.row(r).transpose() * Jx.row(r);
      L.gp[ed.pt].noalias() += w * e[r] * Jx.row(r).transpose();
      if (ed.cam < nc) {
        L.Hcc[ed.cam].noalias() += w * Jc.row(r).transpose() * Jc.row(r);
        L.gc[ed.cam].noalias() += w * e[r] * Jc.row(r).transpose();
        L.Hcp[k].noalias() += w * Jc.row(r).transpose() * Jx.row(r);
      }
    }
  }
  for (const auto& pr : p.priors)
    if (pr.first < nc) add_prior_blocks(pr.second, p.poses[pr.first], L.Hcc[pr.first], L.gc[pr.first]);
}

// One damped step: the reduced camera system is solved, then each point's update follows from it.
// False when the system gave no finite step.
bool damped_step(const BaProblem& p, const Linearisation& L, double lambda, bool level, ReducedSystem& sys,
                 std::vector<SE3>& poses, std::vector<Vec3>& pts) {
  const int nc = p.moving, np = static_cast<int>(p.pts.size());
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(6 * nc);
  sys.begin(nc);
  for (int c = 0; c < nc; ++c) {
    Mat6 A = L.Hcc[c];
    A.diagonal() += lambda * (L.Hcc[c].diagonal().array() + 1e-6).matrix();
    sys.add_diagonal(c, A);
    rhs.segment<6>(6 * c) -= L.gc[c];
  }
  const bool upper = sys.upper_only();
  std::vector<Eigen::Matrix3d> Hinv(np);
  for (int q = 0; q < np; ++q) {
    Eigen::Matrix3d A = L.Hpp[q];
    A.diagonal() += lambda * (L.Hpp[q].diagonal().array() + 1e-6).matrix();
    Hinv[q] = A.inverse();
    const auto& es = p.pt_edges[q];
    for (int a : es) {
      const BaEdge& ea = p.edges[a];
      if (ea.outlier || ea.cam >= nc) continue;
      const Mat63 W = L.Hcp[a] * Hinv[q];
      rhs.segment<6>(6 * ea.cam) += W * L.gp[q];
      for (int b : es) {
        const BaEdge& eb = p.edges[b];
        if (eb.outlier || eb.cam >= nc || (upper && eb.cam < ea.cam)) continue;
        sys.subtract(ea.cam, eb.cam, W, L.Hcp[b]);
      }
    }
  }
  Eigen::VectorXd dc;
  if (nc > 0 && (!sys.solve(rhs, level, dc) || !dc.allFinite())) return false;
  poses = p.poses;
  pts = p.pts;
  for (int c = 0; c < nc; ++c) poses[c] = p.poses[c].left_update(dc.segment<6>(6 * c));
  for (int q = 0; q < np; ++q) {
    Vec3 r = -L.gp[q];
    for (int a : p.pt_edges[q]) {
      const BaEdge& ea = p.edges[a];
      if (ea.outlier || ea.cam >= nc) continue;
      r -= L.Hcp[a].transpose() * dc.segment<6>(6 * ea.cam);
    }
    const Vec3 dp = Hinv[q] * r;
    if (dp.allFinite()) pts[q] += dp;
  }
  return true;
}

}  // namespace

void build_ba_edges(BaProblem& p, const OrbParams& orb, bool level) {
  std::unordered_map<const KeyFrame*, int> cam_index;
  p.poses.clear();
  for (size_t i = 0; i < p.kfs.size(); ++i) {
    cam_index[p.kfs[i]] = static_cast<int>(i);
    p.poses.push_back(level && static_cast<int>(i) < p.moving ? levelled(p.kfs[i]->Tcw) : p.kfs[i]->Tcw);
  }
  p.pts.clear();
  p.edges.clear();
  p.pt_edges.assign(p.lms.size(), {});
  for (size_t q = 0; q < p.lms.size(); ++q) {
    const Landmark* lm = p.lms[q];
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
}

double ba_cost(const BaProblem& p, const PinholeCamera& cam, bool robust, bool include_outliers) {
  return cost_at(p, p.poses, p.pts, cam, robust, include_outliers);
}

BaRun::BaRun(int iterations_first, int iterations_second, bool level)
    : iterations_{iterations_first, iterations_second}, level_(level) {}

void BaRun::start_pass(BaProblem& p, const PinholeCamera& cam) {
  if (pass_ == 1) {
    // drop observations that are clearly wrong, then polish without the robust kernel
    for (BaEdge& ed : p.edges) ed.outlier = beyond_gate(p, ed, cam);
  }
  lambda_ = 1e-4;
  cost_ = ba_cost(p, cam, pass_ == 0);
  it_ = 0;
  linearised_ = false;
  started_ = true;
}

void BaRun::next_pass_if_ended(BaProblem& p, const PinholeCamera& cam) {
  while (pass_ < 2) {
    if (!started_) start_pass(p, cam);
    if (it_ < iterations_[pass_]) return;
    ++pass_;
    started_ = false;
  }
}

bool BaRun::step(BaProblem& p, const PinholeCamera& cam, ReducedSystem& sys) {
  next_pass_if_ended(p, cam);
  if (pass_ >= 2) return false;
  const bool robust = pass_ == 0;
  if (!linearised_) {
    linearise(p, cam, robust, L_);
    linearised_ = true;
    tries_ = 0;
  }
  bool improved = false, converged = false;
  ++tries_;
  if (!damped_step(p, L_, lambda_, level_, sys, poses_, pts_)) {
    lambda_ *= 10;
  } else {
    const double c = cost_at(p, poses_, pts_, cam, robust, false);
    if (c < cost_) {
      p.poses.swap(poses_);
      p.pts.swap(pts_);
      converged = cost_ - c < 1e-6 * cost_;
      cost_ = c;
      lambda_ = std::max(1e-9, lambda_ * 0.3);
      improved = true;
    } else {
      lambda_ *= 10;
    }
  }
  // a pass ends after its iterations, at convergence, or when no damping (of 5) improves the cost
  if (improved || tries_ >= 5) {
    it_ = improved && !converged ? it_ + 1 : iterations_[pass_];
    linearised_ = false;
  }
  // so that done() says at once when no iteration is left
  next_pass_if_ended(p, cam);
  return true;
}

void BaRun::finish() { pass_ = 2; }

int apply_ba(BaProblem& p, const PinholeCamera& cam) {
  int removed = 0;
  for (BaEdge& ed : p.edges) {
    if (!beyond_gate(p, ed, cam)) continue;
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

int solve_and_apply(BaProblem& p, const PinholeCamera& cam, int iterations_first, int iterations_second, bool level,
                    ReducedSystem& sys) {
  BaRun run(iterations_first, iterations_second, level);
  while (run.step(p, cam, sys)) {
  }
  return apply_ba(p, cam);
}

}  // namespace nav
