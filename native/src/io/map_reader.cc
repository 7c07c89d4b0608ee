// Reading a map file (layout in map_file.h). Everything from the file is checked before it is used:
// counts against the bytes left, indices against their tables, numbers for finiteness, rotations for
// orthonormality, and the checksum first of all, so a corrupt file is refused rather than tracked in.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "../data/landmark_ops.h"
#include "byte_stream.h"
#include "map_file.h"

namespace nav {

namespace {

constexpr size_t kLandmarkBytes = 124, kKeyframeBytes = 125, kKeypointBytes = 60, kEdgeBytes = 12;

// keyframe and landmark ids reach JavaScript as doubles and later ones count on from the file's:
// an id past 2^53 would lose its value there and, near 2^64, wrap to 0 and break the file's order
bool ids_leave_room(uint32_t map_id, const MapDatabase& map) {
  constexpr uint64_t kMaxId = uint64_t{1} << 53;
  return map_id >= 1 && map_id <= kMaxMapId && map.keyframes.back()->id < kMaxId &&
         (map.landmarks.empty() || map.landmarks.back()->id < kMaxId);
}

bool same(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b)); }

MapFileError read_settings(ByteReader& r, const TrackerContext& ctx, uint32_t& map_id) {
  char magic[8];
  r.bytes(magic, sizeof(magic));
  if (!r.ok() || std::memcmp(magic, kMapMagic, sizeof(magic)) != 0) return MapFileError::Format;
  if (r.get<uint32_t>() != kMapVersion) return MapFileError::Version;
  if (r.get<uint32_t>() != 0) return MapFileError::Format;
  const int32_t w = r.get<int32_t>(), h = r.get<int32_t>();
  double cam[5];
  for (double& v : cam) v = r.get<double>();
  const int32_t levels = r.get<int32_t>(), level_motion = r.get<int32_t>();
  const double scale = r.get<double>();
  map_id = r.get<uint32_t>();
  r.get<uint32_t>();
  if (!r.ok()) return MapFileError::Format;
  // keypoint levels, right coordinates and poses only mean the same under the same camera and pyramid
  const PinholeCamera& c = ctx.cam;
  const bool match = w == c.width && h == c.height && same(cam[0], c.fx) && same(cam[1], c.fy) && same(cam[2], c.cx) &&
                     same(cam[3], c.cy) && same(cam[4], c.baseline) && levels == ctx.orb.num_levels &&
                     same(scale, ctx.orb.scale_factor) && level_motion == (ctx.tp.level_motion ? 1 : 0);
  return match ? MapFileError::None : MapFileError::Settings;
}

bool read_landmark(ByteReader& r, Landmark& lm, int32_t& ref_slot) {
  lm.id = r.get<uint64_t>();
  for (int i = 0; i < 3; ++i) lm.pos(i) = r.get<double>();
  r.bytes(lm.desc, sizeof(lm.desc));
  for (int i = 0; i < 3; ++i) lm.normal(i) = r.get<double>();
  lm.min_dist = r.get<double>();
  lm.max_dist = r.get<double>();
  lm.first_kf_id = r.get<uint64_t>();
  ref_slot = r.get<int32_t>();
  lm.n_visible = r.get<int32_t>();
  lm.n_found = r.get<int32_t>();
  return r.ok() && lm.pos.allFinite() && lm.normal.allFinite() && std::isfinite(lm.min_dist) &&
         std::isfinite(lm.max_dist) && lm.min_dist >= 0 && lm.max_dist >= lm.min_dist && lm.n_visible >= 1 &&
         lm.n_found >= 0;
}

bool read_pose(ByteReader& r, SE3& T) {
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) T.R(row, col) = r.get<double>();
  for (int i = 0; i < 3; ++i) T.t(i) = r.get<double>();
  return r.ok() && T.finite() && (T.R * T.R.transpose() - Mat3::Identity()).norm() < 1e-6 && T.R.determinant() > 0;
}

// the keypoints of one keyframe; `lm_ref` receives each keypoint's landmark index (−1: none)
bool read_keypoints(ByteReader& r, KeyFrame& kf, uint32_t n, const TrackerContext& ctx, uint32_t num_landmarks,
                    std::vector<int32_t>& lm_ref) {
  kf.kps.resize(n);
  kf.desc.resize(static_cast<size_t>(n) * 8);
  kf.depth.resize(n);
  kf.u_right.resize(n);
  lm_ref.resize(n);
  for (uint32_t i = 0; i < n; ++i) {
    KeyPoint& k = kf.kps[i];
    k.x = r.get<float>();
    k.y = r.get<float>();
    k.angle = r.get<float>();
    k.level = r.get<int16_t>();
    k.response = r.get<int16_t>();
    r.bytes(kf.desc.data() + static_cast<size_t>(i) * 8, 8 * sizeof(uint32_t));
    kf.depth[i] = r.get<float>();
    kf.u_right[i] = r.get<float>();
    lm_ref[i] = r.get<int32_t>();
    const bool ok = std::isfinite(k.x) && std::isfinite(k.y) && std::isfinite(k.angle) && k.x > -1 && k.y > -1 &&
                    k.x < ctx.cam.width && k.y < ctx.cam.height && k.level >= 0 && k.level < ctx.orb.num_levels &&
                    std::isfinite(kf.depth[i]) && kf.depth[i] >= 0 && std::isfinite(kf.u_right[i]) && lm_ref[i] >= -1 &&
                    lm_ref[i] < static_cast<int32_t>(num_landmarks);
    if (!r.ok() || !ok) return false;
  }
  return true;
}

