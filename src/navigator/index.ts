/** The public surface of src/navigator/: what the layers above it use. */
export { COARSE_ACTIONS, type CoarseAction, CoarseActionSchema, FORWARD_M, FULL_TURN_ACTIONS, SUB_MOTIONS_PER_ACTION, TURN_DEG } from './actions.js';
export type { NavigatorMemory } from './navigator-memory.js';
export { Navigator, type SavedPoseMap } from './navigator.js';
export { type Place, PlaceNameSchema } from './places.js';
export { actionsAlong, routeActions } from './route-following.js';
export type { DepthView, View } from './view-bank.js';
export { MOTION_PRIORS, type MotionPrior } from './motion-prior.js';
