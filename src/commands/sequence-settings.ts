/**
 * What the sequence commands' flags resolve to: the harness configuration (its defaults, then the
 * `--config` file, then the flags given), the backbone's settings, and `--print-config`'s output.
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { runSettings, type SettingsInput } from '../eval/choices.js';
import { DEFAULT_MOTION_PRIOR, HarnessConfigSchema, type HarnessConfigInput } from '../harness/choices.js';
import type { ReasoningEffort } from '../models/choices.js';
import type { ABLATION_FLAGS, HARNESS_FLAGS } from './sequence-flags.js';
import { givenFlags } from './flag-table.js';
import { type Log, type LogLevel, logOf } from './log-flags.js';
import { parseFlags } from './options.js';
import { applySceneFlags } from './scene-flags.js';
import { UsageError } from './usage.js';

/** The harness switches as the flags gave them (absent: not given). */
type HarnessRows = typeof HARNESS_FLAGS & typeof ABLATION_FLAGS;
export type HarnessFlags = { [K in keyof HarnessRows]?: z.output<HarnessRows[K]['schema']> } & { config?: string };

/** `--config FILE`: the JSON object it holds (checked with the rest by HarnessConfigSchema). */
function configFile(path: string | undefined): Record<string, unknown> {
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UsageError(`--config: cannot read '${path}' as JSON: ${(err as Error).message}`, ['--config']);
  }
}

/** The given flags' harness keys: a flag that was not given sets nothing, so the config file's value stands. */
function harnessOfFlags(f: HarnessFlags): Record<string, unknown> {
  const given = {
    policy: f.policy,
    poseSource: f.pose,
    prestopVerification: f.prestop,
    certification: f.certification,
    consolidation: f.consolidation,
    maps: f.maps,
    taskRecords: f.taskRecords,
    mapThreads: f.mapThreads,
    stepBudget: f.stepBudget,
    turnBudget: f.turnBudget,
    handover: f.summaryHandover ? 'summary' : undefined,
    judgeStopViews: f.judgeSingleView ? 1 : undefined,
    recoveryNote: f.summaryRecoveryNotes ? 'summary' : undefined,
    retrieval: f.fixedRetrieval ? 'fixed' : undefined,
  };
  return Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
}

/** The harness configuration: its defaults < the `--config` file < the flags given. */
export function harnessConfigFromFlags(f: HarnessFlags, command = 'run'): HarnessConfigInput {
  const base = configFile(f.config);
  if (f.motionCheck === false && f.motionPrior === 'odometry')
    throw new UsageError('--no-motion-check is the earlier name of --motion-prior none; it contradicts --motion-prior odometry');
  const prior = f.motionPrior ?? (f.motionCheck === false ? 'none' : undefined);
  const merged = {
    ...base,
    ...harnessOfFlags(f),
    // recorded only when not the default (and not left to a --config file), so that runs recorded before the flag still resume
    ...(prior !== undefined && (prior !== DEFAULT_MOTION_PRIOR || base.motionPrior !== undefined) ? { motionPrior: prior } : {}),
    ...(f.actuationNoise !== undefined && (f.actuationNoise !== 'none' || base.actuationNoise !== undefined) ? { actuationNoise: f.actuationNoise } : {}),
  };
  const r = HarnessConfigSchema.safeParse(merged);
  if (!r.success)
    throw new UsageError(
      `navharness ${command}: invalid harness configuration\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  return r.data;
}

/** The backbone's settings the flags give, or undefined when none is given. */
export function modelSettingsOf(f: {
  reasoningEffort?: ReasoningEffort;
  thinkingBudget?: number;
}): { reasoningEffort?: ReasoningEffort; thinkingBudget?: number } | undefined {
  if (f.reasoningEffort === undefined && f.thinkingBudget === undefined) return undefined;
  return { ...(f.reasoningEffort ? { reasoningEffort: f.reasoningEffort } : {}), ...(f.thinkingBudget ? { thinkingBudget: f.thinkingBudget } : {}) };
}

/**
 * `--print-config`: prints the run's resolved configuration (the `settings` its metrics.json will
 * hold) and tells the caller to stop; nothing is run or written.
 */
export function printedConfig(f: Omit<SettingsInput, 'harness'> & { printConfig: boolean }, harness: HarnessConfigInput): boolean {
  if (!f.printConfig) return false;
  console.log(JSON.stringify(runSettings({ ...f, harness }), null, 2));
  return true;
}

type SequenceFlagsOut = HarnessFlags & Omit<SettingsInput, 'harness'> & { printConfig: boolean; quiet?: boolean; logLevel?: LogLevel };

/**
 * The action of run, deploy and eval: the flags given, checked by `schema`; the log they ask for; the
 * scene flags; the harness configuration (printed, and the command stopped, with --print-config);
 * then `go`. `refuse` turns away what the schema cannot see (eval: a command agent).
 */
export function sequenceAction<F extends SequenceFlagsOut>(
  command: string,
  schema: z.ZodType<F>,
  go: (f: F, harness: HarnessConfigInput, log: Log) => Promise<void>,
  refuse: (f: F) => void = () => {},
) {
  return async (_options: unknown, c: Command): Promise<void> => {
    const raw = givenFlags(c);
    // --print-config runs and writes nothing, so it is the one use that needs no --out
    if (raw.printConfig === true && raw.out === undefined) raw.out = '(none: --print-config)';
    const f = parseFlags(schema, raw, command);
    const log = logOf(f);
    await applySceneFlags(raw, command);
    refuse(f);
    const harness = harnessConfigFromFlags(f, command);
    if (printedConfig(f, harness)) return;
    await go(f, harness, log);
  };
}
