// Little-endian byte buffers for the map file. The reader never reads past its end: a short or
// corrupt file turns every later read into a failure (ok() false) instead of undefined behaviour,
// so the parser can check once per record rather than after every field.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

namespace nav {

// FNV-1a, 64 bit: detects truncation and flipped bytes in a saved map (not an adversary's edits).
// The offset basis is one digit short of FNV's published 14695981039346656037; version-1 files were
// written with this one, so it stays (src/perception/map-world.ts computes the same).
inline uint64_t fnv1a64(const uint8_t* p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

class ByteWriter {
 public:
  // WebAssembly and every host this runs on are little-endian, so values are copied byte for byte
  template <typename T>
  void put(T v) {
    uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    buf_.insert(buf_.end(), b, b + sizeof(T));
  }
  void bytes(const void* p, size_t n) {
    const uint8_t* b = static_cast<const uint8_t*>(p);
    buf_.insert(buf_.end(), b, b + n);
  }
  std::vector<uint8_t>& data() { return buf_; }

 private:
  std::vector<uint8_t> buf_;
};

class ByteReader {
 public:
  ByteReader(const uint8_t* p, size_t n) : p_(p), n_(n) {}
  template <typename T>
  T get() {
    T v{};
    if (!ok_ || n_ - pos_ < sizeof(T)) {
      ok_ = false;
      return v;
    }
    std::memcpy(&v, p_ + pos_, sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  void bytes(void* out, size_t n) {
    if (!ok_ || n_ - pos_ < n) {
      ok_ = false;
      return;
    }
    std::memcpy(out, p_ + pos_, n);
    pos_ += n;
  }
  // a count read from the file is plausible only if that many records of `min_record` bytes fit
  bool fits(uint64_t count, size_t min_record) const { return ok_ && count <= (n_ - pos_) / min_record; }
  void fail() { ok_ = false; }
  bool ok() const { return ok_; }
  size_t remaining() const { return n_ - pos_; }

 private:
  const uint8_t* p_;
  size_t n_;
  size_t pos_ = 0;
  bool ok_ = true;
};

}  // namespace nav
