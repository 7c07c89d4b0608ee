/*
 * The tracker's C ABI. Every function returns an error code (< 0) instead of throwing; the caller
 * owns the input buffers (allocate them with the exported malloc for zero-copy use).
 *
 * Poses are camera-to-world, row-major 4x4 doubles, in the current map's world frame (the camera
 * frame of that map's first frame), OpenCV axes (x right, y down, z forward).
 */
#ifndef NAVTRACKER_H
#define NAVTRACKER_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nt_tracker nt_tracker;

/* states (non-negative results of nt_track / nt_state) */
#define NT_INITIALISING 0
#define NT_OK 1
#define NT_RECENTLY_LOST 2
#define NT_LOST 3

/* errors */
#define NT_E_NULL (-1)           /* null handle or buffer */
#define NT_E_NOT_CONFIGURED (-2) /* nt_configure has not succeeded */
#define NT_E_SIZE (-3)           /* image size differs from the configured size */
#define NT_E_ARG (-4)            /* an argument is out of range (channels, intrinsics, timestamp) */
#define NT_E_PARAM (-5)          /* unknown parameter key or value out of range */
#define NT_E_NO_MAP (-6)         /* nt_save_map: there is no map with a keyframe to save */
#define NT_E_MAP_FORMAT (-7)     /* nt_load_map: not a map file, or truncated or corrupt (checksum, counts, indices, numbers) */
#define NT_E_MAP_VERSION (-8)    /* nt_load_map: a map file of another format version */
#define NT_E_MAP_SETTINGS (-9)   /* nt_load_map: saved under another camera, pyramid, depth baseline or level-motion setting */

/* parameter keys for nt_set_param */
#define NT_P_NUM_FEATURES 1      /* 50..10000, default 1000 */
#define NT_P_NUM_LEVELS 2        /* 1..12, default 8 */
#define NT_P_SCALE_FACTOR 3      /* 1.05..2, default 1.2 */
#define NT_P_FAST_INI 4          /* 1..200, default 20 */
#define NT_P_FAST_MIN 5          /* 1..200, default 7 */
#define NT_P_LOST_TIMEOUT 6      /* seconds in recently_lost before lost, 0..3600, default 3 */
#define NT_P_MIN_DEPTH 7         /* metres, default 0.1 */
#define NT_P_MAX_DEPTH 8         /* metres, default 10 */
#define NT_P_BA_WINDOW 9         /* keyframes moved by local bundle adjustment, 2..30, default 10 */
#define NT_P_MIN_INIT_POINTS 10  /* keypoints with depth needed to open a map, 10..5000, default 150 */
#define NT_P_CLOSE_DEPTH 11      /* metres: nearer keypoints all become landmarks at a keyframe, 0.1..1000, default 3.2 */
#define NT_P_DEPTH_BASELINE 12   /* metres: virtual stereo baseline weighting depth residuals, 0.01..10, default 0.08 */
#define NT_P_LEVEL_MOTION 13     /* 1: the camera only turns about the first frame's y axis (wheeled base, flat floor); 0 (default) or 1 */
#define NT_P_PROXIMITY_KEYFRAMES 14 /* keyframes near the current pose added to the local map, 0..50, default 0 */
#define NT_P_KEYFRAME_GAP 15     /* frames after which a keyframe is inserted whatever the match ratio, 1..1000, default 30 (1 s at 30 Hz) */
#define NT_P_LOOP_CLOSING 17     /* 1: place recognition and loop closing (pose graph over keyframes) in the current map; 0 (default) or 1 */
#define NT_P_RELOC_PATIENCE 16   /* frames after nt_load_map that try only to relocalise before a new map may open, 0..100000, default 120 */
#define NT_P_RELOC_CANDIDATES 18 /* keyframes the place index proposes to one relocalisation attempt in a loaded map, 1..100, default 8 */
#define NT_P_LATE_RELOC 21         /* 1 (default): while tracking in a new map, relocalise keyframes in a loaded map and move back into it; 0 off */
#define NT_P_RELOC_AGREE_FRAMES 20 /* consecutive frames that must relocalise independently and agree before a loaded map is accepted, 1..10, default 2 */
#define NT_P_RELOC_MAX_SEEN_THROUGH 19 /* a relocalisation in a loaded map is refused when its pose sees through more than this share (0..1) of the matched place's landmarks in view, default 0.1 */
#define NT_P_MOTION_SIGMA_M 22     /* metres: standard deviation of the camera's motion about a commanded one (nt_track_motion), per frame, 1e-4..10, default 0.05 */
#define NT_P_MOTION_SIGMA_DEG 23   /* degrees: the same for its rotation, 1e-3..90, default 2 */
#define NT_P_CLOSE_SLICE 24        /* pose-graph steps of a loop closure run per frame (a whole number 0..100; a step linearises 128
                                      edges of an iteration, or solves and tries it): a keyframe's loop search verifies one proposed
                                      place per frame, a closure found is optimised over the next frames while tracking goes on in the
                                      uncorrected map, committed at once (keyframes, landmarks and the frames tracked meanwhile
                                      corrected) in the frame whose step ends it, and the map's derived geometry (landmarks' viewing
                                      geometry, covisibility) is refreshed a share per frame after it; 0 (default): the search, the
                                      whole closure and the refresh in the frame that finds it */
