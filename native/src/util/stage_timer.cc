#include "stage_timer.h"

#include <time.h>

namespace nav {

namespace {

// single-threaded module: one active set of totals and one innermost scope at a time
StageTimes* g_active = nullptr;
StageScope* g_top = nullptr;

double now_ms() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

bool activate(StageTimes& times) {
  if (g_active) return false;
  g_active = &times;
  return true;
}

bool absorbs(int stage) {
  return stage == static_cast<int>(Stage::Mapping) || stage == static_cast<int>(Stage::LoopClosing) ||
         stage == static_cast<int>(Stage::Relocalisation);
}

}  // namespace

StageScope::StageScope(Stage stage) : stage_(static_cast<int>(stage)), times_(g_active) {
  if (g_top && absorbs(g_top->stage_)) times_ = nullptr;
  if (!times_) return;
  parent_ = g_top;
  g_top = this;
  t0_ = now_ms();
}

StageScope::~StageScope() {
  if (!times_) return;
  const double ms = now_ms() - t0_;
  times_->ms[stage_] += ms - children_;
  if (parent_) parent_->children_ += ms;
  g_top = parent_;
}

StageRoot::StageRoot(StageTimes& times) : owner_(activate(times)), scope_(Stage::Other) {}

// the root scope (a member) ends after this body and still charges the totals it began with
StageRoot::~StageRoot() {
  if (owner_) g_active = nullptr;
}

}  // namespace nav
