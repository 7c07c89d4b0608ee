/** The public surface of src/geometry/: what the layers above it use. */
export { headingTo, headingVector, pointAhead, wrapAngle } from './angle.js';
export { frameProblem, NAVIGATOR_FRAME, planarPoint, planarPose, type PlanarPose, type WorldFrame, Z_UP_FRAME } from './frames.js';
export { cameraHeightOf, floorUnder, levelPose, raisePose } from './heights.js';
export { columnRay, fromHfov, type Intrinsics, IntrinsicsSchema, maxRayStretch } from './intrinsics.js';
export { fromQuatTranslation, identity, invert, type Mat4, multiply, poseProblem, toQuat, transformPoint, type Vec3 } from './pose.js';
export { simCameraPose, simPointToNavigator, simPoseToNavigator, yawOfDirection } from './sim-frame.js';
export { z } from './zod-mini.js';
