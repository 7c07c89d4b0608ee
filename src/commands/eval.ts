/**
 * `navharness eval`: one GOAT-style sequence per procedural house, run in worker threads, metrics
 * aggregated over all runs into DIR/metrics.json (per-run directories DIR/seed-N).
 */
import type { Command } from 'commander';
import { cpus } from 'node:os';
import { z } from 'zod';
import { failureSummary, HouseRangeSchema, runParallel, PricesSchema } from '../eval/index.js';
import { harnessConfigFromFlags, RunFlagsSchema, withAblationFlags } from './run.js';
import { parseFlags } from './options.js';
import { progressBar } from './progress.js';

const EvalFlagsSchema = RunFlagsSchema.omit({ house: true, houseDir: true, resume: true, script: true }).extend({
  houses: HouseRangeSchema,
  workers: z.coerce.number({ error: '--workers must be a whole number' }).int('--workers must be a whole number').min(1, '--workers is at least 1').max(64, '--workers is at most 64').default(1),
  priceInput: z.coerce.number().nonnegative('--price-input is a non-negative price per million tokens').default(0),
  priceCached: z.coerce.number().nonnegative('--price-cached is a non-negative price per million tokens').default(0),
  priceOutput: z.coerce.number().nonnegative('--price-output is a non-negative price per million tokens').default(0),
});

export function registerEval(program: Command): void {
  const cmd = program
    .command('eval')
    .description('run one goal sequence per procedural house in worker threads and aggregate s-SR, e-SR, SPL, accuracy and tokens')
    .requiredOption('--houses <A..B>', 'procedural house seeds, e.g. 0..9')
    .requiredOption('--agent <spec>', 'scripted | openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL')
    .requiredOption('--out <dir>', 'output directory (one run directory per house)')
    .option('--workers <n>', 'worker threads', String(Math.max(1, Math.min(2, cpus().length))))
    .option('--sequence <k>', 'sequence seed', '0')
    .option('--policy <policy>', 'navharness | independent | single', 'navharness')
    .option('--pose <source>', 'slam (default) | ground-truth (ablation)', 'slam')
    .option('--judge <kind>', 'auto | model | ground-truth', 'auto')
    .option('--max-goals <n>', 'at most n goals per sequence')
    .option('--step-budget <n>', 'movement steps per task')
    .option('--turn-budget <n>', 'model turns per task');
  withAblationFlags(cmd)
    .option('--config <file>', 'JSON harness configuration')
    .option('--price-input <p>', 'p_u: price per million uncached input tokens', '0')
    .option('--price-cached <p>', 'p_c: price per million cached input tokens', '0')
    .option('--price-output <p>', 'price per million output tokens', '0')
    .option('--json', 'print the aggregated metrics as JSON only')
    .action(async (raw: Record<string, unknown>) => {
      const f = parseFlags(EvalFlagsSchema, raw, 'eval');
      const harness = harnessConfigFromFlags({ ...f, house: '', resume: false });
      const prices = PricesSchema.parse({ uncachedInput: f.priceInput, cachedInput: f.priceCached, output: f.priceOutput });
      const n = f.houses.to - f.houses.from + 1;
      const bar = progressBar(`eval ${n} houses`, n, !f.json && process.stderr.isTTY === true);
      const r = await runParallel({
        houses: f.houses,
        workers: f.workers,
        out: f.out,
        run: { sequence: f.sequence, agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, success: f.success, harness, prices },
        prices,
        onRun: () => bar.tick(),
      });
      bar.stop();
      const failed = r.runs.filter((x) => x.error);
      for (const x of failed) console.error(`seed ${x.house}: ${x.error}`);
      const m = r.metrics;
      if (f.json) console.log(JSON.stringify(m));
      else console.log(`${f.out}: ${m.sequences} sequences, ${m.tasks} goals; s-SR ${m.s_SR.toFixed(3)}, e-SR ${m.e_SR.toFixed(3)}, SPL ${m.SPL.toFixed(3)}, accuracy ${m.accuracy.toFixed(3)}; tokens in ${m.input_tokens} (cached ${m.cached_tokens}), out ${m.output_tokens}; C_K ${m.navigation_cost === null || m.navigation_cost === undefined ? '– (no prices given)' : (m.token_source === 'estimate' ? '≈' : '') + m.navigation_cost.toFixed(4)} (auxiliary ${m.auxiliary_cost?.toFixed(4) ?? '–'})\nfailures: ${failureSummary(m.failures)}`);
      if (failed.length) process.exitCode = 1;
    });
}