bool read_keyframes(ByteReader& r, MapDatabase& map, const TrackerContext& ctx) {
  const uint32_t n = r.get<uint32_t>();
  if (!r.fits(n, kKeyframeBytes) || n == 0) return false;
  const uint32_t num_landmarks = static_cast<uint32_t>(map.landmarks.size());
  std::vector<int32_t> lm_ref;
  for (uint32_t s = 0; s < n; ++s) {
    auto kf = std::make_shared<KeyFrame>();
    kf->id = r.get<uint64_t>();
    kf->frame_id = r.get<uint64_t>();
    kf->timestamp = r.get<double>();
    if (!read_pose(r, kf->Tcw) || !std::isfinite(kf->timestamp)) return false;
    // keyframe ids grow with insertion and the file keeps insertion order
    if (s > 0 && kf->id <= map.keyframes.back()->id) return false;
    const uint8_t fixed = r.get<uint8_t>();
    const uint32_t nkp = r.get<uint32_t>();
    if (fixed > 1 || !r.fits(nkp, kKeypointBytes)) return false;
    kf->fixed = fixed == 1;
    kf->loaded = true;
    if (!read_keypoints(r, *kf, nkp, ctx, num_landmarks, lm_ref)) return false;
    kf->landmarks.assign(nkp, nullptr);
    kf->grid.build(kf->kps, ctx.cam.width, ctx.cam.height);
    KeyFrame* k = kf.get();
    map.keyframes.push_back(std::move(kf));
    std::vector<int> indexed;
    for (uint32_t i = 0; i < nkp; ++i) {
      if (lm_ref[i] < 0) continue;
      const LandmarkPtr& lm = map.landmarks[lm_ref[i]];
      if (lm->obs_index(k) >= 0) return false;  // one keypoint per landmark and keyframe
      add_observation(lm, k, static_cast<int>(i));
      indexed.push_back(static_cast<int>(i));
    }
    // the place index holds the keypoints that carry landmarks, as when the keyframe was inserted
    map.index.add(s, k->desc.data(), indexed);
  }
  return true;
}

bool read_covisibility(ByteReader& r, MapDatabase& map) {
  const uint32_t n = r.get<uint32_t>();
  if (!r.fits(n, kEdgeBytes)) return false;
  const int32_t nkf = static_cast<int32_t>(map.keyframes.size());
  for (uint32_t e = 0; e < n; ++e) {
    const int32_t a = r.get<int32_t>(), b = r.get<int32_t>(), w = r.get<int32_t>();
    if (!r.ok() || a < 0 || b <= a || b >= nkf || w <= 0) return false;
    KeyFrame* ka = map.keyframes[a].get();
    KeyFrame* kb = map.keyframes[b].get();
    ka->covis[kb] = w;
    kb->covis[ka] = w;
  }
  return true;
}

}  // namespace

MapFileError read_map(const uint8_t* data, size_t n, const TrackerContext& ctx, std::unique_ptr<MapDatabase>& out,
                      uint64_t& next_kf_id, uint64_t& next_lm_id) {
  if (!data || n < kMapHeaderBytes + 8) return MapFileError::Format;
  ByteReader head(data, n - 8);
  uint32_t map_id = 0;
  // magic and version first: a file of another version is named as such even though its checksum
  // or layout may differ
  const MapFileError settings = read_settings(head, ctx, map_id);
  if (settings == MapFileError::Version || settings == MapFileError::Format) return settings;
  uint64_t stored = 0;
  std::memcpy(&stored, data + n - 8, 8);
  if (stored != fnv1a64(data, n - 8)) return MapFileError::Format;
  if (settings != MapFileError::None) return settings;
  if (map_id == 0) return MapFileError::Format;

  auto map = std::make_unique<MapDatabase>();
  map->id = map_id;
  map->loaded = true;
  ByteReader& r = head;
  const uint32_t nlm = r.get<uint32_t>();
  if (!r.fits(nlm, kLandmarkBytes)) return MapFileError::Format;
  std::vector<int32_t> ref_slot(nlm);
  for (uint32_t i = 0; i < nlm; ++i) {
    auto lm = std::make_shared<Landmark>();
    if (!read_landmark(r, *lm, ref_slot[i])) return MapFileError::Format;
    if (i > 0 && lm->id <= map->landmarks.back()->id) return MapFileError::Format;
    map->landmarks.push_back(std::move(lm));
  }
  if (!read_keyframes(r, *map, ctx) || !read_covisibility(r, *map) || !r.ok() || r.remaining() != 0)
    return MapFileError::Format;
  const int32_t nkf = static_cast<int32_t>(map->keyframes.size());
  for (uint32_t i = 0; i < nlm; ++i) {
    Landmark& lm = *map->landmarks[i];
    if (ref_slot[i] < 0 || ref_slot[i] >= nkf) return MapFileError::Format;
    lm.ref_kf = map->keyframes[ref_slot[i]].get();
    // a landmark is stored only while some keyframe observes it, its reference keyframe among them
    if (lm.obs_index(lm.ref_kf) < 0) return MapFileError::Format;
  }
  if (!ids_leave_room(map_id, *map)) return MapFileError::Format;
  next_kf_id = map->keyframes.back()->id + 1;
  next_lm_id = nlm ? map->landmarks.back()->id + 1 : 0;
  out = std::move(map);
  return MapFileError::None;
}

}  // namespace nav
