/** The C ABI of build/tracker.wasm (native/include/navtracker.h), as numbers TypeScript can name; test/perception/tracker-abi-header.test.ts checks that the two (and native/build.sh's exports) agree. */
import type { TrackingStatus } from './pose-source.js';

export const STATUS_BY_CODE: readonly TrackingStatus[] = ['initialising', 'ok', 'recently_lost', 'lost'];

export const ERROR_BY_CODE: Readonly<Record<number, string>> = {
  [-1]: 'null handle or buffer',
  [-2]: 'the tracker is not configured',
  [-3]: 'the image size differs from the configured size',
  [-4]: 'an argument is out of range',
  [-5]: 'unknown parameter or value out of range',
  [-6]: 'there is no map with a keyframe to save (track some frames first)',
  [-7]: 'not a tracker map file, or a truncated or corrupt one (checksum, counts or values do not hold)',
  [-8]: 'a map file of another format version',
  [-9]: 'the map was saved under other camera or tracker settings',
};

export const PARAM = {
  numFeatures: 1,
  numLevels: 2,
  scaleFactor: 3,
  fastIniThreshold: 4,
  fastMinThreshold: 5,
  lostTimeoutS: 6,
  minDepth: 7,
  maxDepth: 8,
  baWindow: 9,
  minInitPoints: 10,
  closeDepth: 11,
  depthBaseline: 12,
  levelMotion: 13,
  proximityKeyframes: 14,
  keyframeGap: 15,
  relocPatienceFrames: 16,
  loopClosing: 17,
  relocCandidates: 18,
  relocMaxSeenThrough: 19,
  relocAgreeFrames: 20,
  lateRelocalisation: 21,
  motionSigmaM: 22,
  motionSigmaDeg: 23,
  closeSlice: 24,
  baSlice: 25,
  lateralSigmaM: 26,
} as const;

export const COUNTER = {
  keyframes: 0,
  landmarks: 1,
  inliers: 2,
  maps: 3,
  features: 4,
  relocalisations: 5,
  loopClosures: 6,
  loopMatchFrame: 7,
  lateRelocalisations: 30,
  closureUnderWay: 31,
  mappingUnderWay: 32,
} as const;

/** The loop search's counters (NT_C_LOOP_QUERIES …): how far each keyframe's search got, summed. */
export const LOOP_STAT = {
  queries: 8,
  candidates: 9,
  fewMatches: 10,
  noRansac: 11,
  fewInliers: 12,
  verified: 13,
  disagreed: 14,
  bestInliers: 15,
  covisibleBest: 16,
  implausible: 17,
} as const;

/** The relocaliser's counters (NT_C_RELOC_QUERIES …): how far each attempt got, summed since the last reset or map load. */
export const RELOC_STAT = {
  queries: 18,
  candidates: 19,
  fewMatches: 20,
  noRansac: 21,
  fewPoseInliers: 22,
  fewInliers: 23,
  found: 24,
  unconfirmed: 25,
  seenThrough: 26,
  lastSeenThroughPermille: 27,
  verified: 28,
  ambiguous: 29,
} as const;

/** The stages of nt_stage_times (NT_S_*), in the order it writes them: where the tracker's time goes. */
export const STAGE = {
  pyramid: 0,
  fast: 1,
  orb: 2,
  frame: 3,
  matching: 4,
  pose: 5,
  localMap: 6,
  keyframe: 7,
  mapping: 8,
  loopClosing: 9,
  relocalisation: 10,
  other: 11,
} as const;

/** Milliseconds per tracking stage (Tracker.stageTimes). */
export type StageTimes = Record<keyof typeof STAGE, number>;

export interface TrackerExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  malloc(bytes: number): number;
  free(ptr: number): void;
  nt_create(): number;
  nt_destroy(h: number): void;
  nt_configure(h: number, w: number, hgt: number, fx: number, fy: number, cx: number, cy: number, depthScale: number): number;
  nt_set_param(h: number, key: number, value: number): number;
  nt_track(h: number, image: number, w: number, hgt: number, channels: number, depth: number, t: number): number;
  nt_track_motion(h: number, image: number, w: number, hgt: number, channels: number, depth: number, t: number, motion16: number): number;
  nt_get_pose(h: number, out: number): number;
  nt_handover_pose(h: number, out: number): number;
  nt_state(h: number): number;
  nt_map_id(h: number): number;
  nt_count(h: number, which: number): number;
  nt_reset(h: number): number;
  nt_keyframe_poses(h: number, out: number, capacity: number): number;
  nt_save_map(h: number): number;
  nt_saved_map(h: number): number;
  nt_load_map(h: number, data: number, length: number): number;
  nt_global_bundle_adjust(h: number, iterations: number, minObservations: number, out5: number): number;
  nt_close_step(h: number, iterations: number): number;
  nt_stage_times(h: number, out: number, capacity: number): number;
}
