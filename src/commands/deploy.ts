/**
 * `navharness deploy`: an extended deployment — K goal sequences back to back in one house with one
 * house memory (notes, saved maps, experience archive) carried from run to run. Shares the run
 * command's flags; `--no-saved-maps` and `--no-consolidation` are the memory ablations.
 */
import type { Command } from 'commander';
import { z } from 'zod';
import { deploy, runStartProblems } from '../eval/index.js';
import { harnessConfigFromFlags, printedConfig, RunFlagsSchema, withAblationFlags, withProviderFlags } from './run.js';
import { applySceneFlags, HOUSE_HELP, withSceneFlags } from './scene-flags.js';
import { commandAgentFactory } from './command-agent-factory.js';
import { parseFlags, UsageError } from './options.js';
import { progressBar } from './progress.js';

const DeployFlagsSchema = RunFlagsSchema.omit({ houseDir: true }).extend({
  runs: z.coerce.number({ error: '--runs must be a whole number' }).int('--runs must be a whole number').min(1, '--runs is at least 1').max(1000, '--runs is at most 1000'),
  houseMemory: z.string().min(1, '--house-memory names a directory').optional(),
  savedMaps: z.boolean().default(true),
});

const fmt = (x: number | null): string => (x === null ? '–' : x.toFixed(3));

export function registerDeploy(program: Command): void {
  const cmd = program
    .command('deploy')
    .description('run K goal sequences back to back in one house with one house memory (notes, saved maps, experience archive) and report s-SR and SPL by run index')
    .requiredOption('--house <house>', HOUSE_HELP)
    .requiredOption('--runs <k>', 'goal sequences played back to back (run k plays sequence seed --sequence + k − 1)')
    .requiredOption('--agent <spec>', "scripted | openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL | command:'<command line>' (docs/harness.md)")
    .requiredOption('--out <dir>', 'deployment directory (run-001, run-002, …, metrics.json)')
    .option('--house-memory <dir>', 'the house memory carried across runs (and deployments of the same house); default DIR/house-memory')
    .option('--sequence <k>', 'sequence seed of the first run', '0')
    .option('--policy <policy>', 'navharness | independent (keeps no maps between runs) | single', 'navharness')
    .option('--resume', 'continue the deployment in --out after a crash')
    .option('--pose <source>', 'pose source: slam (default) | ground-truth (ablation)', 'slam')
    .option('--judge <kind>', 'auto | model | ground-truth', 'auto')
    .option('--script <file>', 'with --agent scripted: replay these recorded responses')
    .option('--max-goals <n>', 'at most n goals per sequence')
    .option('--image-goals <how>', 'with --agent scripted: ground-truth (default) | encoder', 'ground-truth')
    .option('--step-budget <n>', 'movement steps per task')
    .option('--turn-budget <n>', 'model turns per task')
    .option('--task-starts <where>', 'continue (default) | episode (each goal starts at its sequence start: moved and relocated when elsewhere)', 'continue')
    .option('--no-saved-maps', 'ablation: keep no maps between runs (each run starts with an empty map)');
  withProviderFlags(withAblationFlags(withSceneFlags(cmd)))
    .option('--config <file>', 'JSON harness configuration (flags override it)')
    .option('--json', 'print the deployment metrics as JSON only')
    .action(async (raw: Record<string, unknown>) => {
      const f = parseFlags(DeployFlagsSchema, raw, 'deploy');
      await applySceneFlags(raw, 'deploy');
      const harness = harnessConfigFromFlags({ ...f, houseDir: undefined });
      if (printedConfig(f, harness)) return;
      const problems = runStartProblems(f);
      if (problems.length) throw new UsageError(`navharness deploy: cannot start\n${problems.map((p) => `  ${p}`).join('\n')}`);
      const bar = progressBar(`deploy ${f.house}`, f.runs, !f.json && process.stderr.isTTY === true);
      const r = await deploy(
        { house: f.house, runs: f.runs, out: f.out, houseMemory: f.houseMemory, sequence: f.sequence, agent: f.agent, judge: f.judge, script: f.script, maxGoals: f.maxGoals, imageGoals: f.imageGoals, success: f.success, taskStarts: f.taskStarts, harness, savedMaps: f.savedMaps, resume: f.resume, requestTimeoutMs: f.requestTimeout * 1000 },
        { onRun: () => bar.tick(), commandAgent: await commandAgentFactory(f.agent) },
      );
      bar.stop();
      const m = r.metrics;
      if (f.json) {
        console.log(JSON.stringify(m));
        return;
      }
      const lines = m.per_run.map((x) => `  run ${x.run} (sequence ${x.sequence}): ${x.tasks} tasks, s-SR ${fmt(x.s_SR)}, SPL ${fmt(x.SPL)}, e-SR ${fmt(x.e_SR)}, known cells at start ${x.known_cells_at_start}, relocalised ${x.relocalised === null ? '–' : x.relocalised ? 'yes' : 'no'}`);
      console.log(`${r.out} (house memory ${r.houseMemory}):\n${lines.join('\n')}\n  runs 2..${m.per_run.length}: s-SR ${fmt(m.later_runs.s_SR)}, SPL ${fmt(m.later_runs.SPL)}; all runs: s-SR ${fmt(m.all_runs.s_SR)}, SPL ${fmt(m.all_runs.SPL)}`);
    });
}
