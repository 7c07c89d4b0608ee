// One map of the atlas: its keyframes and landmarks, and the index used to relocalise in it.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "keyframe.h"
#include "keyframe_index.h"
#include "landmark.h"

namespace nav {

// Map ids reach callers as a C int (nt_map_id) and map files hold 1..kMaxMapId.
constexpr uint32_t kMaxMapId = 0x7fffffff;

struct MapDatabase {
  uint32_t id = 0;
  std::vector<KeyFramePtr> keyframes;  // slot = position in this vector
  std::vector<LandmarkPtr> landmarks;
  KeyframeIndex index;
  // read from a map file: relocalising in it from scratch needs agreement over consecutive frames
  bool loaded = false;

  // drops landmarks flagged bad from the list (their owners' pointers are cleared by the culler)
  void purge_bad_landmarks();
  int num_good_landmarks() const;
};

// Every map opened since the last reset; the current one is the last.
struct Atlas {
  std::vector<std::unique_ptr<MapDatabase>> maps;
  uint32_t next_map_id = 1;
  uint64_t next_kf_id = 0, next_lm_id = 0;

  MapDatabase* current() { return maps.empty() ? nullptr : maps.back().get(); }
  MapDatabase* open_map();
  // the next map id: counts up to kMaxMapId (a loaded map may start near it), then wraps to the
  // lowest id no open map holds, so that every map's id reads back as an id and its file loads again
  uint32_t take_map_id();
  // makes `m` the current map again (moves it to the back)
  void activate(MapDatabase* m);
  void clear() { maps.clear(); }
};

}  // namespace nav
