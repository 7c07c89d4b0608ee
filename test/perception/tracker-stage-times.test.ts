/**
 * The tracker's split of its own time (nt_stage_times, Tracker.stageTimes): every stage is charged
 * its own time, so the stages add up to the time of the calls, and a frame's extraction stages grow
 * with every frame tracked while stages the frames never reach stay at zero.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { Tracker } from '../../src/perception/index.js';
import { STAGE } from '../../src/perception/tracker-abi.js';
import { SYN_K, texturedWall } from '../helpers/synthetic-rgbd.js';

const trackers: Tracker[] = [];
afterEach(() => {
  while (trackers.length) trackers.pop()!.dispose();
});

const sum = (t: Record<string, number>) => Object.values(t).reduce((a, b) => a + b, 0);

describe('Tracker.stageTimes', () => {
  it('names every stage, all zero before the first frame', async () => {
    const t = await Tracker.create({ intrinsics: SYN_K });
    trackers.push(t);
    const s = t.stageTimes();
    expect(Object.keys(s)).toEqual(Object.keys(STAGE));
    expect(sum(s)).toBe(0);
  });

  it('adds up to the tracking calls, extraction and matching growing with each frame', async () => {
    const t = await Tracker.create({ intrinsics: SYN_K });
    trackers.push(t);
    let wall = 0;
    const readings = [];
    for (let i = 0; i < 8; i++) {
      const frame = texturedWall(i * 0.1);
      const t0 = performance.now();
      expect(t.track(frame).status).toBe('ok');
      wall += performance.now() - t0;
      readings.push(t.stageTimes());
    }
    const last = readings.at(-1)!;
    for (const v of Object.values(last)) expect(v).toBeGreaterThanOrEqual(0);
    // inside the calls (which also copy the frame in and read the pose), and most of them
    expect(sum(last)).toBeLessThanOrEqual(wall);
    expect(sum(last)).toBeGreaterThan(0.5 * wall);
    for (let i = 1; i < readings.length; i++) {
      for (const k of ['pyramid', 'fast', 'orb', 'matching', 'pose'] as const) expect(readings[i][k]).toBeGreaterThan(readings[i - 1][k]);
    }
    // one map, never lost: nothing relocalised
    expect(last.relocalisation).toBe(0);
  });
});
