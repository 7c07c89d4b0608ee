/** What the navigator reports about an execution and about itself. */
import type { BodyFrame } from '../body/index.js';
import type { PlanarPose } from '../geometry/index.js';
import type { TrackingStatus } from '../perception/index.js';
import type { CoarseAction } from './actions.js';

export type StopReason = 'collision' | 'terminated';

export interface ExecutionRecord {
  requested: CoarseAction[];
  executed: CoarseAction[];
  /** index into `executed` of each action during which the body collided */
  collisions: number[];
  stoppedEarly: StopReason | null;
  terminated: boolean;
  status: TrackingStatus;
  pose: PlanarPose | null;
  floor: number | null;
  /** the view after the last sub-motion */
  frame: BodyFrame;
}

export interface NavigatorState {
  status: TrackingStatus;
  pose: PlanarPose | null;
  floor: number | null;
  floors: number;
  frames: number;
  reanchors: number;
  /** frames whose tracked motion was implausible for the commanded sub-motion (not mapped) */
  motionRejects: number;
  /** times the pose's height was corrected to the floor it was found on (vertical drift removed) */
  verticalCorrections: number;
  /** joins in a house memory's saved map refuted as look-alike places (join-watch.ts), at the start or late */
  joinRefusals: number;
}
