// Pose-graph optimisation over keyframe poses (the essential graph of a loop closure): each edge
// holds a measured relative pose Z_ab ≈ T_a·T_b⁻¹ of world-to-camera poses; Levenberg-Marquardt on
// the left updates of the free poses makes the poses agree with every edge as well as they can, so
// that the error a loop edge reveals is spread along the path instead of left at the loop.
#pragma once
#include <Eigen/SparseCore>
#include <cstdint>
#include <vector>

#include "../util/se3.h"

namespace nav {

struct PoseGraphEdge {
  int a = 0, b = 0;
  SE3 Z;              // measured T_a·T_b⁻¹
  double weight = 1;  // information scale (the same for rotation in radians and translation in metres)
};

// Levenberg-Marquardt a share of an iteration at a time, so that a loop closure can spread its
// optimisation over several frames with a bounded cost per frame (module/loop_closer.h): an iteration
// is linearised kEdgesPerStep edges per step, then solved and tried in one more step (one iteration of
// a map of 160 keyframes took a frame 20-35 ms). The iterations run on the graph as given to the
// constructor, so any split into steps ends at exactly the poses optimize_pose_graph gives.
class PoseGraphSolver {
 public:
  static constexpr size_t kEdgesPerStep = 128;
  PoseGraphSolver(std::vector<SE3> poses, std::vector<uint8_t> fixed, std::vector<PoseGraphEdge> edges, bool level,
                  int iterations);
  // one share of the iteration under way; true once the optimisation has ended (converged, stuck or
  // out of iterations)
  bool step();
  bool done() const { return done_; }
  const std::vector<SE3>& poses() const { return poses_; }
  double cost() const { return cost_; }
  int iterations_run() const { return it_; }

 private:
  void finish();
  void linearise_share();
  void solve_and_try();
  bool pinned(int row) const { return level_ && (row == kTiltRows[0] || row == kTiltRows[1]); }
  // the iteration under way's normal equations, summed over its first edge_next_ edges
  std::vector<Eigen::Triplet<double>> trip_;
  Eigen::VectorXd g_, diag_;
  size_t edge_next_ = 0;
  std::vector<SE3> poses_;
  std::vector<uint8_t> fixed_;
  std::vector<PoseGraphEdge> edges_;
  std::vector<int> var_;
  int nv_ = 0, it_ = 0, iterations_ = 0;
  bool level_ = false, done_ = false;
  double cost_ = 0, lambda_ = 1e-4;
};

// Moves poses[i] for !fixed[i]. `level`: the free poses only turn about their camera's y axis (the
// tilt rows of the update are pinned). Returns the final cost Σ weight·|r|².
double optimize_pose_graph(std::vector<SE3>& poses, const std::vector<uint8_t>& fixed, const std::vector<PoseGraphEdge>& edges,
                           bool level, int iterations);

}  // namespace nav
