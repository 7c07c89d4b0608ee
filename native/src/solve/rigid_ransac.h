// Pose from 3-D–3-D correspondences (landmark in the world, back-projected keypoint in the camera):
// the least-squares rigid fit (Kabsch/Umeyama without scale) inside RANSAC on minimal sets of 3.
#pragma once
#include <cstdint>
#include <vector>

#include "../util/se3.h"

namespace nav {

// Tcw with pc ≈ Tcw·pw. Returns false when fewer than 3 points or a degenerate configuration.
bool fit_rigid(const std::vector<Vec3>& pw, const std::vector<Vec3>& pc, const std::vector<int>& use, SE3& Tcw);

struct RansacResult {
  SE3 Tcw;
  std::vector<uint8_t> inlier;
  int inliers = 0;
};

// A correspondence is an inlier when |Tcw·pw − pc| ≤ tol_base + tol_depth·z². Deterministic (fixed seed).
bool ransac_rigid(const std::vector<Vec3>& pw, const std::vector<Vec3>& pc, int iterations, double tol_base, double tol_depth,
                  int min_inliers, RansacResult& out);

}  // namespace nav
