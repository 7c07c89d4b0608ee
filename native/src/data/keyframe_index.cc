#include "keyframe_index.h"

#include <algorithm>

namespace nav {

uint32_t KeyframeIndex::key(const uint32_t* d, int table) {
  // bit positions 17·k + 3 (mod 256) for k = table·16 .. table·16+15: spread over the descriptor,
  // disjoint between tables because 17 is odd
  uint32_t k = 0;
  for (int i = 0; i < kBits; ++i) {
    const int bit = (17 * (table * kBits + i) + 3) & 255;
    k |= ((d[bit >> 5] >> (bit & 31)) & 1u) << i;
  }
  return k;
}

void KeyframeIndex::add(uint32_t slot, const uint32_t* descs, const std::vector<int>& which) {
  for (int i : which) {
    const uint32_t* d = descs + static_cast<size_t>(i) * 8;
    for (int t = 0; t < kTables; ++t)
      entries_.push_back((static_cast<uint64_t>(t) << 48) | (static_cast<uint64_t>(key(d, t)) << 32) | slot);
  }
  sorted_ = false;
}

void KeyframeIndex::vote(const uint32_t* descs, int n, uint32_t num_slots, std::vector<int>& votes) {
  if (!sorted_) {
    std::sort(entries_.begin(), entries_.end());
    entries_.erase(std::unique(entries_.begin(), entries_.end()), entries_.end());
    sorted_ = true;
  }
  votes.assign(num_slots, 0);
  std::vector<uint32_t> seen;
  for (int i = 0; i < n; ++i) {
    const uint32_t* d = descs + static_cast<size_t>(i) * 8;
    for (int t = 0; t < kTables; ++t) {
      const uint64_t lo = (static_cast<uint64_t>(t) << 48) | (static_cast<uint64_t>(key(d, t)) << 32);
      auto it = std::lower_bound(entries_.begin(), entries_.end(), lo);
      for (; it != entries_.end() && (*it >> 32) == (lo >> 32); ++it) {
        const uint32_t slot = static_cast<uint32_t>(*it & 0xffffffffu);
        if (slot < num_slots) votes[slot]++;
      }
    }
  }
}

}  // namespace nav
