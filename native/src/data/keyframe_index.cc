#include "keyframe_index.h"

#include <algorithm>
#include <cmath>

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
}

void KeyframeIndex::sort_entries() {
  if (sorted_upto_ == entries_.size()) return;
  const auto mid = entries_.begin() + static_cast<long>(sorted_upto_);
  std::sort(mid, entries_.end());
  std::inplace_merge(entries_.begin(), mid, entries_.end());
  entries_.erase(std::unique(entries_.begin(), entries_.end()), entries_.end());
  sorted_upto_ = entries_.size();
}

void KeyframeIndex::vote(const uint32_t* descs, int n, uint32_t num_slots, std::vector<int>& votes) {
  sort_entries();
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

void KeyframeIndex::score(const uint32_t* descs, int n, uint32_t num_slots, std::vector<float>& scores) {
  sort_entries();
  scores.assign(num_slots, 0.0f);
  if (num_slots == 0) return;
  // keys per keyframe (entries are unique per table, key and slot)
  std::vector<int> keys(num_slots, 0);
  for (uint64_t e : entries_) {
    const uint32_t slot = static_cast<uint32_t>(e & 0xffffffffu);
    if (slot < num_slots) keys[slot]++;
  }
  // a query key counts once however many query descriptors share it: repeated texture in the
  // query would otherwise multiply one coincidence
  std::vector<uint64_t> query;
  query.reserve(static_cast<size_t>(n) * kTables);
  for (int i = 0; i < n; ++i) {
    const uint32_t* d = descs + static_cast<size_t>(i) * 8;
    for (int t = 0; t < kTables; ++t)
      query.push_back((static_cast<uint64_t>(t) << 48) | (static_cast<uint64_t>(key(d, t)) << 32));
  }
  std::sort(query.begin(), query.end());
  query.erase(std::unique(query.begin(), query.end()), query.end());
  const float total = static_cast<float>(num_slots);
  for (uint64_t lo : query) {
    auto first = std::lower_bound(entries_.begin(), entries_.end(), lo);
    auto last = first;
    while (last != entries_.end() && (*last >> 32) == (lo >> 32)) ++last;
    const long holders = last - first;
    if (holders == 0) continue;
    // log(1 + N/n) rather than log(N/n): in a map of one or two keyframes every key is held by all
    // of them, and a weight of zero would leave nothing to relocalise against
    const float idf = std::log1p(total / static_cast<float>(holders));
    for (auto it = first; it != last; ++it) {
      const uint32_t slot = static_cast<uint32_t>(*it & 0xffffffffu);
      if (slot < num_slots) scores[slot] += idf;
    }
  }
  for (uint32_t s = 0; s < num_slots; ++s)
    if (keys[s] > 0) scores[s] /= std::sqrt(static_cast<float>(keys[s]));
}

}  // namespace nav
