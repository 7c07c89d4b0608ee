/**
 * Issue 35: frames only (`--motion-prior none`), the simulator's tracker knows it rides a wheeled base
 * over its turning axis, which cannot slide sideways (TrackerOptions.lateralSigmaM). On the tracker
 * bench's lap of house 11 (steered by ground truth, so both trackers see the same frames) turns in
 * place before close blank walls kept 41–75 matches, and a tracker free to move any way slid 0.12–0.2 m
 * sideways per frame through them, trading yaw for it (2.5 m and 17° off within ten frames; over the
 * bench's 300 actions ATE 1.02 m, 4.09 % of the path, against 0.148 m, 0.59 %, with the term).
 * The keyframes those frames make get the term in their windowed bundle adjustment too: without it
 * the adjustment moved them (and the frame that takes the keyframe's pose) up to 0.17 m sideways,
 * and the whole lap's ATE stayed at 0.146 m (the tracker before aaaabe0); with it 0.062 m (tracker
 * bench, `sim house 11`).
 */
import { describe, expect, it } from 'vitest';
import { simTracking } from '../../bench/support/sim-tracking.js';

const SEED = 11;
/** the lap's first 140 actions hold both of its slides (frames 330–349 and 650–659) */
const ACTIONS = 140;
/** the bench's whole lap: every turn before a blank wall it has */
const BENCH_ACTIONS = 300;

describe('a wheeled base that cannot slide sideways, frames only (simulator, house 11)', () => {
  it('keeps the ATE of the lap within a few decimetres where a tracker free to slide drifts several times more', async () => {
    const wheeled = await simTracking(SEED, ACTIONS);
    const free = await simTracking(SEED, ACTIONS, { lateralSigmaM: 0 });
    expect(free.lap).toEqual(wheeled.lap);
    expect(wheeled.statuses.ok).toBe(wheeled.frames);
    expect(wheeled.maps).toBe(1);
    expect(wheeled.ateM).toBeLessThan(0.25);
    expect(free.ateM, `free ${free.ateM} m, wheeled ${wheeled.ateM} m`).toBeGreaterThan(2 * wheeled.ateM);
  }, 300_000);

  it('keeps the keyframes from sliding sideways in their bundle adjustment: the whole bench lap within 0.1 m', async () => {
    const wheeled = await simTracking(SEED, BENCH_ACTIONS);
    expect(wheeled.statuses.ok).toBe(wheeled.frames);
    expect(wheeled.maps).toBe(1);
    expect(wheeled.ateM).toBeLessThan(0.1);
  }, 600_000);
});
