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

  it('names the flag when a value is wrong', () => {
    expect(() => parseFlags(RunFlagsSchema, { ...base, motionCheck: 'maybe' }, 'run')).toThrow(/--motion-check/);
    expect(() => parseFlags(RunFlagsSchema, { ...base, pose: 'lidar' }, 'run')).toThrow(/--pose is slam or ground-truth/);
  });
});
