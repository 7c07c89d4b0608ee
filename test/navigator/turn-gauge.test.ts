/** A full turn in place counted with exact odometry, closed on the tracked yaw on a noisy base. */
import { describe, expect, it } from 'vitest';
import { HabitatActuationNoise } from '../../src/body/actuation-noise.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/index.js';
import { Navigator } from '../../src/navigator/navigator.js';
import { TurnGauge } from '../../src/navigator/turn-gauge.js';
import { squareRoom } from '../helpers/sim-scenes.js';

const DEG = Math.PI / 180;
const ACTION = { perAction: 5, forwardM: 0.25, turnRad: 15 * DEG };
/**
 * a view is taken once the tracked yaw (here the true one) is within half a commanded turn (7.5°) of its
 * heading, so it lies between 7.5° short of it and one action's turn less 7.5° past it
 */
const TOLERANCE_DEG = 12;
const wrapDeg = (a: number) => (Math.atan2(Math.sin(a), Math.cos(a)) * 180) / Math.PI;

/** The actions (1 = first) at which the gauge takes its views, and the action it ends on, for tracked yaws per action. */
function walk(g: TurnGauge, yaws: (number | null)[]): { views: number[]; end: number } {
  const views: number[] = [];
  for (let i = 0; i < yaws.length; i++) {
    const s = g.step(yaws[i]);
    if (s.view) views.push(i + 1);
    if (s.done) return { views, end: i + 1 };
  }
  return { views, end: -1 };
}

describe('TurnGauge', () => {
  it('counts 24 turns and takes every sixth view with exact odometry, whatever the yaw reads', () => {
    const yaws = Array.from({ length: 40 }, (_, i) => (i + 1) * 20 * DEG);
    expect(walk(new TurnGauge(6, false, 0), yaws)).toEqual({ views: [6, 12, 18, 24], end: 24 });
  });

  it('closed on the yaw: an over-turning base takes its views at the headings and ends sooner', () => {
    // 18° an action: views where the turn first reaches 82.5°, 172.5°, 262.5°, 352.5°
    const yaws = Array.from({ length: 40 }, (_, i) => wrapDeg((i + 1) * 18 * DEG) * DEG);
    expect(walk(new TurnGauge(6, true, 0), yaws)).toEqual({ views: [5, 10, 15, 20], end: 20 });
  });

  it('an under-turning base turns on past 24 actions; untracked actions count as the command', () => {
    const under = Array.from({ length: 40 }, (_, i) => wrapDeg((i + 1) * 12 * DEG) * DEG);
    expect(walk(new TurnGauge(6, true, 0), under)).toEqual({ views: [7, 15, 22, 30], end: 30 });
    expect(walk(new TurnGauge(6, true, null), Array<null>(40).fill(null))).toEqual({ views: [6, 12, 18, 24], end: 24 });
  });

  it('a jump beyond one action counts as the command, and gives up measuring after 36 actions', () => {
    const jumpy = Array.from({ length: 40 }, (_, i) => (i === 2 ? 170 * DEG : wrapDeg((i + 1) * 15 * DEG) * DEG));
    expect(walk(new TurnGauge(6, true, 0), jumpy).views[0]).toBe(6);
    expect(walk(new TurnGauge(6, true, 0), Array<number>(40).fill(0))).toEqual({ views: [36, 37, 38, 39], end: 39 });
  });
});

describe('Navigator.turnInPlace on a habitat-noisy base', () => {
  /** the true heading (°, from the start) at each of the four views, and the number of turn actions */
  async function turn(declared: boolean): Promise<{ views: number[]; actions: number }> {
    const noise = new HabitatActuationNoise('turn-gauge', ACTION);
    const body = await SimBody.create(squareRoom(6), { camera: { width: 64, height: 48 }, actuationNoise: noise });
    const nav = await Navigator.create({
      body,
      poseSource: new GroundTruthPoseSource(() => body.groundTruthPose()),
      motionCheck: { prior: 'odometry', ...(declared ? { odometryError: noise.bound() } : {}) },
    });
    const start = body.simPose.yaw;
    const heading = new Map<object, number>();
    const act = nav.act.bind(nav);
    nav.act = async (a, o) => {
      const r = await act(a, o);
      heading.set(r.frame, wrapDeg(body.simPose.yaw - start));
      return r;
    };
    const frames = await nav.turnInPlace(6);
    nav.poseSource.dispose();
    if (process.env.TURN_GAUGE_DEBUG) console.log(declared, [...heading.values()].map((h) => h.toFixed(1)).join(' '));
    return { views: frames.map((f) => heading.get(f)!), actions: heading.size };
  }

  it('takes the four views within half a turn of their headings when the odometry error is declared', async () => {
    const counted = await turn(false);
    const closed = await turn(true);
    // the same seeded draws: 24 counted turns leave the views off their headings, the last well past the start
    expect(counted.actions).toBe(24);
    expect(Math.abs(counted.views[3])).toBeGreaterThan(15);
    expect(closed.views).toHaveLength(4);
    closed.views.forEach((h, k) => expect(Math.abs(wrapDeg((h - 90 * (k + 1)) * DEG))).toBeLessThan(TOLERANCE_DEG));
    expect(closed.actions).toBeLessThan(24);
  }, 60_000);
});
