/**
 * `navharness run`: one GOAT-style sequence in one house, written to a run directory, with a
 * progress bar. Every ablation switch of the harness is a flag; a JSON file given with --config
 * supplies the rest (validated like the flags). The flags are the sequence table's
 * (sequence-flags.ts); the evaluation layer is loaded when the command runs, not for its help.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { declareFlags, flagsSchema, optional } from './flag-table.js';
import { LOG_FLAGS, type Log } from './log-flags.js';
import { UsageError } from './options.js';
import { SCENE_FLAGS } from './scene-flags.js';
import { ABLATION_FLAGS, HARNESS_FLAGS as H, PROVIDER_FLAGS, SEQUENCE_FLAGS as S } from './sequence-flags.js';
import { harnessConfigFromFlags, modelSettingsOf, printedConfig, sequenceAction } from './sequence-settings.js';

export { harnessConfigFromFlags, modelSettingsOf, printedConfig };

export const RUN_FLAGS = {
  house: S.house,
  sequence: S.sequence,
  agent: S.agent,
  policy: H.policy,
  out: S.out,
  houseDir: optional(
    '--house-dir <dir>',
    'persistent house directory (house notes shared across runs); default DIR/house',
    z.string().min(1, '--house-dir names a directory'),
  ),
  resume: S.resume,
  pose: H.pose,
  judge: S.judge,
  script: S.script,
  maxGoals: S.maxGoals,
  imageGoals: S.imageGoals,
  stepBudget: H.stepBudget,
  turnBudget: H.turnBudget,
  taskStarts: S.taskStarts,
  ...SCENE_FLAGS,
  ...ABLATION_FLAGS,
  ...PROVIDER_FLAGS,
  config: S.config,
  reasoningEffort: S.reasoningEffort,
  thinkingBudget: S.thinkingBudget,
  json: S.json,
  ...LOG_FLAGS,
};

export const RunFlagsSchema = flagsSchema(RUN_FLAGS);
export type RunFlags = z.infer<typeof RunFlagsSchema>;

export function registerRun(program: Command): void {
  const cmd = program.command('run').description(SUMMARIES.run);
  declareFlags(cmd, RUN_FLAGS).action(sequenceAction('run', RunFlagsSchema, runCommand));
}

async function runCommand(f: RunFlags, harness: ReturnType<typeof harnessConfigFromFlags>, log: Log): Promise<void> {
  const { failureSummary, providerErrorLine, runSequence, runStartProblems } = await import('../eval/index.js');
  const { commandAgentFactory } = await import('./command-agent-factory.js');
  const { progressBar } = await import('./progress.js');
  const modelSettings = modelSettingsOf(f);
  const problems = runStartProblems({ ...f, modelSettings });
  if (problems.length) throw new UsageError(`navharness run: cannot start\n${problems.map((p) => `  ${p}`).join('\n')}`);
  let bar: ReturnType<typeof progressBar> | null = null;
  let [task, turns, tools] = ['', 0, 0];
  const summary = await runSequence(
    {
      house: f.house,
      sequence: f.sequence,
      agent: f.agent,
      out: f.out,
      houseDir: f.houseDir,
      resume: f.resume,
      judge: f.judge,
      script: f.script,
      maxGoals: f.maxGoals,
      imageGoals: f.imageGoals,
      success: f.success,
      taskStarts: f.taskStarts,
      harness,
      requestTimeoutMs: f.requestTimeout * 1000,
      modelSettings,
    },
    {
      onStart: (total, done) => {
        bar = progressBar(`run ${f.house}`, total, !f.json && log.at('info') && process.stderr.isTTY === true, done);
      },
      onTask: () => bar?.tick(),
      commandAgent: await commandAgentFactory(f.agent),
      // within a task: its model turns and tool calls, so a long task shows it is moving
      onEvent: (e) => {
        if (e.kind === 'task-start') [task, turns, tools] = [e.task, 0, 0];
        else if (e.kind === 'turn') turns++;
        else if (e.kind === 'tool') tools++;
        else return;
        bar?.status(`· ${task} turn ${turns}, ${tools} tool calls`);
        log.debug(`run ${f.house}: ${task} ${e.kind === 'task-start' ? 'started' : `turn ${turns}, ${tools} tool calls`}`);
      },
    },
  );
  (bar as ReturnType<typeof progressBar> | null)?.stop();
  if (summary.consolidationError)
    log.warn(`navharness run: warning: consolidation ended early, the house notes were kept as they were: ${summary.consolidationError}`);
  const pe = summary.providerErrors;
  if (pe.length) {
    log.error(providerErrorLine('run', pe.length, summary.metrics.tasks, { where: pe[0].task, reason: pe[0].reason }));
    process.exitCode = 1;
  }
  if (f.json) console.log(JSON.stringify(summary.metrics));
  else {
    const m = summary.metrics;
    const approx = m.token_source === 'estimate' ? '≈' : '';
    console.log(
      `${summary.out}: ${m.tasks} tasks (${summary.closedNow} closed now, ${summary.closedBefore} before); s-SR ${m.s_SR.toFixed(3)}, e-SR ${m.e_SR.toFixed(3)}, SPL ${m.SPL.toFixed(3)} (success ${m.success_definition}), accuracy ${m.accuracy.toFixed(3)}; tokens${m.token_source === 'estimate' ? ' (estimates)' : ''} in ${approx}${m.input_tokens} (cached ${approx}${m.cached_tokens}), out ${approx}${m.output_tokens}; mean peak prompt ${m.peak_prompt_tokens_mean === null || m.peak_prompt_tokens_mean === undefined ? '–' : approx + Math.round(m.peak_prompt_tokens_mean)}\nfailures: ${failureSummary(m.failures)}`,
    );
  }
}
