/**
 * The camera motion a commanded sub-motion predicts (the pose source's odometry) is what the
 * simulator's body does to its camera: checked against SimBody's own camera poses, and the motion
 * check withholds it while paused (the environment moved the body).
 */
import { describe, expect, it } from 'vitest';
import { invert, multiply } from '../../src/geometry/pose.js';
import { simCameraPose, simPoseToNavigator } from '../../src/geometry/sim-frame.js';
import { SUB_MOTION_DEGREES, SUB_MOTION_METRES } from '../../src/body/index.js';
import { commandedCameraMotion } from '../../src/navigator/commanded-motion.js';
import { MotionCheck } from '../../src/navigator/motion-check.js';
import { CameraMotionSchema } from '../../src/perception/camera-motion.js';

const DEG = Math.PI / 180;

describe('commandedCameraMotion', () => {
  it('is the camera pose of the body after the sub-motion in the camera frame before it', () => {
    const yaw = 0.7,
      p: [number, number, number] = [1.2, 0, -3.4],
      h = 0.88;
    const before = simPoseToNavigator(simCameraPose(p, yaw, h));
    const fwd = [-Math.sin(yaw), 0, -Math.cos(yaw)];
    const after = {
      forward: simCameraPose([p[0] + fwd[0] * SUB_MOTION_METRES, 0, p[2] + fwd[2] * SUB_MOTION_METRES], yaw, h),
      left: simCameraPose(p, yaw + SUB_MOTION_DEGREES * DEG, h),
      right: simCameraPose(p, yaw - SUB_MOTION_DEGREES * DEG, h),
      still: simCameraPose(p, yaw, h),
    };
    for (const [m, a] of Object.entries(after) as [keyof typeof after, Float64Array][]) {
      const truth = multiply(invert(before), simPoseToNavigator(a));
      const cmd = commandedCameraMotion(m)!;
      for (let i = 0; i < 16; i++) expect(cmd[i]).toBeCloseTo(truth[i], 12);
      expect(CameraMotionSchema.safeParse(cmd).success).toBe(true);
    }
  });

  it('says nothing after a blocked forward, or while the motion check is paused', () => {
    expect(commandedCameraMotion('forward', true)).toBeUndefined();
    expect(commandedCameraMotion('left', true)).toBeDefined();
    // frames only (the default prior) feed the tracker no odometry at all
    expect(new MotionCheck().odometry('left', false)).toBeUndefined();
    const mc = new MotionCheck({ prior: 'odometry' });
    expect(mc.odometry('left', false)).toBeDefined();
    mc.pause(true);
    expect(mc.odometry('left', false)).toBeUndefined();
  });
});
