// Hamming distance between two 256-bit descriptors.
#pragma once
#include <cstdint>

namespace nav {

constexpr int kMatchHigh = 100;  // loosest accepted descriptor distance
constexpr int kMatchLow = 50;    // strict distance for matching without a geometric prior

inline int hamming(const uint32_t* a, const uint32_t* b) {
  int d = 0;
  for (int i = 0; i < 8; ++i) d += __builtin_popcount(a[i] ^ b[i]);
  return d;
}

}  // namespace nav
