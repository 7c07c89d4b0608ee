/**
 * `navharness eval`: one GOAT-style sequence per procedural house, run in worker threads, metrics
 * aggregated over all runs into DIR/metrics.json (per-run directories DIR/seed-N).
 */
import type { Command } from 'commander';
import { cpus } from 'node:os';
import { z } from 'zod';
import { evalFolder, failureSummary, HouseRangeSchema, providerErrorLine, providerErrorsOfRun, runParallel, PricesSchema, type RunMetrics } from '../eval/index.js';
import { VLN_CONFIGS } from '../vln/index.js';
import { checkDatasetFlags, DatasetFlagsShape, type DatasetFlags } from './eval-dataset.js';
import { harnessConfigFromFlags, printedConfig, RunFlagsSchema, withAblationFlags, withProviderFlags } from './run.js';
import { applySceneFlags, withSceneFlags } from './scene-flags.js';
import { parseFlags, UsageError } from './options.js';
import { isCommandAgent } from '../harness/index.js';
import { progressBar } from './progress.js';
import { goatSummary } from './eval-summary.js';

const EvalFlagsSchema = RunFlagsSchema.omit({ house: true, houseDir: true, script: true }).extend({
  houses: HouseRangeSchema.optional(),
  ...DatasetFlagsShape,
  vlnConfig: z.enum(VLN_CONFIGS, { error: `--vln-config is one of ${VLN_CONFIGS.join(', ')}` }).default('goal'),
  workers: z.coerce.number({ error: '--workers must be a whole number' }).int('--workers must be a whole number').min(1, '--workers is at least 1').max(64, '--workers is at most 64').default(1),
  priceInput: z.coerce.number().nonnegative('--price-input is a non-negative price per million tokens').default(0),
  priceCached: z.coerce.number().nonnegative('--price-cached is a non-negative price per million tokens').default(0),
  priceOutput: z.coerce.number().nonnegative('--price-output is a non-negative price per million tokens').default(0),
  // the queue's flags are checked in full by eval-queue.ts, which loads BullMQ only when asked for
  queue: z.string().optional(),
  enqueueOnly: z.boolean().default(false),
  collect: z.boolean().default(false),
  rateLimit: z.string().optional(),
}).superRefine((f, ctx) => {
  for (const k of ['enqueueOnly', 'collect', 'rateLimit'] as const) {
    if (f[k] !== undefined && f[k] !== false && f.queue === undefined) ctx.addIssue({ code: 'custom', path: [k], message: `--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} goes with --queue redis://HOST:PORT[/DB]` });
  }
  if (f.resume && (f.queue !== undefined || f.dataset)) ctx.addIssue({ code: 'custom', path: ['resume'], message: '--resume continues a local eval of procedural houses (--houses A..B); a queued eval resumes its jobs by itself' });
  if (f.queue !== undefined && f.dataset) ctx.addIssue({ code: 'custom', path: ['queue'], message: '--queue runs procedural houses (--houses A..B); a --dataset split runs locally' });
  if (f.enqueueOnly && f.collect) ctx.addIssue({ code: 'custom', path: ['collect'], message: '--collect reads finished jobs and --enqueue-only adds them: give one of them' });
  if (!f.houses && !f.dataset) ctx.addIssue({ code: 'custom', path: ['houses'], message: 'give --houses A..B (procedural houses) or --dataset KIND:PATH (a benchmark split)' });
  if (f.houses && f.dataset) ctx.addIssue({ code: 'custom', path: ['dataset'], message: '--dataset runs a benchmark split instead of --houses: give one of them' });
  checkDatasetFlags(f, ctx);
});
type EvalFlags = z.infer<typeof EvalFlagsSchema>;

