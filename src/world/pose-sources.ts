/**
 * The pose sources a world can drive its navigator with, and the tracker's settings for the
 * simulator's camera (each value with the measurement that chose it).
 */
import type { SimBody } from '../body/index.js';
import { GroundTruthPoseSource, type PoseSource, SlamPoseSource, type TrackerOptions } from '../perception/index.js';

import { POSE_SOURCES, type PoseSourceKind } from './choices.js';

export { POSE_SOURCES, type PoseSourceKind };

/**
 * ORB features per frame at 320×240. 500 (ORB-SLAM3's density at 640×480) left too few keypoints on
 * the simulator's large, evenly textured walls to survive turns in place; 1000 is still within the
 * tracker's 320×240 time budget (bench tracker: median_ms_320 is measured with 1000).
 */
const SLAM_FEATURES_320 = 1000;
/**
 * Depth up to which every keypoint becomes a landmark at a keyframe. The published 3.2 m (40 × 8 cm
 * baselines) suits a noisy structured-light sensor at desk range; the simulated rooms put most walls
 * at 3–6 m, where 3.2 m kept only ~100 landmarks per keyframe and turns in place lost tracking.
 */
const SLAM_CLOSE_DEPTH_M = 6;
/**
 * Virtual stereo baseline that weights depth residuals against image residuals. The published 8 cm
 * models a structured-light sensor's depth noise; the simulator's depth is exact, and at 320×240
 * (fx ≈ 194) 8 cm made a wall at 3 m worth ±0.6 m of depth, so in-place turns traded yaw for
 * sideways translation and drifted. 0.5 m cut the simulator's drift about threefold (bench tracker:
 * sim_drift_pct); 1 m began to lock onto wrong poses at close striped walls.
 */
const SLAM_DEPTH_BASELINE_M = 0.5;

/**
 * The simulated body is a wheeled base with a level camera on a flat floor (stairs keep it level):
 * the tracker's poses only turn about the vertical. Left free, the estimate tilted by 5–13° within
 * 300 actions (scripts/map-diagnosis.ts), and the tilt leaked into the heading the map is drawn with.
 */
const SLAM_LEVEL_MOTION = true;
/**
 * Without the commanded motion (`--motion-prior none`), the tracker knows the body is a wheeled base
 * with the camera over its turning axis: it turns in place or drives along its heading, never sideways
 * (native tracking_params.h, lateral_sigma_m). Frames only, turns in place before a close blank wall
 * slid the camera sideways 0.12–0.2 m per frame and swapped yaw for it: the tracker bench's lap of
 * house 11 drifted 4.09 % of its path free, 4.09 % with 5 cm, 0.59 % with 1 cm (same lap, 2026-12-07).
 * The commanded motion's prior, when given, replaces it.
 */
const SLAM_LATERAL_SIGMA_M = 0.01;
/**
 * A keyframe at least every 10 frames: ORB-SLAM's one keyframe per second of frames, at the
 * simulator's 10 Hz (the tracker's default, 30, is a second at 30 Hz). With 30, a keyframe came
 * every 17 frames on average; most landmarks were seen by fewer than three keyframes and culled, and
 * the heading drifted by up to 5° in 300 actions (about 1–2° with 10).
 */
const SLAM_KEYFRAME_GAP = 10;
/**
 * Keyframes near the current pose added to the local map: a robot that turns in place and comes back
 * through rooms re-observes landmarks of its first visit, which covisibility alone never reaches.
 */
const SLAM_PROXIMITY_KEYFRAMES = 10;
/**
 * Keyframes moved by local bundle adjustment: the published local BA moves every keyframe covisible
 * with the new one; the tracker's default caps that at 10, which with a keyframe every 10 frames left
 * part of the neighbourhood fixed (free precision 0.970 → 0.973 on bench mapquality; 20 and 30 gave
 * identical maps, no keyframe here has more neighbours).
 */
const SLAM_BA_WINDOW = 20;

