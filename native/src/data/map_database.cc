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
  m->id = next_map_id++;
  maps.push_back(std::move(m));
  return maps.back().get();
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
