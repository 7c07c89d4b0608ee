/**
 * `--motion-prior none` keeps the tracker from the odometry, not the navigator: the motion check
 * still judges tracked motion against the body's odometry reading (the commanded sub-motion, what a
 * wheeled base's encoders say) and dead-reckons through a loss. Here the pose source loses the body
 * for two actions of a turn in place and comes back in a fresh map whose origin is the recovery frame,
 * as the tracker does (houses 0..9, house 3: 3.4 s lost turning, then metres of error). Re-anchoring
 * alone places the fresh map at the last pose as if the body had not turned; the check turns it on by
 * what was commanded meanwhile. The pose source never sees a motion under `none`, and does under
 * `odometry`.
 */
import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME, planarPose } from '../../src/geometry/frames.js';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import type { MotionPrior } from '../../src/navigator/index.js';
import type { PoseEstimate } from '../../src/perception/pose-source.js';
import { World } from '../../src/world/world.js';

const LOST_FROM = 6,
  LOST_TO = 15;

/** Opens house 7 with ground-truth poses, loses them over frames LOST_FROM..LOST_TO after the start and recovers in a fresh map. */
async function lossWhileTurning(prior: MotionPrior) {
  const world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'ground-truth', motionPrior: prior });
  const source = world.navigator.poseSource;
  const firstInv = invert(world.body.groundTruthPose());
  let frame = 0,
    freshInv: Mat4 | null = null;
  const motions: (Mat4 | undefined)[] = [];
  source.estimate = (_f, motion): PoseEstimate => {
    frame++;
    motions.push(motion);
    const truth = world.body.groundTruthPose();
    if (frame >= LOST_FROM && frame <= LOST_TO) return { status: 'lost', pose: null, mapId: 1 };
    if (frame < LOST_FROM) return { status: 'ok', pose: multiply(firstInv, truth), mapId: 1 };
    freshInv ??= invert(truth);
    return { status: 'ok', pose: multiply(freshInv, truth), mapId: 2 };
  };
  // four lefts (20 sub-motions, 3° each): frames 6..15 are lost, 30° of the turn unseen; then a forward
  for (const a of ['left', 'left', 'left', 'left', 'forward'] as const) await world.navigator.act([a], { stopOnCollision: false });
  const truth = planarPose(NAVIGATOR_FRAME, multiply(firstInv, world.body.groundTruthPose()));
  const est = world.navigator.planar()!;
  const result = {
    yawErr: Math.abs(Math.atan2(Math.sin(est.yaw - truth.yaw), Math.cos(est.yaw - truth.yaw))),
    posErr: Math.hypot(est.x - truth.x, est.z - truth.z),
    reanchors: world.navigator.state.reanchors,
    motions,
  };
  world.dispose();
  return result;
}

describe('the motion check under the none prior', () => {
  it('dead-reckons a loss during a turn in place, and hands the pose source no motion', async () => {
    const none = await lossWhileTurning('none');
    expect(none.reanchors).toBe(1);
    // without the check the fresh map sits 30° off the true heading (0.52 rad), and the forward drifts with it
    expect(none.yawErr).toBeLessThan(1e-6);
    expect(none.posErr).toBeLessThan(1e-6);
    expect(none.motions.length).toBe(25);
    expect(none.motions.every((m) => m === undefined)).toBe(true);
  }, 120_000);

  it('hands the pose source each commanded motion under the odometry prior', async () => {
    const odo = await lossWhileTurning('odometry');
    expect(odo.yawErr).toBeLessThan(1e-6);
    expect(odo.motions.filter((m) => m !== undefined).length).toBe(25);
  }, 120_000);
});
