/** What a Navigator is made with, and the saved map of a pose source it relocalises in. */
import type { Body } from '../body/index.js';
import type { Mat4 } from '../geometry/index.js';
import type { FloorTrackerOptions, MapParams } from '../mapping/index.js';
import type { PoseSource } from '../perception/index.js';
import type { Navcore } from '../wasm/index.js';
import type { LoopRebuildOptions } from './loop-rebuild.js';
import type { MotionCheckOptions } from './motion-check.js';
import type { NavigatorMemory } from './navigator-memory.js';

export interface NavigatorOptions {
  body: Body;
  /**
   * map with a levelled pose (estimated pitch, roll and small vertical drift removed; default true).
   * false maps with the raw estimate, as an ablation.
   */
  levelMapping?: boolean;
  poseSource: PoseSource;
  /** a navcore instance to share; by default the navigator loads its own */
  core?: Navcore;
  mapParams?: Partial<MapParams>;
  floors?: FloorTrackerOptions;
  /**
   * the check of tracked motion against the body's odometry (motion-check.ts), under either prior:
   * physically impossible tracked motion (beyond the commanded one by more than the tolerances) is
   * replaced by the commanded motion and such frames are left out of the map, and a loss is dead
   * reckoned through; it hands the pose source the odometry as its prediction unless `prior` is `none`
   * (motion-prior.ts). false: every tracked pose is taken as it comes and the pose source gets frames only
   */
  motionCheck?: MotionCheckOptions | false;
  /** memory saved by an earlier navigator in the same house (a resumed run) */
  memory?: NavigatorMemory;
  /**
   * the pose source's map saved with `memory` by an earlier run of the house (a house memory): the
   * body stands somewhere else now, so the navigator relocalises in this map instead of resuming
   * at the saved pose
   */
  poseMap?: SavedPoseMap;
  /** how the grid is re-integrated after the pose source closes a loop (loop-rebuild.ts) */
  loopRebuild?: LoopRebuildOptions;
}

/** A pose source's exported map with the anchor that carried its poses into the navigator's world. */
export interface SavedPoseMap {
  bytes: Uint8Array;
  anchor: Mat4;
  mapId: number;
}