export function registerEval(program: Command): void {
  const cmd = program.command('eval')
    .description('run one goal sequence per procedural house in worker threads, or the episodes of a benchmark split (GOAT-Bench, R2R-CE, RxR-CE), and aggregate the scores and tokens')
    .option('--houses <A..B>', 'procedural house seeds, e.g. 0..9')
    .option('--dataset <kind:path>', 'a benchmark split instead: goat-bench:PATH | r2r-ce:PATH | rxr-ce:PATH (PATH holds {split}/)')
    .option('--scenes <dir>', 'with --dataset: the scenes folder the episodes\' scene paths are relative to')
    .option('--split <name>', 'with --dataset: the split, e.g. val_seen, val_unseen')
    .option('--limit <n>', 'with --dataset: run only the first N episodes')
    .option('--vln-config <name>', `with an r2r-ce/rxr-ce dataset: ${VLN_CONFIGS.join(' | ')}`, 'goal')
    .option('--preset <name>', "with --dataset: the body's camera and action limit, papers (the papers' setting) | goat-bench | r2r-ce | rxr-ce (the benchmark's own)", 'papers')
    .option('--dtw <method>', "with an r2r-ce/rxr-ce dataset: nDTW's DTW, exact | fast (FastDTW)", 'exact')
    .option('--allow-goal-mismatch', "with a goat-bench dataset: run goals whose category disagrees with the scene's semantic annotations (refused by default)")
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
  withProviderFlags(withAblationFlags(withSceneFlags(cmd)))
    .option('--config <file>', 'JSON harness configuration')
    .option('--price-input <p>', 'p_u: price per million uncached input tokens', '0')
    .option('--price-cached <p>', 'p_c: price per million cached input tokens', '0')
    .option('--price-output <p>', 'price per million output tokens', '0')
    .option('--json', 'print the aggregated metrics as JSON only')
    .option('--resume', 'continue the eval in --out: finished sequences are read back, unfinished ones continue after their last closed task')
    .option('--queue <url>', 'run the sequences as jobs on Redis (BullMQ) for `navharness worker` processes: redis://HOST:PORT[/DB] (docs/distributed.md)')
    .option('--enqueue-only', 'with --queue: enqueue the jobs and return at once')
    .option('--collect', 'with --queue: enqueue nothing; aggregate the finished jobs into DIR/metrics.json')
    .option('--attempts <n>', 'with --queue: tries of a job that fails (a worker that dies is not a failure)', '3')
    .option('--backoff <seconds>', 'with --queue: wait before the second try, doubled before each later one', '30')
    .option('--rate-limit <limits>', 'with --queue: model requests per window for each provider, e.g. openai=500,anthropic=50 (kept in Redis for all workers)')
    .option('--rate-window <seconds>', 'with --rate-limit: the window (60: requests per minute)', '60')
    .action(async (raw: Record<string, unknown>) => {
      const f = parseFlags(EvalFlagsSchema, raw, 'eval');
      await applySceneFlags(raw, 'eval');
      // its MCP endpoints and processes belong to one process's run; eval's sequences run in workers
      if (isCommandAgent(f.agent)) throw new UsageError("navharness eval: --agent command:… runs under 'navharness run' or 'navharness deploy', one sequence at a time; accepted here: scripted, openai:MODEL, anthropic:MODEL, openai-chat:MODEL@URL");
      const harness = harnessConfigFromFlags({ ...f, house: '', resume: false });
      if (printedConfig(f, harness)) return;
      const prices = PricesSchema.parse({ uncachedInput: f.priceInput, cachedInput: f.priceCached, output: f.priceOutput });
      if (f.queue !== undefined && f.houses) {
        const { evalOnQueue } = await import('./eval-queue.js');
        await evalOnQueue(raw, { ...f, houses: f.houses }, harness, prices);
        return;
      }
      if (f.dataset) {
        await evalDataset(f as EvalFlags & DatasetFlags, harness, prices);
        return;
      }
      if (!f.houses) return;
      const n = f.houses.to - f.houses.from + 1;
      const run = { sequence: f.sequence, agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, success: f.success, harness, prices, requestTimeoutMs: f.requestTimeout * 1000 };
      checkEvalFolder(f.out, f.houses, run, f.resume);
      const bar = progressBar(`eval ${n} houses`, n, !f.json && process.stderr.isTTY === true);
      const r = await runParallel({ houses: f.houses, workers: f.workers, out: f.out, run, prices, resume: f.resume, onRun: () => bar.tick() });
      bar.stop();
      const failed = r.runs.filter((x) => x.error);
      for (const x of failed) console.error(`seed ${x.house}: ${x.error}`);
      const readBack = r.runs.filter((x) => x.readBack).length;
      if (f.resume) console.error(`navharness eval: ${readBack} finished sequences read back, ${n - readBack} run`);
      const m = r.metrics;
      if (!m) {
        console.error(`navharness eval: no sequence finished, so ${f.out}/metrics.json was not written; fix the cause above and run again with --resume`);
        process.exitCode = 1;
        return;
      }
      const pe = m.failures?.['provider-error'] ?? 0;
      if (pe) {
        const first = r.runs.flatMap((x) => (x.error ? [] : providerErrorsOfRun(x.out).map((t) => ({ where: `seed ${x.house} ${t.task}`, reason: t.reason }))))[0] ?? null;
        console.error(providerErrorLine('eval', pe, m.tasks, first));
      }
      if (f.json) console.log(JSON.stringify(m));
      else console.log(goatSummary(f.out, m));
      if (failed.length || pe) process.exitCode = 1;
    });
}

