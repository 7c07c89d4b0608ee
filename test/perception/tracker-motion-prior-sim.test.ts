/**
 * The commanded motion as a prior (Tracker.track(frame, motion)) on the simulator: house 11's lap
 * turns in place beside a plain wall at frames 934–960 (3° per frame, a few forward steps between).
 * Two trackers with the navigator's settings, free to slide sideways (lateralSigmaM 0, as without
 * the wheeled base's term of tracker-lateral-sim.test.ts), see the same frames; one is also given each frame's
 * commanded motion (src/navigator/commanded-motion.ts). Without it, the few matches on the wall let
 * the pose slide sideways through the turn (decimetres per frame, over a metre in all, while every
 * frame still reports ok); with it, every frame-to-frame increment stays within centimetres of the
 * true one. A malformed motion is refused with the reason named.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { simPoseToNavigator } from '../../src/geometry/sim-frame.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { Tracker } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { commandedCameraMotion } from '../../src/navigator/commanded-motion.js';
import { loopTour } from '../../bench/support/loop-tour.js';
import { SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

const TURN_FROM = 925,
  TURN_TO = 960;

const trackers: Tracker[] = [];
afterEach(() => {
  while (trackers.length) trackers.pop()!.dispose();
});

/** Distance between the camera centres' increments (estimated and true) from one frame to the next, m. */
function incrementError(prevEst: Mat4, est: Mat4, prevTrue: Mat4, truth: Mat4): number {
  const dE = multiply(invert(prevEst), est),
    dT = multiply(invert(prevTrue), truth);
  return Math.hypot(dE[3] - dT[3], dE[7] - dT[7], dE[11] - dT[11]);
}

describe('the commanded motion as a tracking prior', () => {
  it('holds a turn in place beside a plain wall where the constant-velocity model slides (house 11)', async () => {
    const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed: 11 }));
    try {
      const plain = await Tracker.create({ ...simTrackerOptions(body), lateralSigmaM: 0 });
      const prior = await Tracker.create({ ...simTrackerOptions(body), lateralSigmaM: 0 });
      trackers.push(plain, prior);
      const runs = {
        plain: { t: plain, prev: null as Mat4 | null, errs: [] as number[], lost: 0 },
        prior: { t: prior, prev: null as Mat4 | null, errs: [] as number[], lost: 0 },
      };
      let prevTrue: Mat4 | null = null,
        n = 0;
      for await (const s of loopTour(body, 1e9, 1, TURN_TO)) {
        n++;
        const truth = simPoseToNavigator(body.simCameraPose());
        const motion = s.motion === 'observe' ? undefined : commandedCameraMotion(s.motion, s.collided);
        for (const r of [runs.plain, runs.prior]) {
          const e = r.t.track(s.frame, r === runs.prior ? motion : undefined);
          if (n >= TURN_FROM) {
            if (!e.pose) r.lost++;
            else if (r.prev && prevTrue) r.errs.push(incrementError(r.prev, e.pose, prevTrue, truth));
          }
          r.prev = e.pose;
        }
        prevTrue = truth;
      }
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      // without the prior: the pose slides through the turn (2.3 m of increment error when measured)
      expect(sum(runs.plain.errs) + runs.plain.lost * 0.1).toBeGreaterThan(0.8);
      expect(Math.max(...runs.plain.errs)).toBeGreaterThan(0.1);
      // with it: every frame tracked, each increment within a few centimetres of the true one
      expect(runs.prior.lost).toBe(0);
      expect(runs.prior.errs.length).toBe(TURN_TO - TURN_FROM + 1);
      expect(Math.max(...runs.prior.errs)).toBeLessThan(0.05);
      expect(sum(runs.prior.errs)).toBeLessThan(0.3);
    } finally {
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  }, 300_000);

  it('refuses a motion that is not a rigid 4×4 transform, and takes one that is', async () => {
    const t = await Tracker.create({ intrinsics: SYN_K });
    trackers.push(t);
    expect(t.track(texturedWall(0)).status).toBe('ok');
    expect(() => t.track(texturedWall(0.1), new Float64Array(15))).toThrow(/16 numbers/);
    const scaled = new Float64Array([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1]);
    expect(() => t.track(texturedWall(0.1), scaled)).toThrow(/rigid motion/);
    const nan = new Float64Array([1, 0, 0, Number.NaN, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(() => t.track(texturedWall(0.1), nan)).toThrow(/finite/);
    await expect(Tracker.create({ intrinsics: SYN_K, motionSigmaM: 0 })).rejects.toThrow(/motionSigmaM/);
    // the wheeled base's sideways term: off (0) or a standard deviation within 1e-4..10 m
    await expect(Tracker.create({ intrinsics: SYN_K, lateralSigmaM: 1e-6 })).rejects.toThrow(/lateralSigmaM/);
    await expect(Tracker.create({ intrinsics: SYN_K, lateralSigmaM: -1 })).rejects.toThrow(/lateralSigmaM/);
    trackers.push(await Tracker.create({ intrinsics: SYN_K, lateralSigmaM: 0 }), await Tracker.create({ intrinsics: SYN_K, lateralSigmaM: 0.01 }));
    // a still camera commanded to stand still
    const still = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    for (let i = 1; i <= 3; i++) expect(t.track(texturedWall(i * 0.1), still).status).toBe('ok');
  });
});
