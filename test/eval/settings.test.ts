/** The resolved configuration of a run: metrics.json's `settings` and what --print-config prints. */
import { describe, expect, it, vi } from 'vitest';
import { runSettings, RunSettingsSchema } from '../../src/eval/settings.js';
import { RunMetricsSchema } from '../../src/eval/run-metrics.js';
import { harnessConfigFromFlags, printedConfig, RunFlagsSchema } from '../../src/commands/run.js';
import { parseFlags } from '../../src/commands/options.js';

const base = { house: 'seed:7', agent: 'scripted', out: '/tmp/x' };

describe('run settings', () => {
  it('fills in every default of a run that names nothing', () => {
    const s = runSettings({ agent: 'scripted' });
    expect(s).toMatchObject({
      agent: 'scripted',
      judge: 'auto',
      pose: 'slam',
      motion_prior: 'none',
      actuation_noise: 'none',
      policy: 'navharness',
      success_definition: 'papers-1m',
      turn_budget: 60,
      step_budget: 500,
      context_window: 1_000_000,
      max_goals: null,
    });
    expect(s.ablations).toEqual({
      prestop_verification: true,
      certification: true,
      consolidation: true,
      maps: true,
      task_records: true,
      handover: 'handover',
      judge_stop_views: 4,
    });
    expect(RunSettingsSchema.safeParse(s).success).toBe(true);
  });

  it('says what the flags changed, including the motion prior, the actuation noise and the ablations', () => {
    const f = parseFlags(
      RunFlagsSchema,
      {
        ...base,
        motionPrior: 'none',
        actuationNoise: 'habitat',
        pose: 'ground-truth',
        turnBudget: '30',
        prestop: false,
        success: 'goat-bench-0.25m',
        maxGoals: '3',
      },
      'run',
    );
    const s = runSettings({ ...f, harness: harnessConfigFromFlags(f) });
    expect(s).toMatchObject({
      motion_prior: 'none',
      actuation_noise: 'habitat',
      pose: 'ground-truth',
      turn_budget: 30,
      success_definition: 'goat-bench-0.25m',
      max_goals: 3,
    });
    expect(s.ablations.prestop_verification).toBe(false);
    // --no-motion-check resolves to the prior it names
    const legacy = parseFlags(RunFlagsSchema, { ...base, motionCheck: false }, 'run');
    expect(runSettings({ ...legacy, harness: harnessConfigFromFlags(legacy) }).motion_prior).toBe('none');
  });

  it('--print-config prints the same object and stops; without it nothing is printed', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const f = parseFlags(RunFlagsSchema, { ...base, motionPrior: 'none', printConfig: true }, 'run');
      const harness = harnessConfigFromFlags(f);
      expect(printedConfig(f, harness)).toBe(true);
      expect(JSON.parse(String(log.mock.calls[0][0]))).toEqual(runSettings({ ...f, harness }));
      log.mockClear();
      expect(printedConfig({ ...f, printConfig: false }, harness)).toBe(false);
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it('metrics.json reads with settings, without them (older runs) and with settings a later version added', () => {
    const m = {
      tasks: 0,
      sequences: 0,
      s_SR: 0,
      e_SR: 0,
      SPL: 0,
      accuracy: 0,
      input_tokens: 0,
      cached_tokens: 0,
      output_tokens: 0,
      cost_input: 0,
      cost_output: 0,
      statuses: {},
    };
    expect(RunMetricsSchema.safeParse(m).success).toBe(true);
    expect(RunMetricsSchema.safeParse({ ...m, settings: { ...runSettings({ agent: 'scripted' }), by_position: true } }).success).toBe(true);
    expect(RunMetricsSchema.safeParse({ ...m, settings: { agent: 'scripted' } }).success).toBe(false);
  });
});
