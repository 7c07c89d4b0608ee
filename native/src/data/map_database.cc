#include "map_database.h"

#include <algorithm>

namespace nav {

void MapDatabase::purge_bad_landmarks() {
  landmarks.erase(std::remove_if(landmarks.begin(), landmarks.end(), [](const LandmarkPtr& l) { return l->bad; }),
                  landmarks.end());
}

int MapDatabase::num_good_landmarks() const {
  int n = 0;
  for (const auto& l : landmarks) n += l->bad ? 0 : 1;
  return n;
}

MapDatabase* Atlas::open_map() {
  auto m = std::make_unique<MapDatabase>();
  m->id = take_map_id();
  maps.push_back(std::move(m));
  return maps.back().get();
}

uint32_t Atlas::take_map_id() {
  const auto held = [this](uint32_t id) {
    return std::any_of(maps.begin(), maps.end(), [id](const std::unique_ptr<MapDatabase>& m) { return m->id == id; });
  };
  if (next_map_id < 1 || next_map_id > kMaxMapId) next_map_id = 1;
  while (held(next_map_id)) next_map_id = next_map_id == kMaxMapId ? 1 : next_map_id + 1;
  return next_map_id++;
}

void Atlas::activate(MapDatabase* m) {
  for (size_t i = 0; i < maps.size(); ++i) {
    if (maps[i].get() == m) {
      std::unique_ptr<MapDatabase> keep = std::move(maps[i]);
      maps.erase(maps.begin() + static_cast<long>(i));
      maps.push_back(std::move(keep));
      return;
    }
  }
}

}  // namespace nav
