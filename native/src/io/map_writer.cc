// Writing a map file (layout in map_file.h).
#include <algorithm>
#include <array>
#include <unordered_map>

#include "byte_stream.h"
#include "map_file.h"

namespace nav {

namespace {

void write_settings(const TrackerContext& ctx, uint32_t map_id, ByteWriter& w) {
  w.bytes(kMapMagic, sizeof(kMapMagic));
  w.put<uint32_t>(kMapVersion);
  w.put<uint32_t>(0);
  w.put<int32_t>(ctx.cam.width);
  w.put<int32_t>(ctx.cam.height);
  for (double v : {ctx.cam.fx, ctx.cam.fy, ctx.cam.cx, ctx.cam.cy, ctx.cam.baseline}) w.put<double>(v);
  w.put<int32_t>(ctx.orb.num_levels);
  w.put<int32_t>(ctx.tp.level_motion ? 1 : 0);
  w.put<double>(ctx.orb.scale_factor);
  w.put<uint32_t>(map_id);
  w.put<uint32_t>(0);
}

void write_landmark(const Landmark& lm, int32_t ref_slot, ByteWriter& w) {
  w.put<uint64_t>(lm.id);
  for (int i = 0; i < 3; ++i) w.put<double>(lm.pos(i));
  w.bytes(lm.desc, sizeof(lm.desc));
  for (int i = 0; i < 3; ++i) w.put<double>(lm.normal(i));
  w.put<double>(lm.min_dist);
  w.put<double>(lm.max_dist);
  w.put<uint64_t>(lm.first_kf_id);
  w.put<int32_t>(ref_slot);
  w.put<int32_t>(lm.n_visible);
  w.put<int32_t>(lm.n_found);
}

void write_keyframe(const KeyFrame& kf, const std::unordered_map<const Landmark*, int32_t>& lm_index, ByteWriter& w) {
  w.put<uint64_t>(kf.id);
  w.put<uint64_t>(kf.frame_id);
  w.put<double>(kf.timestamp);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) w.put<double>(kf.Tcw.R(r, c));
  for (int i = 0; i < 3; ++i) w.put<double>(kf.Tcw.t(i));
  w.put<uint8_t>(kf.fixed ? 1 : 0);
  w.put<uint32_t>(static_cast<uint32_t>(kf.kps.size()));
  for (int i = 0; i < kf.size(); ++i) {
    const KeyPoint& k = kf.kps[i];
    w.put<float>(k.x);
    w.put<float>(k.y);
    w.put<float>(k.angle);
    w.put<int16_t>(k.level);
    w.put<int16_t>(k.response);
    w.bytes(kf.descriptor(i), 8 * sizeof(uint32_t));
    w.put<float>(kf.depth[i]);
    w.put<float>(kf.u_right[i]);
    const Landmark* lm = kf.landmarks[i].get();
    auto it = lm ? lm_index.find(lm) : lm_index.end();
    w.put<int32_t>(it == lm_index.end() ? -1 : it->second);
  }
}

}  // namespace

void write_map(const MapDatabase& map, const TrackerContext& ctx, std::vector<uint8_t>& out) {
  std::unordered_map<const KeyFrame*, int32_t> slot;
  for (size_t s = 0; s < map.keyframes.size(); ++s) slot[map.keyframes[s].get()] = static_cast<int32_t>(s);
  // only landmarks a keyframe still names: the observations are stored through the keypoints, so a
  // landmark without one could not be placed back into the covisibility it came from
  std::unordered_map<const Landmark*, int32_t> lm_index;
  std::vector<const Landmark*> kept;
  for (const LandmarkPtr& lm : map.landmarks) {
    if (lm->bad || lm->obs.empty() || !lm->ref_kf || !slot.count(lm->ref_kf)) continue;
    lm_index[lm.get()] = static_cast<int32_t>(kept.size());
    kept.push_back(lm.get());
  }
  ByteWriter w;
  write_settings(ctx, map.id, w);
  w.put<uint32_t>(static_cast<uint32_t>(kept.size()));
  for (const Landmark* lm : kept) write_landmark(*lm, slot[lm->ref_kf], w);
  w.put<uint32_t>(static_cast<uint32_t>(map.keyframes.size()));
  for (const KeyFramePtr& kf : map.keyframes) write_keyframe(*kf, lm_index, w);
  // edges once each (a < b), in slot order: the file does not depend on pointer values
  std::vector<std::array<int32_t, 3>> edges;
  for (size_t a = 0; a < map.keyframes.size(); ++a)
    for (const auto& c : map.keyframes[a]->covis) {
      auto it = slot.find(c.first);
      if (it != slot.end() && it->second > static_cast<int32_t>(a)) edges.push_back({static_cast<int32_t>(a), it->second, c.second});
    }
  std::sort(edges.begin(), edges.end());
  w.put<uint32_t>(static_cast<uint32_t>(edges.size()));
  for (const auto& e : edges)
    for (int32_t v : e) w.put<int32_t>(v);
  std::vector<uint8_t>& bytes = w.data();
  w.put<uint64_t>(fnv1a64(bytes.data(), bytes.size()));
  out.insert(out.end(), bytes.begin(), bytes.end());
}

}  // namespace nav
