#include "local_bundle_adjuster.h"

#include <Eigen/Dense>
#include <algorithm>
#include <vector>

#include "ba_problem.h"

namespace nav {

namespace {

// A window of ten keyframes: the reduced system is small enough to store and factor densely.
class DenseReducedSystem : public ReducedSystem {
 public:
  void begin(int cameras) override {
    S_ = Eigen::MatrixXd::Zero(6 * cameras, 6 * cameras);
  }
  void add_diagonal(int c, const Mat6& block) override { S_.block<6, 6>(6 * c, 6 * c) += block; }
  void subtract(int a, int b, const Mat63& W, const Mat63& Hb) override {
    S_.block<6, 6>(6 * a, 6 * b).noalias() -= W * Hb.transpose();
  }
  bool upper_only() const override { return false; }
  bool solve(const Eigen::VectorXd& rhs_in, bool level, Eigen::VectorXd& dc) override {
    Eigen::VectorXd rhs = rhs_in;
    if (level) {
      // pin the tilt of every moving keyframe: its update keeps it level
      for (int c = 0; c < S_.rows() / 6; ++c) {
        for (int r : kTiltRows) {
          const int i = 6 * c + r;
          S_.row(i).setZero();
          S_.col(i).setZero();
          S_(i, i) = 1.0;
          rhs(i) = 0.0;
        }
      }
    }
    dc = S_.ldlt().solve(rhs);
    return true;
  }

 private:
  Eigen::MatrixXd S_;
};

}  // namespace

std::unique_ptr<LocalBa> begin_local_bundle_adjust(KeyFrame* kf, const PinholeCamera& cam, const OrbParams& orb,
                                                   const LocalBaOptions& opt, uint64_t stamp) {
  (void)cam;
  auto ba = std::make_unique<LocalBa>(opt.iterations_first, opt.iterations_second, opt.level);
  BaProblem& p = ba->p;
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
      ba->held.push_back(lm);
    }
  }
  if (p.lms.empty()) return nullptr;
  // gauge: keyframes that see the local landmarks but are outside the window, most shared first
  KeyFrameWeights outside;
  for (Landmark* lm : p.lms)
    for (const auto& o : lm->obs)
      if (o.first->ba_local_for != stamp) outside[o.first]++;
  std::vector<std::pair<int, KeyFrame*>> fixed;
  for (const auto& o : outside) fixed.emplace_back(o.second, o.first);
  std::sort(fixed.begin(), fixed.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second->id < b.second->id;
  });
  if (static_cast<int>(fixed.size()) > opt.max_fixed) fixed.resize(opt.max_fixed);
  // the map's first keyframe never moves, nor does one an earlier run saved
  std::vector<KeyFrame*> moving;
  std::vector<KeyFrame*> held;
  for (KeyFrame* k : p.kfs) (k->fixed || k->loaded ? held : moving).push_back(k);
  for (const auto& f : fixed) {
    f.second->ba_fixed_for = stamp;
    held.push_back(f.second);
  }
  if (moving.empty()) return nullptr;
  p.kfs = moving;
  p.moving = static_cast<int>(moving.size());
  p.kfs.insert(p.kfs.end(), held.begin(), held.end());
  build_ba_edges(p, orb, opt.level);
  if (opt.lateral_sigma_m > 0 && !kf->fixed) {
    // the new keyframe is the first moving camera; the term starts at zero (its pose as tracked)
    PosePrior side;
    side.Tcw = p.poses[0];
    side.info << 0, 0, 0, 1.0 / (opt.lateral_sigma_m * opt.lateral_sigma_m), 0, 0;
    p.priors.emplace_back(0, side);
  }
  ba->sys = std::make_unique<DenseReducedSystem>();
  return ba;
}

int local_bundle_adjust(KeyFrame* kf, MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb,
                        const LocalBaOptions& opt, uint64_t stamp) {
  (void)map;
  std::unique_ptr<LocalBa> ba = begin_local_bundle_adjust(kf, cam, orb, opt, stamp);
  if (!ba) return 0;
  while (ba->run.step(ba->p, cam, *ba->sys)) {
  }
  return apply_ba(ba->p, cam);
}

}  // namespace nav