#define NT_P_BA_SLICE 25           /* bundle-adjustment damping tries of a new keyframe run per frame (a whole number 0..100; an
                                      iteration is one try, or up to 5 when the cost rises): the keyframe's windowed adjustment is
                                      begun in its frame and run over the next frames (tracking goes on in the map as the keyframe
                                      left it), then applied at once with the last frame carried along; a keyframe due earlier ends
                                      it where it stands; its loop search follows it. 0 (default): the whole adjustment in the
                                      keyframe's frame */

/* stages of nt_stage_times (native/src/util/stage_timer.h) */
#define NT_P_LATERAL_SIGMA_M 26   /* metres: without a commanded motion, the camera rides a wheeled base that cannot slide sideways:
                                      standard deviation of its sideways motion per frame (in its own axes), 0 (default) = free, or
                                      1e-4..10 */
#define NT_S_PYRAMID 0
#define NT_S_FAST 1             /* FAST corners and their quadtree spreading */
#define NT_S_ORB 2              /* orientation, blurred level, steered-BRIEF descriptors */
#define NT_S_FRAME 3            /* the rest of building a frame: grey, keypoint depth, feature grid */
#define NT_S_MATCHING 4         /* projection and descriptor matching while tracking */
#define NT_S_POSE 5             /* pose-only optimisation while tracking */
#define NT_S_LOCAL_MAP 6        /* local keyframes voted, local landmarks checked against the frustum */
#define NT_S_KEYFRAME 7         /* keyframe decision and insertion (and the first keyframe) */
#define NT_S_MAPPING 8          /* landmark culling and the windowed bundle adjustment (whole or a slice) */
#define NT_S_LOOP_CLOSING 9     /* loop search, closure slices and commits */
#define NT_S_RELOCALISATION 10
#define NT_S_OTHER 11           /* the rest of the call */
#define NT_S_COUNT 12

/* counters for nt_count */
#define NT_C_KEYFRAMES 0         /* in the current map */
#define NT_C_LANDMARKS 1         /* in the current map */
#define NT_C_INLIERS 2           /* pose inliers of the last frame */
#define NT_C_MAPS 3
#define NT_C_FEATURES 4          /* keypoints of the last frame */
#define NT_C_RELOCALISATIONS 5
#define NT_C_LOOP_CLOSURES 6
#define NT_C_LOOP_MATCH_FRAME 7     /* frame number (1 = the first frame tracked) of the earlier keyframe the last closure matched; 0: none */
/* loop search, summed since the last reset: keyframes searched, places proposed, proposals refused
   for too few descriptor matches / no rigid transform / too few inliers, places verified, verified
   places the next keyframe did not confirm, most inliers of any proposal */
#define NT_C_LOOP_QUERIES 8
#define NT_C_LOOP_CANDIDATES 9
#define NT_C_LOOP_FEW_MATCHES 10
#define NT_C_LOOP_NO_RANSAC 11
#define NT_C_LOOP_FEW_INLIERS 12
#define NT_C_LOOP_VERIFIED 13
#define NT_C_LOOP_DISAGREED 14
#define NT_C_LOOP_BEST_INLIERS 15
#define NT_C_LOOP_COVISIBLE_BEST 16 /* searches whose best-voted old keyframe already shared landmarks with the new one */
#define NT_C_LOOP_IMPLAUSIBLE 17   /* verified places refused because the correction exceeds what drift over the path since could explain */
/* relocalisation, summed since the last reset or map load: frames searched, keyframes proposed,
   proposals refused for too few descriptor matches / no rigid transform / too few inliers after the
   first pose optimisation / too few after the projection search / a pose in a loaded map that sees
   through the map's surfaces in the depth image, frames with a verified pose, verified poses in a
   loaded map the next frame did not (yet) confirm, and the share (per mille) of landmarks the last
   pose checked against the depth image saw through */
#define NT_C_RELOC_QUERIES 18
#define NT_C_RELOC_CANDIDATES 19
#define NT_C_RELOC_FEW_MATCHES 20
#define NT_C_RELOC_NO_RANSAC 21
#define NT_C_RELOC_FEW_POSE_INLIERS 22
#define NT_C_RELOC_FEW_INLIERS 23
#define NT_C_RELOC_FOUND 24
#define NT_C_RELOC_UNCONFIRMED 25
#define NT_C_RELOC_SEEN_THROUGH 26
#define NT_C_RELOC_LAST_SEEN_THROUGH 27
#define NT_C_RELOC_VERIFIED 28      /* proposals that passed every test */
#define NT_C_RELOC_AMBIGUOUS 29     /* frames in a loaded map whose verified proposals put the camera at different places: no pose */
#define NT_C_LATE_RELOCALISATIONS 30 /* times tracking in a new map moved back into a loaded map (late relocalisation) */
#define NT_C_CLOSURE_UNDER_WAY 31  /* 1 while a loop closure found is still being optimised (NT_P_CLOSE_SLICE), else 0;
                                      NT_C_LOOP_CLOSURES counts closures committed */
