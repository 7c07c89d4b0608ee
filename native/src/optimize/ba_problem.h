// What the windowed and the global bundle adjustment share: the problem (moving keyframes first, then
// the ones holding the gauge; landmarks; one edge per observation), Levenberg-Marquardt on the camera
// system reduced by the Schur complement of the points, and the outlier handling (robust pass, drop
// what stays beyond the χ² gate, plain pass, remove those observations from the map). Only the way
// the reduced camera system is stored and solved differs: a dense matrix for a window of ten
// keyframes, sparse blocks for a whole map (ReducedSystem).
#pragma once
#include <Eigen/Core>
#include <map>
#include <vector>

#include "../camera/pinhole.h"
#include "../data/keyframe.h"
#include "../feature/orb_params.h"
#include "pose_optimizer.h"
#include "reprojection.h"

namespace nav {

struct BaEdge {
  int cam;   // index into BaProblem::poses
  int pt;    // index into BaProblem::pts
  int kp;
  Observation o;
  bool outlier = false;
};

struct BaProblem {
  std::vector<KeyFrame*> kfs;  // moving first, then held
  int moving = 0;
  std::vector<SE3> poses;
  std::vector<Landmark*> lms;
  std::vector<Vec3> pts;
  std::vector<BaEdge> edges;
  std::vector<std::vector<int>> pt_edges;
  // quadratic terms on single moving cameras (index into poses, prior), never robust
  std::vector<std::pair<int, PosePrior>> priors;
};

using Mat63 = Eigen::Matrix<double, 6, 3>;

// The reduced camera system S·dc = rhs of one LM step over the moving cameras.
class ReducedSystem {
 public:
  virtual ~ReducedSystem() = default;
  virtual void begin(int cameras) = 0;
  virtual void add_diagonal(int c, const Mat6& block) = 0;
  // S(a, b) -= W·Hbᵀ; called for every ordered pair when !upper_only(), else only for a ≤ b
  virtual void subtract(int a, int b, const Mat63& W, const Mat63& Hb) = 0;
  virtual bool upper_only() const = 0;
  // level: the tilt rows of every camera solve to zero. False when the system could not be solved.
  virtual bool solve(const Eigen::VectorXd& rhs, bool level, Eigen::VectorXd& dc) = 0;
};

// Fills poses (levelled for the moving keyframes when `level`), points and the observations of
// problem.lms by problem.kfs; observations by other keyframes are left out.
void build_ba_edges(BaProblem& p, const OrbParams& orb, bool level);

// Σ over the edges not flagged outlier (all edges when include_outliers) of the χ², Huber when robust.
double ba_cost(const BaProblem& p, const PinholeCamera& cam, bool robust, bool include_outliers = false);

// Gauss-Newton blocks of one linearisation: per point, per moving camera, and per edge (camera × point)
struct Linearisation {
  std::vector<Eigen::Matrix3d> Hpp;
  std::vector<Vec3> gp;
  std::vector<Mat63> Hcp;
  std::vector<Mat6> Hcc;
  std::vector<Vec6> gc;
};

// Levenberg-Marquardt over the problem as solve_and_apply runs it (a robust pass, the observations
// beyond the χ² gate flagged, a plain pass), one damping try per step() so that a caller can spread the
// passes over several frames with a bounded cost per frame (an iteration whose first dampings do not
// lower the cost retries up to 5 times, and five tries in one frame were what stalled a robot): the
// same tries in the same order as one uninterrupted run.
class BaRun {
 public:
  BaRun(int iterations_first, int iterations_second, bool level);
  // one damping try of the iteration under way (linearising first when the iteration begins); false
  // when both passes had ended
  bool step(BaProblem& p, const PinholeCamera& cam, ReducedSystem& sys);
  bool done() const { return pass_ >= 2; }
  // no more iterations: the poses and points reached so far are the result
  void finish();

 private:
  void start_pass(BaProblem& p, const PinholeCamera& cam);
  void next_pass_if_ended(BaProblem& p, const PinholeCamera& cam);
  int iterations_[2];
  bool level_;
  int pass_ = 0;  // 0 robust, 1 plain, 2 ended
  bool started_ = false;
  int it_ = 0;
  int tries_ = 0;             // damping tries of the iteration under way
  bool linearised_ = false;  // L_ holds the iteration under way's linearisation
  double lambda_ = 1e-4, cost_ = 0;
  Linearisation L_;
  std::vector<SE3> poses_;
  std::vector<Vec3> pts_;
};

// The observations still beyond the gate leave the map and the result is written back; returns how
// many observations were removed.
int apply_ba(BaProblem& p, const PinholeCamera& cam);

// robust pass, outliers dropped, plain pass; then the observations still beyond the gate leave the
// map and the result is written back. Returns the number of observations removed.
int solve_and_apply(BaProblem& p, const PinholeCamera& cam, int iterations_first, int iterations_second, bool level,
                    ReducedSystem& sys);

}  // namespace nav
