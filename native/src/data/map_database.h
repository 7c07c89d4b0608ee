// One map of the atlas: its keyframes and landmarks, and the index used to relocalise in it.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "keyframe.h"
#include "keyframe_index.h"
#include "landmark.h"

namespace nav {

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
  // makes `m` the current map again (moves it to the back)
  void activate(MapDatabase* m);
  void clear() { maps.clear(); }
};

}  // namespace nav