/** The tracker settings of the simulated body's camera (also for evaluation runs that replay its frames). */
export function simTrackerOptions(body: SimBody): TrackerOptions {
  return {
    intrinsics: body.intrinsics,
    depthScale: 1,
    numFeatures: SLAM_FEATURES_320,
    closeDepth: SLAM_CLOSE_DEPTH_M,
    depthBaseline: SLAM_DEPTH_BASELINE_M,
    levelMotion: SLAM_LEVEL_MOTION,
    lateralSigmaM: SLAM_LATERAL_SIGMA_M,
    keyframeGap: SLAM_KEYFRAME_GAP,
    proximityKeyframes: SLAM_PROXIMITY_KEYFRAMES,
    baWindow: SLAM_BA_WINDOW,
  };
}

/**
 * Whether the navigator's tracker closes loops (issue 34): its keyframes are then corrected when it sees
 * a place of its map again, and the navigator re-integrates the floor from them (navigator/loop-rebuild.ts).
 * On: houses 0..9 with the offline agent (`eval --houses 0..9 --agent scripted --workers 2`, 2026-12-06,
 * the closure and the keyframe adjustment in slices) gave s-SR 0.92 [0.82, 1.00] / SPL 0.672 with it on
 * against 0.88 [0.74, 1.00] / 0.618 off (main's run of the same day): failed 3/3, 5/2 (wrong floor), 5/4
 * (seen, not reached), 6/4 (never seen) against off 3/3 (route unreachable), 3/4, 3/5 (wrong floor), 5/2,
 * 5/3, 6/4 (never seen). Earlier, with the whole closure in one frame, on had lost (0.82 / 0.57 against
 * 0.92 / 0.68), and with the closure alone in slices 0.86 / 0.649 against 0.88 / 0.631.
 */
const NAVIGATOR_LOOP_CLOSING = true;
/**
 * Pose-graph steps of a closure per frame (TrackerOptions.closeSlice): the tracker's loop search (one
 * proposed place per frame), its closure (a step is 128 edges' share of an iteration, or its solve) and
 * the map's refresh after the commit run over the frames after the one that found it instead of
 * stalling that frame (house 7's lap, 142 keyframes: the whole closure in one frame took 453 ms).
 */
const NAVIGATOR_CLOSE_SLICE = 1;

/**
 * Bundle-adjustment damping tries of a new keyframe per frame (TrackerOptions.baSlice): the keyframe's
 * windowed adjustment runs over the frames after it instead of stalling the frame that makes it.
 */
const NAVIGATOR_BA_SLICE = 2;

/** The navigator's tracker: the simulated camera's settings with the navigator's loop closing. */
export function navigatorTrackerOptions(body: SimBody): TrackerOptions {
  return { ...simTrackerOptions(body), loopClosing: NAVIGATOR_LOOP_CLOSING, closeSlice: NAVIGATOR_CLOSE_SLICE, baSlice: NAVIGATOR_BA_SLICE };
}

type PoseSourceFactory = (body: SimBody) => Promise<PoseSource>;
const poseSourceFactories = new Map<PoseSourceKind, PoseSourceFactory>([
  // Ablation only: the simulator's pose, anchored to the first frame like the tracker's world.
  ['ground-truth', async (body) => new GroundTruthPoseSource(() => body.groundTruthPose())],
  // The visual tracker on the body's RGB-D frames (metric depth, so a depth scale of 1).
  ['slam', async (body) => SlamPoseSource.create(navigatorTrackerOptions(body))],
]);

/** The pose source of kind `kind` over `body`'s frames; throws when this build lacks it. */
export async function createPoseSource(kind: PoseSourceKind, body: SimBody): Promise<PoseSource> {
  const factory = poseSourceFactories.get(kind);
  if (!factory) throw new Error(`pose source '${kind}' is not available in this build (available: ${[...poseSourceFactories.keys()].join(', ')})`);
  return factory(body);
}
