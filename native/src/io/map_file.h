// The saved map: one map of the atlas (keyframes with their features, landmarks, covisibility) in a
// versioned little-endian file, so that a robot can come back to a house and relocalise in the map
// of an earlier run instead of starting from nothing.
//
// Layout of version 1 (offsets in bytes; src/perception/map-file.ts reads the same header):
//   0  "NAVTMAP\0"   8  u32 version   12  u32 flags (0)
//   16 i32 width  20 i32 height  24 f64 fx  32 f64 fy  40 f64 cx  48 f64 cy  56 f64 depth baseline
//   64 i32 pyramid levels  68 i32 level motion (0/1)  72 f64 scale factor  80 u32 map id  84 u32 0
//   88 landmarks: u32 count, then per landmark u64 id, 3 f64 position, 8 u32 descriptor,
//      3 f64 normal, f64 min and max distance, u64 first keyframe id, i32 reference keyframe slot,
//      i32 times visible, i32 times found
//      keyframes: u32 count, then per keyframe u64 id, u64 frame id, f64 timestamp, 9 f64 rotation
//      (row-major), 3 f64 translation (world-to-camera), u8 fixed, u32 keypoints, then per keypoint
//      3 f32 x y angle, i16 level, i16 response, 8 u32 descriptor, f32 depth, f32 right coordinate,
//      i32 landmark index (−1: none)
//      covisibility: u32 count, then per edge i32 slot a < slot b, i32 weight
//   end − 8: u64 FNV-1a of every byte before it
// Observations are not stored twice: a landmark's observations are the keypoints that name it.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "../data/map_database.h"
#include "../module/tracker_context.h"

namespace nav {

constexpr char kMapMagic[8] = {'N', 'A', 'V', 'T', 'M', 'A', 'P', '\0'};
constexpr uint32_t kMapVersion = 1;
constexpr size_t kMapHeaderBytes = 88;

enum class MapFileError { None = 0, Format, Version, Settings };

// Appends `map` as a map file to `out`. Landmarks flagged bad or observed by no keyframe are left out.
void write_map(const MapDatabase& map, const TrackerContext& ctx, std::vector<uint8_t>& out);

// Parses and checks a map file against the tracker's settings; on success `out` holds the map with
// its place index, feature grids and observations rebuilt, and `next_kf_id` / `next_lm_id` are one
// past the largest ids in it.
MapFileError read_map(const uint8_t* data, size_t n, const TrackerContext& ctx, std::unique_ptr<MapDatabase>& out,
                      uint64_t& next_kf_id, uint64_t& next_lm_id);

}  // namespace nav
