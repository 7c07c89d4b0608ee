/** The public surface of src/body/: what the layers above it use. */
export {
  type Body,
  type BodyFrame,
  type ExecuteOptions,
  ownFrame,
  SUB_MOTION_DEGREES,
  SUB_MOTION_METRES,
  type SubMotion,
  type SubMotionResult,
} from './body.js';
export { type Recording, ReplayBody } from './replay-body.js';
export { SimBody } from './sim-body.js';
export type { TumFrameRef, TumPose } from './tum.js';
export {
  ACTUATION_NOISE_MODELS,
  type ActuationNoise,
  type ActuationNoiseModel,
  GaussianActuationNoise,
  HabitatActuationNoise,
  type OdometryErrorBound,
  type SubMotionError,
} from './actuation-noise.js';
