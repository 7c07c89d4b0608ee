/**
 * `navharness deploy`: an extended deployment — K goal sequences back to back in one house with one
 * house memory (notes, saved maps, experience archive) carried from run to run. Shares the run
 * command's flags (sequence-flags.ts); `--no-saved-maps` and `--no-consolidation` are the memory ablations.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { declareFlags, defaulted, describedAs, flagsSchema, optional, required } from './flag-table.js';
import { LOG_FLAGS, type Log } from './log-flags.js';
import { UsageError } from './options.js';
import { SCENE_FLAGS } from './scene-flags.js';
import { ABLATION_FLAGS, HARNESS_FLAGS as H, PROVIDER_FLAGS, SEQUENCE_FLAGS as S } from './sequence-flags.js';
import { type harnessConfigFromFlags, sequenceAction } from './sequence-settings.js';

const DEPLOY_FLAGS = {
  house: S.house,
  runs: required(
    '--runs <k>',
    'goal sequences played back to back (run k plays sequence seed --sequence + k − 1)',
    z.coerce
      .number({ error: '--runs must be a whole number' })
      .int('--runs must be a whole number')
      .min(1, '--runs is at least 1')
      .max(1000, '--runs is at most 1000'),
  ),
  agent: S.agent,
  out: describedAs(S.out, 'deployment directory (run-001, run-002, …, metrics.json)'),
  houseMemory: optional(
    '--house-memory <dir>',
    'the house memory carried across runs (and deployments of the same house); default DIR/house-memory',
    z.string().min(1, '--house-memory names a directory'),
  ),
  sequence: describedAs(S.sequence, 'sequence seed of the first run'),
  policy: H.policy,
  resume: describedAs(S.resume, 'continue the deployment in --out after a crash'),
  pose: H.pose,
  judge: S.judge,
  script: S.script,
  maxGoals: describedAs(S.maxGoals, 'at most n goals per sequence'),
  imageGoals: S.imageGoals,
  stepBudget: H.stepBudget,
  turnBudget: H.turnBudget,
  taskStarts: S.taskStarts,
  savedMaps: defaulted('--no-saved-maps', 'ablation: keep no maps between runs (each run starts with an empty map)', z.boolean(), true),
  adjustMap: defaulted('--adjust-map', "adjust each run's own map as a whole (global bundle adjustment) before the house memory takes it", z.boolean(), false),
  ...SCENE_FLAGS,
  ...ABLATION_FLAGS,
  ...PROVIDER_FLAGS,
  config: S.config,
  json: describedAs(S.json, 'print the deployment metrics as JSON only'),
  ...LOG_FLAGS,
};
const DeployFlagsSchema = flagsSchema(DEPLOY_FLAGS);
type DeployFlags = z.infer<typeof DeployFlagsSchema>;

const fmt = (x: number | null): string => (x === null ? '–' : x.toFixed(3));

export function registerDeploy(program: Command): void {
  const cmd = program.command('deploy').description(SUMMARIES.deploy);
  declareFlags(cmd, DEPLOY_FLAGS).action(sequenceAction('deploy', DeployFlagsSchema, deployCommand));
}

async function deployCommand(f: DeployFlags, harness: ReturnType<typeof harnessConfigFromFlags>, log: Log): Promise<void> {
  const { deploy, runStartProblems } = await import('../eval/index.js');
  const { commandAgentFactory } = await import('./command-agent-factory.js');
  const { progressBar } = await import('./progress.js');
  const problems = runStartProblems(f);
  if (problems.length) throw new UsageError(`navharness deploy: cannot start\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const bar = progressBar(`deploy ${f.house}`, f.runs, !f.json && log.at('info') && process.stderr.isTTY === true);
  const r = await deploy(
    {
      house: f.house,
      runs: f.runs,
      out: f.out,
      houseMemory: f.houseMemory,
      sequence: f.sequence,
      agent: f.agent,
      judge: f.judge,
      script: f.script,
      maxGoals: f.maxGoals,
      imageGoals: f.imageGoals,
      success: f.success,
      taskStarts: f.taskStarts,
      harness,
      savedMaps: f.savedMaps,
      ...(f.adjustMap ? { adjustMap: true } : {}),
      resume: f.resume,
      requestTimeoutMs: f.requestTimeout * 1000,
    },
    { onRun: () => bar.tick(), commandAgent: await commandAgentFactory(f.agent) },
  );
  bar.stop();
  const m = r.metrics;
  if (f.json) {
    console.log(JSON.stringify(m));
    return;
  }
  const lines = m.per_run.map(
    (x) =>
      `  run ${x.run} (sequence ${x.sequence}): ${x.tasks} tasks, s-SR ${fmt(x.s_SR)}, SPL ${fmt(x.SPL)}, e-SR ${fmt(x.e_SR)}, known cells at start ${x.known_cells_at_start}, relocalised ${x.relocalised === null ? '–' : x.relocalised ? 'yes' : 'no'}`,
  );
  console.log(
    `${r.out} (house memory ${r.houseMemory}):\n${lines.join('\n')}\n  runs 2..${m.per_run.length}: s-SR ${fmt(m.later_runs.s_SR)}, SPL ${fmt(m.later_runs.SPL)}; all runs: s-SR ${fmt(m.all_runs.s_SR)}, SPL ${fmt(m.all_runs.SPL)}`,
  );
}
