#include "pose_graph.h"

#include <Eigen/Sparse>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>
#include <utility>

namespace nav {

namespace {

using Mat6 = Eigen::Matrix<double, 6, 6>;

// [log of the rotation; translation] of Z⁻¹·T_a·T_b⁻¹: zero exactly when the poses agree with the edge
Vec6 residual(const PoseGraphEdge& e, const SE3& Ta, const SE3& Tb) {
  const SE3 E = e.Z.inverse() * Ta * Tb.inverse();
  Vec6 r;
  r.head<3>() = so3_log(E.R);
  r.tail<3>() = E.t;
  return r;
}

double total_cost(const std::vector<SE3>& poses, const std::vector<PoseGraphEdge>& edges) {
  double c = 0;
  for (const auto& e : edges) c += e.weight * residual(e, poses[e.a], poses[e.b]).squaredNorm();
  return c;
}

// forward differences through the same left update the other optimisers use: no hand-derived
// Jacobian of the rotation log to get wrong, and the graph is small (one edge per keyframe pair)
void jacobians(const PoseGraphEdge& e, const SE3& Ta, const SE3& Tb, const Vec6& r0, Mat6& Ja, Mat6& Jb) {
  constexpr double h = 1e-7;
  for (int k = 0; k < 6; ++k) {
    Vec6 d = Vec6::Zero();
    d(k) = h;
    Ja.col(k) = (residual(e, Ta.left_update(d), Tb) - r0) / h;
    Jb.col(k) = (residual(e, Ta, Tb.left_update(d)) - r0) / h;
  }
}

}  // namespace

PoseGraphSolver::PoseGraphSolver(std::vector<SE3> poses, std::vector<uint8_t> fixed, std::vector<PoseGraphEdge> edges,
                                 bool level, int iterations)
    : poses_(std::move(poses)), fixed_(std::move(fixed)), edges_(std::move(edges)), iterations_(iterations), level_(level) {
  const int n = static_cast<int>(poses_.size());
  var_.assign(n, -1);
  for (int i = 0; i < n; ++i)
    if (!fixed_[i]) var_[i] = nv_++;
  cost_ = total_cost(poses_, edges_);
  // nothing to move: the poses stand as given (not even normalised)
  if (nv_ == 0) done_ = true;
  else if (iterations_ <= 0) finish();
}

void PoseGraphSolver::finish() {
  for (auto& p : poses_) p.normalize();
  done_ = true;
}

bool PoseGraphSolver::step() {
  if (done_) return true;
  if (edge_next_ < edges_.size() || edges_.empty()) {
    linearise_share();
    if (edge_next_ < edges_.size()) return false;
  }
  solve_and_try();
  return done_;
}

void PoseGraphSolver::linearise_share() {
  if (edge_next_ == 0) {
    trip_.clear();
    g_ = Eigen::VectorXd::Zero(6 * nv_);
    diag_ = Eigen::VectorXd::Zero(6 * nv_);
  }
  const size_t end = std::min(edges_.size(), edge_next_ + kEdgesPerStep);
  for (; edge_next_ < end; ++edge_next_) {
    const PoseGraphEdge& e = edges_[edge_next_];
    const Vec6 r = residual(e, poses_[e.a], poses_[e.b]);
    Mat6 J[2];
    jacobians(e, poses_[e.a], poses_[e.b], r, J[0], J[1]);
    const int v[2] = {var_[e.a], var_[e.b]};
    for (int p = 0; p < 2; ++p) {
      if (v[p] < 0) continue;
      g_.segment<6>(6 * v[p]) += e.weight * J[p].transpose() * r;
      for (int q = 0; q < 2; ++q) {
        if (v[q] < 0) continue;
        const Mat6 H = e.weight * J[p].transpose() * J[q];
        for (int rr = 0; rr < 6; ++rr)
          for (int cc = 0; cc < 6; ++cc) {
            if (pinned(rr) || pinned(cc)) continue;
            trip_.emplace_back(6 * v[p] + rr, 6 * v[q] + cc, H(rr, cc));
            if (p == q && rr == cc) diag_(6 * v[p] + rr) += H(rr, cc);
          }
      }
    }
  }
}

void PoseGraphSolver::solve_and_try() {
  const int n = static_cast<int>(poses_.size()), nv = nv_;
  ++it_;
  // the next iteration linearises afresh
  edge_next_ = 0;
  // damping on the diagonal; pinned rows get a unit diagonal and no gradient, so they solve to 0
  for (int k = 0; k < 6 * nv; ++k) {
    if (pinned(k % 6)) { trip_.emplace_back(k, k, 1.0); g_(k) = 0; }
    else trip_.emplace_back(k, k, lambda_ * std::max(diag_(k), 1e-9));
  }
  Eigen::SparseMatrix<double> H(6 * nv, 6 * nv);
  H.setFromTriplets(trip_.begin(), trip_.end());
  trip_.clear();
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> solver(H);
  if (solver.info() != Eigen::Success) { finish(); return; }
  const Eigen::VectorXd dx = solver.solve(-g_);
  if (!dx.allFinite()) { finish(); return; }
  std::vector<SE3> trial = poses_;
  for (int i = 0; i < n; ++i)
    if (var_[i] >= 0) trial[i] = poses_[i].left_update(dx.segment<6>(6 * var_[i]));
  const double c = total_cost(trial, edges_);
  bool stop = false;
  if (c < cost_) {
    poses_.swap(trial);
    stop = cost_ - c < 1e-10 * cost_;
    cost_ = c;
    lambda_ = std::max(lambda_ * 0.1, 1e-8);
  } else {
    lambda_ *= 10;
    stop = lambda_ > 1e4;
  }
  if (stop || it_ >= iterations_) finish();
}

double optimize_pose_graph(std::vector<SE3>& poses, const std::vector<uint8_t>& fixed, const std::vector<PoseGraphEdge>& edges,
                           bool level, int iterations) {
  PoseGraphSolver s(poses, fixed, edges, level, iterations);
  while (!s.step()) {
  }
  poses = s.poses();
  return s.cost();
}

}  // namespace nav