#define NT_C_MAPPING_UNDER_WAY 32  /* 1 while a keyframe's bundle adjustment is still being run over frames (NT_P_BA_SLICE), else 0 */

nt_tracker* nt_create(void);
void nt_destroy(nt_tracker* t);
/* depth_scale: metres per unit of the depth buffer (1 for metres, 1/5000 for raw TUM values) */
int nt_configure(nt_tracker* t, int width, int height, double fx, double fy, double cx, double cy, double depth_scale);
int nt_set_param(nt_tracker* t, int key, double value);
/* image: width*height*channels bytes (channels 1 grey or 3 RGB); depth: width*height floats */
int nt_track(nt_tracker* t, const uint8_t* image, int width, int height, int channels, const float* depth, double timestamp);
/* nt_track with the commanded motion since the previous frame (wheel odometry, a robot's command):
   motion16 is the current camera's pose in the previous camera's frame, row-major 4x4 (rigid, last
   row 0 0 0 1; NT_E_ARG otherwise). It replaces the constant-velocity prediction and adds a prior
   (NT_P_MOTION_SIGMA_M / _DEG) to the frame's pose optimisations; it is used only when the previous
   frame was tracked. With motion16 null this is nt_track. */
int nt_track_motion(nt_tracker* t, const uint8_t* image, int width, int height, int channels, const float* depth,
                    double timestamp, const double* motion16);
/* writes the pose of the last frame when it was tracked; returns 1, or 0 when there is none */
int nt_get_pose(nt_tracker* t, double* out16);
/* when the last frame moved tracking late from a new map into a loaded one (nt_map_id is the loaded
   map's from then on): writes the frame's camera-to-world pose in the map it left and returns that
   map's id; returns 0 (nothing written) for any other frame */
int nt_handover_pose(nt_tracker* t, double* out16);
int nt_state(nt_tracker* t);
int nt_map_id(nt_tracker* t);
int nt_count(nt_tracker* t, int which);
/* forgets every map; the next frame initialises map ids from where they were (ids are never reused) */
int nt_reset(nt_tracker* t);
/* the current map's keyframes: for each, 18 doubles (id, timestamp, camera-to-world pose as a row-major
 * 4×4), written for at most `capacity` keyframes into out; returns how many keyframes the map has (0
 * without a map). Reads the poses without serialising the map (nt_save_map takes far longer). */
int nt_keyframe_poses(nt_tracker* t, double* out, int capacity);
/* serialises the current map (format: native/src/io/map_file.h) into a buffer the tracker owns;
 * returns its length in bytes (or an error); nt_saved_map gives its address, valid until the next
 * nt_save_map, nt_load_map or nt_destroy */
int nt_save_map(nt_tracker* t);
const uint8_t* nt_saved_map(nt_tracker* t);
/* replaces every map by the one in data[0..length) after checking it; the tracker is then lost and
 * relocalises in it (two agreeing consecutive frames), opening no new map for NT_P_RELOC_PATIENCE frames */
int nt_load_map(nt_tracker* t, const uint8_t* data, int length);
/* global bundle adjustment of the current map: every keyframe but the map's first and every landmark
 * move (Levenberg-Marquardt, `iterations` 1..100 per pass: a Huber pass, then a plain one without the
 * observations beyond the χ² gate, which are removed from the map). A keyframe observing fewer than
 * `min_observations` (0..10000) landmarks keeps its pose relative to the nearest adjusted keyframe.
 * out5: Huber cost over the adjusted observations at the start and at the end, observations removed,
 * observations adjusted, keyframes moved with a neighbour. Returns 0, or NT_E_NO_MAP when there is no
 * map with a keyframe. Takes seconds for a map of hundreds of keyframes. */
int nt_global_bundle_adjust(nt_tracker* t, int iterations, int min_observations, double* out5);
/* mapping work left between frames: a keyframe's bundle adjustment under way (NT_P_BA_SLICE) is run to
 * its end and applied, then a share of the map's refresh after a commit, one proposal of a loop search
 * (or a queued keyframe's proposals found), or up to `iterations` (1..1000) pose-graph steps of the loop
 * closure under way (NT_P_CLOSE_SLICE), committing it when they end (the last frame is corrected with
 * the map); returns 1 while work is still pending after the call (call again),
 * 0 when none is. A closure begun in a map that is no longer the current one is dropped (that map stays
 * as it was). nt_save_map saves the map as it stands: call this until it returns 0 to save the
 * adjusted, corrected map. */
int nt_close_step(nt_tracker* t, int iterations);
/* where the tracker's time went (nt_track, nt_track_motion, nt_close_step): milliseconds per stage since
 * nt_create, each stage charged its own time less that of stages nested in it, written for at most
 * `capacity` stages in the order NT_S_*; returns the number of stages. Matching and pose optimisation
 * inside mapping, loop closing and relocalisation count to those. */
int nt_stage_times(nt_tracker* t, double* out, int capacity);

#ifdef __cplusplus
}
#endif
#endif
