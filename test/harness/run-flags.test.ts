/** Flags of `navharness run` become the harness configuration; every ablation is reachable. */
import { describe, expect, it } from 'vitest';
import { harnessConfigFromFlags, RunFlagsSchema } from '../../src/commands/run.js';
import { parseFlags } from '../../src/commands/options.js';
import { McpFlags } from '../../src/commands/mcp.js';
import { actuationNoiseOf, DEFAULT_MOTION_PRIOR, HarnessConfigSchema, motionPriorOf } from '../../src/harness/config.js';

const base = { house: 'seed:7', agent: 'scripted', out: '/tmp/x' };

describe('navharness run flags → harness configuration', () => {
  it('resolves the motion prior from --motion-prior, or --no-motion-check as its earlier name, recording only a non-default one', () => {
    const cfg = (extra: Record<string, unknown>) => HarnessConfigSchema.parse(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, ...extra }, 'run')));
    expect(cfg({}).motionPrior).toBeUndefined();
    expect(motionPriorOf(cfg({}))).toBe(DEFAULT_MOTION_PRIOR);
    expect(motionPriorOf(cfg({ motionPrior: 'none' }))).toBe('none');
    expect(motionPriorOf(cfg({ motionPrior: 'odometry' }))).toBe('odometry');
    expect(motionPriorOf(cfg({ motionCheck: false }))).toBe('none');
    expect(() => cfg({ motionCheck: false, motionPrior: 'odometry' })).toThrow(/--no-motion-check is the earlier name of --motion-prior none/);
    // a configuration recorded before motionPrior existed
    expect(motionPriorOf(HarnessConfigSchema.parse({ motionCheck: false }))).toBe('none');
    expect(motionPriorOf(HarnessConfigSchema.parse({ motionCheck: true }))).toBe(DEFAULT_MOTION_PRIOR);
    expect(HarnessConfigSchema.safeParse({ motionCheck: false, motionPrior: 'odometry' }).success).toBe(false);
  });

  it('mcp takes the same two choices, with the same defaults, and refuses anything else naming what is accepted', () => {
    const mcp = { house: 'seed:1', pose: 'slam', steps: '10', sequence: '0', task: '0' };
    const ok = McpFlags.parse(mcp);
    expect([ok.motionPrior, ok.actuationNoise]).toEqual([DEFAULT_MOTION_PRIOR, 'none']);
    expect(McpFlags.parse({ ...mcp, motionPrior: 'none', actuationNoise: 'habitat' })).toMatchObject({ motionPrior: 'none', actuationNoise: 'habitat' });
    expect(McpFlags.safeParse({ ...mcp, motionPrior: 'imu' }).error?.issues[0]?.message).toMatch(/expected one of none, odometry/);
    expect(McpFlags.safeParse({ ...mcp, actuationNoise: 'locobot' }).error?.issues[0]?.message).toMatch(/expected one of none, habitat/);
  });

  it('takes the actuation noise model from --actuation-noise, none when absent', () => {
    const cfg = (extra: Record<string, unknown>) => HarnessConfigSchema.parse(harnessConfigFromFlags(parseFlags(RunFlagsSchema, { ...base, ...extra }, 'run')));
    expect(actuationNoiseOf(cfg({}))).toBe('none');
    expect(cfg({ actuationNoise: 'none' }).actuationNoise).toBeUndefined();
    expect(actuationNoiseOf(cfg({ actuationNoise: 'habitat' }))).toBe('habitat');
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
    expect(() => parseFlags(RunFlagsSchema, { ...base, success: '3m' }, 'run')).toThrow(
      /--success: the success definition is one of papers-1m, goat-bench-0.25m/,
    );
  });

  it('names the flag when a value is wrong', () => {
    expect(() => parseFlags(RunFlagsSchema, { ...base, motionCheck: 'maybe' }, 'run')).toThrow(/--motion-check/);
    expect(() => parseFlags(RunFlagsSchema, { ...base, pose: 'lidar' }, 'run')).toThrow(/--pose is slam or ground-truth/);
    expect(() => parseFlags(RunFlagsSchema, { ...base, motionPrior: 'imu' }, 'run')).toThrow(/--motion-prior is one of none, odometry/);
    expect(() => parseFlags(RunFlagsSchema, { ...base, actuationNoise: 'locobot' }, 'run')).toThrow(/--actuation-noise is one of none, habitat/);
  });
});
