import { describe, expect, it } from 'vitest';
import { NAVIGATOR_FRAME, planarPose } from '../../src/geometry/frames.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import { HabitatActuationNoise } from '../../src/body/actuation-noise.js';
import { MotionCheck } from '../../src/navigator/motion-check.js';
import { SUB_MOTIONS_PER_ACTION } from '../../src/navigator/actions.js';

const DEG = Math.PI / 180;
/** A level camera at planar pose (x, z, yaw) in NAVIGATOR_FRAME (up = −y). */
function pose(x: number, z: number, yaw: number, y = -0.88): Mat4 {
  const c = Math.cos(yaw),
    s = Math.sin(yaw);
  return new Float64Array([c, 0, -s, x, 0, 1, 0, y, s, 0, c, z, 0, 0, 0, 1]);
}
const yawDeg = (m: Mat4) => planarPose(NAVIGATOR_FRAME, m).yaw / DEG;
/** habitat's LoCoBot bound, as the world hands it to the navigator */
const habitatBound = () => new HabitatActuationNoise('test', { perAction: SUB_MOTIONS_PER_ACTION, forwardM: 0.25, turnRad: 15 * DEG }).bound();

/**
 * Two left actions; the base overshoots each of its 3° sub-motions by `over`° (one error per action,
 * as habitat draws it). The tracker follows the truth except at the `jump`-th sub-motion of the first
 * action, where its pose jumps 12° further (a bundle adjustment carrying the frame along), and stays in
 * the jumped frame after. Returns the heading error of the navigator's pose after each sub-motion.
 */
function run(mc: MotionCheck, over: number[], jump: number): number[] {
  const errors: number[] = [];
  mc.apply(pose(0, 0, 0), 'still');
  let truth = 0;
  let offset = 0;
  over.forEach((o, i) => {
    truth += 3 + o;
    if (i === jump) offset = 12;
    const out = mc.apply(pose(0, 0, (truth + offset) * DEG), 'left').pose!;
    errors.push(yawDeg(out) - truth);
  });
  return errors;
}

describe('MotionCheck with noisy odometry: a refused frame keeps the action departure measured', () => {
  const firstAction = [4, 4, 4, 4, 4];
  const secondAction = [-2, -2, -2, -2, -2];

  it('replaces a jumped frame by the command plus the departure tracked earlier in the same action', () => {
    const mc = new MotionCheck({ odometryError: habitatBound() });
    const errors = run(mc, [...firstAction, ...secondAction], 2);
    expect(mc.rejected).toBe(1);
    // the bare command would lose the 4° overshoot of the refused frame for good
    for (const e of errors) expect(Math.abs(e)).toBeLessThan(1e-6);
  });

  it('does not carry one action departure into the next action', () => {
    const mc = new MotionCheck({ odometryError: habitatBound() });
    // the jump at the first sub-motion of the second action: nothing of that action measured yet
    const errors = run(mc, [...firstAction, ...secondAction], 5);
    expect(mc.rejected).toBe(1);
    // the command alone: the second action's −2° departure of that one frame is lost, not the first action's +4°
    expect(errors[9]).toBeCloseTo(2, 6);
  });

  it('keeps the bare command when the odometry declares no error (exact odometry: unchanged)', () => {
    const mc = new MotionCheck({ yawTolDeg: 6 });
    const errors = run(mc, [...firstAction, ...secondAction], 2);
    expect(mc.rejected).toBe(1);
    expect(errors[9]).toBeCloseTo(-4, 6);
  });
});
