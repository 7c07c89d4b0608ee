#include "global_bundle_adjuster.h"

#include <Eigen/Sparse>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "ba_problem.h"

namespace nav {

namespace {

// The reduced camera system as 6×6 blocks of the upper triangle, one per camera pair that shares a
// landmark. Blocks are found through an n×n slot table (n² ints: 1.7 MB for 650 keyframes, cheaper
// than hashing each of the millions of pair updates an iteration makes). Blocks are never dropped
// once made, so the sparsity pattern only grows and its ordering is computed again only then.
class SparseReducedSystem : public ReducedSystem {
 public:
  void begin(int cameras) override {
    if (cameras != n_) {
      n_ = cameras;
      slot_.assign(static_cast<size_t>(n_) * n_, -1);
      blocks_.clear();
      pairs_.clear();
      analysed_ = false;
    }
    for (Mat6& b : blocks_) b.setZero();
  }
  void add_diagonal(int c, const Mat6& block) override { at(c, c) += block; }
  void subtract(int a, int b, const Mat63& W, const Mat63& Hb) override { at(a, b).noalias() -= W * Hb.transpose(); }
  bool upper_only() const override { return true; }
  bool solve(const Eigen::VectorXd& rhs_in, bool level, Eigen::VectorXd& dc) override {
    auto pinned = [level](int r) { return level && (r == kTiltRows[0] || r == kTiltRows[1]); };
    std::vector<Eigen::Triplet<double>> trip;
    trip.reserve(blocks_.size() * 36);
    for (size_t s = 0; s < blocks_.size(); ++s) {
      const int a = pairs_[s].first, b = pairs_[s].second;
      for (int r = 0; r < 6; ++r)
        for (int c = a == b ? r : 0; c < 6; ++c) {
          if (pinned(r) || pinned(c)) continue;
          trip.emplace_back(6 * a + r, 6 * b + c, blocks_[s](r, c));
        }
    }
    Eigen::VectorXd rhs = rhs_in;
    // a pinned row keeps a unit diagonal and no right-hand side: it solves to zero
    for (int k = 0; k < 6 * n_; ++k)
      if (pinned(k % 6)) {
        trip.emplace_back(k, k, 1.0);
        rhs(k) = 0;
      }
    Eigen::SparseMatrix<double> S(6 * n_, 6 * n_);
    S.setFromTriplets(trip.begin(), trip.end());
    if (!analysed_) {
      ldlt_.analyzePattern(S);
      analysed_ = true;
    }
    ldlt_.factorize(S);
    if (ldlt_.info() != Eigen::Success) return false;
    dc = ldlt_.solve(rhs);
    return true;
  }

 private:
  Mat6& at(int a, int b) {
    int& s = slot_[static_cast<size_t>(a) * n_ + b];
    if (s < 0) {
      s = static_cast<int>(blocks_.size());
      blocks_.push_back(Mat6::Zero());
      pairs_.emplace_back(a, b);
      analysed_ = false;
    }
    return blocks_[s];
  }

  int n_ = -1;
  std::vector<int> slot_;
  std::vector<Mat6> blocks_;
  std::vector<std::pair<int, int>> pairs_;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::AMDOrdering<int>> ldlt_;
  bool analysed_ = false;
};

}  // namespace

namespace {

int observed_landmarks(const KeyFrame& k) {
  int n = 0;
  for (const LandmarkPtr& lm : k.landmarks) n += lm && !lm->bad ? 1 : 0;
  return n;
}

// The adjusted keyframe nearest to slot s in insertion order (the earlier one on a tie), or -1.
int nearest_adjusted(const std::vector<uint8_t>& adjusted, int s) {
  const int n = static_cast<int>(adjusted.size());
  for (int d = 1; d < n; ++d) {
    if (s - d >= 0 && adjusted[s - d]) return s - d;
    if (s + d < n && adjusted[s + d]) return s + d;
  }
  return -1;
}

}  // namespace

GlobalBaResult global_bundle_adjust(MapDatabase& map, const PinholeCamera& cam, const OrbParams& orb, const GlobalBaOptions& opt) {
  GlobalBaResult out;
  const int n = static_cast<int>(map.keyframes.size());
  std::unordered_map<const KeyFrame*, int> slot;
  std::vector<uint8_t> adjusted(n, 0);
  std::vector<SE3> before(n);
  BaProblem p;
  std::vector<KeyFrame*> held;
  for (int s = 0; s < n; ++s) {
    KeyFrame* k = map.keyframes[s].get();
    slot[k] = s;
    before[s] = k->Tcw;
    if (k->fixed) held.push_back(k);
    else if (observed_landmarks(*k) >= opt.min_observations) p.kfs.push_back(k);
    else continue;
    adjusted[s] = 1;
  }
  // a map always has its first keyframe fixed; should none be, the first adjusted one holds the gauge
  if (held.empty() && !p.kfs.empty()) {
    held.push_back(p.kfs.front());
    p.kfs.erase(p.kfs.begin());
  }
  p.moving = static_cast<int>(p.kfs.size());
  p.kfs.insert(p.kfs.end(), held.begin(), held.end());
  auto slot_of = [&slot](const KeyFrame* k) {
    auto it = slot.find(k);
    return it == slot.end() ? -1 : it->second;
  };
  std::vector<Landmark*> loose;  // observed by no adjusted keyframe
  for (const LandmarkPtr& lm : map.landmarks) {
    if (lm->bad || lm->obs.empty()) continue;
    const bool seen = std::any_of(lm->obs.begin(), lm->obs.end(), [&](const auto& o) {
      const int s = slot_of(o.first);
      return s >= 0 && adjusted[s];
    });
    (seen ? p.lms : loose).push_back(lm.get());
  }
  out.keyframes = static_cast<int>(p.kfs.size());
  out.landmarks = static_cast<int>(p.lms.size());
  out.followers = n - out.keyframes;
  if (p.moving == 0 || p.lms.empty()) return out;
  build_ba_edges(p, orb, opt.level);
  out.observations = static_cast<int>(p.edges.size());
  out.cost_before = ba_cost(p, cam, true, true);
  SparseReducedSystem sys;
  out.removed = solve_and_apply(p, cam, opt.iterations_first, opt.iterations_second, opt.level, sys);
  out.cost_after = ba_cost(p, cam, true, true);
  for (int s = 0; s < n; ++s) {
    if (adjusted[s]) continue;
    const int a = nearest_adjusted(adjusted, s);
    if (a >= 0) map.keyframes[s]->Tcw = before[s] * before[a].inverse() * map.keyframes[a]->Tcw;
  }
  for (Landmark* lm : loose) {
    const int s = slot_of(lm->ref_kf);
    if (s >= 0) lm->pos = map.keyframes[s]->Tcw.inverse() * (before[s] * lm->pos);
  }
  return out;
}

}  // namespace nav
