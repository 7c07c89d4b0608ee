// Hamming distance between two 256-bit descriptors.
#pragma once
#include <cstdint>

#ifdef __wasm_simd128__
#include <wasm_simd128.h>
#endif

namespace nav {

constexpr int kMatchHigh = 100;  // loosest accepted descriptor distance
constexpr int kMatchLow = 50;    // strict distance for matching without a geometric prior

inline int hamming(const uint32_t* a, const uint32_t* b) {
#ifdef __wasm_simd128__
  // two 128-bit halves: byte popcounts (at most 16 per lane after the add), then widening pairwise
  // sums down to four 32-bit lanes
  const v128_t x0 = wasm_v128_xor(wasm_v128_load(a), wasm_v128_load(b));
  const v128_t x1 = wasm_v128_xor(wasm_v128_load(a + 4), wasm_v128_load(b + 4));
  const v128_t c = wasm_i8x16_add(wasm_i8x16_popcnt(x0), wasm_i8x16_popcnt(x1));
  const v128_t s = wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(c));
  const v128_t t = wasm_i32x4_add(s, wasm_i32x4_shuffle(s, s, 2, 3, 0, 1));
  return wasm_i32x4_extract_lane(t, 0) + wasm_i32x4_extract_lane(t, 1);
#else
  int d = 0;
  for (int i = 0; i < 8; ++i) d += __builtin_popcount(a[i] ^ b[i]);
  return d;
#endif
}

}  // namespace nav
