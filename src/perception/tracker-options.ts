/**
 * The tracker's options and the map optimisation's options and result: the validated inputs of
 * tracker.ts, apart so that the class stays one concept.
 */
import { IntrinsicsSchema, z } from '../geometry/index.js';

export const TrackerOptionsSchema = z.object({
  intrinsics: IntrinsicsSchema,
  /** metres per unit of the depth buffer handed in (1 when depth is in metres) */
  depthScale: z._default(z.number().check(z.positive()), 1),
  numFeatures: z.optional(z.int().check(z.minimum(50), z.maximum(10000))),
  numLevels: z.optional(z.int().check(z.minimum(1), z.maximum(12))),
  scaleFactor: z.optional(z.number().check(z.minimum(1.05), z.maximum(2))),
  fastIniThreshold: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
  fastMinThreshold: z.optional(z.int().check(z.minimum(1), z.maximum(200))),
  /** seconds in recently_lost before the map is given up */
  lostTimeoutS: z.optional(z.number().check(z.minimum(0), z.maximum(3600))),
  minDepth: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  maxDepth: z.optional(z.number().check(z.minimum(0.01), z.maximum(1000))),
  baWindow: z.optional(z.int().check(z.minimum(2), z.maximum(30))),
  minInitPoints: z.optional(z.int().check(z.minimum(10), z.maximum(5000))),
  /** metres: keypoints nearer than this all become landmarks at a keyframe (default 3.2, ORB-SLAM's 40 baselines) */
  closeDepth: z.optional(z.number().check(z.minimum(0.1), z.maximum(1000))),
  /**
   * metres: the virtual stereo baseline that weights depth residuals (default 0.08, ORB-SLAM's RGB-D
   * setting for a structured-light sensor); exact depth (the simulator's) warrants a longer one
   */
  depthBaseline: z.optional(z.number().check(z.minimum(0.01), z.maximum(10))),
  /**
   * the camera rides level on a wheeled base over a flat floor: poses only turn about the first
   * frame's vertical axis (default false: a handheld camera, as in the TUM sequences, tilts)
   */
  levelMotion: z.optional(z.boolean()),
  /** keyframes near the current pose added to the local map whatever their covisibility (default 0) */
  proximityKeyframes: z.optional(z.int().check(z.minimum(0), z.maximum(50))),
  /**
   * frames after which a keyframe is inserted whatever the match ratio (default 30: ORB-SLAM's one
   * keyframe per second of frames at 30 Hz)
   */
  keyframeGap: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
  /**
   * frames after loadMap() that only try to relocalise in the loaded map before a frame may open a
   * new map (default 120: one turn in place at the simulator's 3° per frame)
   */
  relocPatienceFrames: z.optional(z.int().check(z.minimum(0), z.maximum(100000))),
  /** place recognition and loop closing in the current map (default false) */
  loopClosing: z.optional(z.boolean()),
  /**
   * pose-graph steps of a loop closure run per tracked frame (a step linearises 128 edges of an
   * iteration, or solves it): a keyframe's loop search verifies one proposed place per frame, the closure
   * is optimised over the frames after the one that found it, tracking going on in the uncorrected map,
   * committed at once, and the map's derived geometry is refreshed a share per frame after it (native
   * NT_P_CLOSE_SLICE); 0 (default): the search, the whole closure and the refresh in one frame
   */
  closeSlice: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  /**
   * bundle-adjustment damping tries of a new keyframe run per tracked frame (an iteration takes one, or
   * up to 5 when the cost rises): its windowed adjustment is
   * spread over the frames after it, tracking going on in the map as the keyframe left it, and applied
   * at once (native NT_P_BA_SLICE); 0 (default): the whole adjustment in the keyframe's frame
   */
  baSlice: z.optional(z.int().check(z.minimum(0), z.maximum(100))),
  /** keyframes the place index proposes to one relocalisation attempt in a loaded map, best first (default 8) */
  relocCandidates: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  /**
   * a relocalisation in a loaded map is refused when its pose sees through more than this share of
   * the matched place's landmarks in view, judged against the frame's depth image (default 0.1)
   */
  relocMaxSeenThrough: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  /** consecutive frames that must relocalise independently and agree before a loaded map is accepted (default 2) */
  relocAgreeFrames: z.optional(z.int().check(z.minimum(1), z.maximum(10))),
  /** while tracking in a new map, relocalise new keyframes in a loaded map and move back into it (default true) */
  lateRelocalisation: z.optional(z.boolean()),
  /**
   * metres and degrees: how far the camera's true motion over one frame may be from a commanded one
   * given to track() (one standard deviation; defaults 0.05 m and 2°, a wheeled base's odometry over
   * one sub-motion). Smaller lets the command hold the pose against more matches.
   */
  motionSigmaM: z.optional(z.number().check(z.minimum(1e-4), z.maximum(10))),
  motionSigmaDeg: z.optional(z.number().check(z.minimum(1e-3), z.maximum(90))),
  /**
   * metres: with no commanded motion given to track(), the camera rides a wheeled base over its turning
   * axis that cannot slide sideways: the standard deviation of its sideways motion over one frame; 0
   * (default): free (a handheld camera)
   */
  lateralSigmaM: z.optional(z.union([z.literal(0), z.number().check(z.minimum(1e-4), z.maximum(10))])),
});
export type TrackerOptions = z.input<typeof TrackerOptionsSchema>;

export const OptimizeMapOptionsSchema = z.object({
  /** Levenberg-Marquardt iterations of each pass (a Huber pass, then a plain one without outliers) */
  iterations: z._default(z.int().check(z.minimum(1), z.maximum(100)), 10),
  /**
   * a keyframe observing fewer landmarks than this keeps its pose relative to the nearest adjusted
   * keyframe instead of moving freely (barely constrained, it would wander)
   */
  minObservations: z._default(z.int().check(z.minimum(0), z.maximum(10000)), 80),
});
export type OptimizeMapOptions = z.input<typeof OptimizeMapOptionsSchema>;

/** What one global bundle adjustment did (Tracker.optimizeMap). */
export interface OptimizeMapResult {
  /** wall time, ms */
  ms: number;
  /** Huber cost over every observation the pass started with, before and after */
  costBefore: number;
  costAfter: number;
  /** observations removed as outliers */
  removed: number;
  observations: number;
  /** keyframes that observed fewer than minObservations landmarks and moved with a neighbour */
  followers: number;
  /** the current map's keyframes and landmarks afterwards */
  keyframes: number;
  landmarks: number;
}
