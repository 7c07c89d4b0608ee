/** Flags of `navharness run` become the harness configuration; every ablation is reachable. */
import { describe, expect, it } from 'vitest';
import { harnessConfigFromFlags, RunFlagsSchema } from '../../src/commands/run.js';
import { parseFlags } from '../../src/commands/options.js';

const base = { house: 'seed:7', agent: 'scripted', out: '/tmp/x' };

describe('navharness run flags → harness configuration', () => {
  it('keeps the odometry check on by default and turns it off with --no-motion-check', () => {
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, base, 'run')).motionCheck).toBe(true);
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, motionCheck: false }, 'run')).motionCheck).toBe(false);
  });

  it("maps with 'auto' threads by default; --map-threads takes 1 or 2 and nothing else", () => {
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, base, 'run')).mapThreads).toBe('auto');
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, mapThreads: '1' }, 'run')).mapThreads).toBe(1);
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, mapThreads: '2' }, 'run')).mapThreads).toBe(2);
    expect(() => parseFlags(RunFlagsSchema, { ...base, mapThreads: '3' }, 'run')).toThrow(/--map-threads: map threads are 'auto', 1 or 2/);
  });

  it('--judge-single-view gives the judge one stop view; --success takes the two published definitions only', () => {
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, base, 'run')).judgeStopViews).toBeUndefined();
    expect(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, judgeSingleView: true }, 'run')).judgeStopViews).toBe(1);
    expect(parseFlags(RunFlagsSchema, base, 'run').success).toBe('papers-1m');
    expect(parseFlags(RunFlagsSchema, { ...base, success: 'goat-bench-0.25m' }, 'run').success).toBe('goat-bench-0.25m');
    expect(() => parseFlags(RunFlagsSchema, { ...base, success: '3m' }, 'run')).toThrow(/--success: the success definition is one of papers-1m, goat-bench-0.25m/);
  });

  it('names the flag when a value is wrong', () => {
    expect(() => parseFlags(RunFlagsSchema, { ...base, motionCheck: 'maybe' }, 'run')).toThrow(/--motion-check/);
    expect(() => parseFlags(RunFlagsSchema, { ...base, pose: 'lidar' }, 'run')).toThrow(/--pose is slam or ground-truth/);
  });
});