/**
 * A plain eval into a folder that holds one (finished or not) is refused before anything is written:
 * running it again would mix two executions' results. `--resume` continues it instead; a sequence
 * started with other flags is refused either way.
 */
function checkEvalFolder(out: string, houses: { from: number; to: number }, run: Parameters<typeof evalFolder>[2], resume: boolean): void {
  let folder: ReturnType<typeof evalFolder>;
  try {
    folder = evalFolder(out, houses, run);
  } catch (e) {
    throw new UsageError(`navharness eval: ${(e as Error).message}`);
  }
  if (resume || !folder.occupied) return;
  const states = [...folder.byHouse.values()];
  const finished = states.filter((s) => s === 'finished').length;
  const unfinished = states.filter((s) => s === 'unfinished').length;
  throw new UsageError(
    `navharness eval: ${out} already holds an eval (${finished} of ${states.length} sequences finished, ${unfinished} unfinished${folder.metrics ? ', metrics.json written' : ''}); nothing was changed. ` +
      'Pass --resume to continue it (finished sequences are read back, unfinished ones continue after their last closed task), or choose another --out',
    ['--resume'],
  );
}

/** `eval --dataset`: GOAT-Bench episodes as GOAT sequences, R2R-CE/RxR-CE episodes through the VLN runner. */
async function evalDataset(f: EvalFlags & DatasetFlags, harness: ReturnType<typeof harnessConfigFromFlags>, prices: z.infer<typeof PricesSchema>): Promise<void> {
  const { loadDatasetOrRefuse } = await import('./eval-dataset.js');
  const { src, episodes } = await loadDatasetOrRefuse('eval', f);
  const { runGoatBenchDataset, runVlnceDataset } = await import('../eval/index.js');
  const bar = progressBar(`eval ${src.benchmark} ${src.split}`, episodes.length, !f.json && process.stderr.isTTY === true);
  const onEpisode = () => bar.tick();
  if (src.benchmark === 'goat-bench') {
    const r = await runGoatBenchDataset(src, { agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, harness, prices, out: f.out, onEpisode, preset: f.preset }, episodes as Parameters<typeof runGoatBenchDataset>[2]);
    bar.stop();
    const g = r.metrics.goat_bench;
    if (f.json) console.log(JSON.stringify(r.metrics));
    else console.log(`${goatSummary(f.out, r.metrics)}
GOAT-Bench (view points < 0.25 m): ${g.episodes} episodes, ${g.subtasks} subtasks; task success ${g.task_success.toFixed(3)}, partial success ${g.partial_success.toFixed(3)}, composite SPL ${g.composite_spl.toFixed(3)}`);
    return;
  }
  const { createModel } = await import('../models/index.js');
  const agent = f.agent === 'scripted' ? { kind: 'scripted' as const } : { kind: 'model' as const, model: createModel(f.agent, { timeoutMs: f.requestTimeout * 1000 }) };
  // the benchmark's action limit: VLN-CE allows 500 actions of 0.25 m or a turn, the coarse actions here
  const { applyPreset } = await import('../world/node.js');
  const budget = applyPreset(f.preset, src.benchmark).maxSteps ?? 500;
  const { run, files } = await runVlnceDataset(src, { config: f.vlnConfig, agent, dtw: f.dtw, out: f.out, budget, maxDecisions: 1000, onEpisode, preset: f.preset }, episodes as Parameters<typeof runVlnceDataset>[2]);
  bar.stop();
  const m = run.metrics;
  if (f.json) console.log(JSON.stringify({ ...m, benchmark: src.benchmark, split: src.split, dtw: f.dtw }));
  else console.log(`${src.benchmark} ${src.split}: ${m.episodes} episodes, config ${m.config}: NE ${m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}, sDTW ${(m.sDTW * 100).toFixed(1)}
wrote ${files.metrics}`);
}
