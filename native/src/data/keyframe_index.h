// The place-recognition index of a map: locality-sensitive hashing of descriptors. Each of 4 tables
// keys a descriptor by 16 fixed bits; a keyframe gets one vote from a query descriptor per table in
// which they share a key. Entries are kept in one sorted array (sorted lazily before a query), so
// the index costs 8 bytes per entry and nothing per empty bucket. Only the entries added since the last
// query are sorted then and merged in (linear): sorting the whole array again after every keyframe
// took a loop search 20 ms in a map of 160 keyframes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace nav {

class KeyframeIndex {
 public:
  static constexpr int kTables = 4;
  static constexpr int kBits = 16;
  // registers the descriptors (8 words each) that keyframe `slot` holds landmarks for
  void add(uint32_t slot, const uint32_t* descs, const std::vector<int>& which);
  // votes[slot] for every keyframe slot < num_slots
  void vote(const uint32_t* descs, int n, uint32_t num_slots, std::vector<int>& votes);
  // similarity[slot] for every keyframe slot < num_slots, as a bag of words scores it: each shared
  // key weighs log(1 + num_slots / keyframes holding that key), so keys every room has (plain walls,
  // floor planks) count little, and a keyframe's sum is divided by the square root of its key count,
  // so keyframes with many landmarks do not win on chance coincidences alone
  void score(const uint32_t* descs, int n, uint32_t num_slots, std::vector<float>& scores);
  void clear() { entries_.clear(); sorted_upto_ = 0; }
  size_t size() const { return entries_.size(); }

 private:
  static uint32_t key(const uint32_t* d, int table);
  void sort_entries();
  std::vector<uint64_t> entries_;  // table << 48 | key << 32 | slot
  size_t sorted_upto_ = 0;         // entries_[0, sorted_upto_) are sorted and unique
};

}  // namespace nav
