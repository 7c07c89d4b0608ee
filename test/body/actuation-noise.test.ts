/** habitat-sim's noisy LoCoBot actuation, drawn per coarse action and spread over its sub-motions. */
import { describe, expect, it } from 'vitest';
import { HabitatActuationNoise, type SubMotionError } from '../../src/body/actuation-noise.js';
import { SimBody } from '../../src/body/sim-body.js';
import type { SubMotion } from '../../src/body/body.js';
import { squareRoom } from '../helpers/sim-scenes.js';

const ACTION = { perAction: 5, forwardM: 0.25, turnRad: (15 * Math.PI) / 180 };

/** The errors of `n` whole actions of one kind, each summed over its sub-motions. */
function actionErrors(seed: string, motion: SubMotion, n: number): SubMotionError[] {
  const noise = new HabitatActuationNoise(seed, ACTION);
  const out: SubMotionError[] = [];
  for (let i = 0; i < n; i++) {
    const sum = { forward: 0, lateral: 0, yaw: 0 };
    for (let s = 0; s < ACTION.perAction; s++) {
      const e = noise.draw(motion);
      sum.forward += e.forward;
      sum.lateral += e.lateral;
      sum.yaw += e.yaw;
    }
    out.push(sum);
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));

describe('HabitatActuationNoise', () => {
  it("draws a forward's errors from LoCoBot ILQR's linear-motion model (means 0.014 m, 0.009 m, 0.008 rad; σ the square roots of 0.006, 0.005, 0.004)", () => {
    const e = actionErrors('fwd', 'forward', 4000);
    expect(mean(e.map((x) => x.forward))).toBeCloseTo(0.014, 2);
    expect(sd(e.map((x) => x.forward))).toBeCloseTo(Math.sqrt(0.006), 2);
    expect(mean(e.map((x) => x.lateral))).toBeCloseTo(0.009, 2);
    expect(sd(e.map((x) => x.lateral))).toBeCloseTo(Math.sqrt(0.005), 2);
    expect(mean(e.map((x) => x.yaw))).toBeCloseTo(0.008, 2);
    // truncated at ±3σ, and a forward always moves at least 5 % of its 0.25 m
    for (const x of e) {
      expect(Math.abs(x.forward - 0.014)).toBeLessThanOrEqual(3 * Math.sqrt(0.006) + 1e-12);
      expect(0.25 + x.forward).toBeGreaterThanOrEqual(0.05 * 0.25 - 1e-12);
    }
  });

  it('overshoots turns in their own direction (rotational model, mean 0.023 rad) and never turns back', () => {
    const left = actionErrors('turn', 'left', 4000).map((x) => x.yaw);
    const right = actionErrors('turn', 'right', 4000).map((x) => x.yaw);
    // the truncation at −95 % of the 15° turn lifts the mean by about 0.0015 rad
    expect(mean(left)).toBeGreaterThan(0.018);
    expect(mean(left)).toBeLessThan(0.03);
    expect(mean(right)).toBeLessThan(-0.018);
    expect(sd(left)).toBeCloseTo(Math.sqrt(0.012), 1);
    for (const y of left) expect(ACTION.turnRad + y).toBeGreaterThanOrEqual(0.05 * ACTION.turnRad - 1e-12);
    for (const y of right) expect(ACTION.turnRad - y).toBeGreaterThanOrEqual(0.05 * ACTION.turnRad - 1e-12);
  });

  it('spreads one draw over an action; a change of motion or a restart begins the next action', () => {
    const noise = new HabitatActuationNoise(7, ACTION);
    const first = [0, 1, 2, 3, 4].map(() => noise.draw('forward'));
    for (const e of first) expect(e).toEqual(first[0]);
    const second = noise.draw('forward');
    expect(second).not.toEqual(first[0]);
    const turn = noise.draw('left');
    expect(turn).not.toEqual(second);
    expect(noise.draw('left')).toEqual(turn);
    noise.restart();
    expect(noise.draw('left')).not.toEqual(turn);
  });

  it('is the same for the same seed and differs for another', () => {
    expect(actionErrors('seed:3#0', 'forward', 20)).toEqual(actionErrors('seed:3#0', 'forward', 20));
    expect(actionErrors('seed:3#0', 'forward', 20)).not.toEqual(actionErrors('seed:3#1', 'forward', 20));
  });

  it('moves the simulated body away from where its commands lead', async () => {
    const run = async (noisy: boolean) => {
      const body = await SimBody.create(squareRoom(6), {
        camera: { width: 32, height: 24 },
        actuationNoise: noisy ? new HabitatActuationNoise('room', ACTION) : undefined,
      });
      for (let i = 0; i < 10; i++) await body.execute('forward');
      for (let i = 0; i < 10; i++) await body.execute('left');
      return body.simPose;
    };
    const clean = await run(false),
      noisy = await run(true);
    // two forward actions (0.5 m ahead, −z) and two 15° turns left
    expect(clean.position[2]).toBeCloseTo(-0.5, 6);
    expect(clean.yaw).toBeCloseTo((30 * Math.PI) / 180, 9);
    expect(Math.hypot(noisy.position[0] - clean.position[0], noisy.position[2] - clean.position[2]) + Math.abs(noisy.yaw - clean.yaw)).toBeGreaterThan(0.005);
  });
});
