/**
 * `navharness eval`: one GOAT-style sequence per procedural house, run in worker threads, metrics
 * aggregated over all runs into DIR/metrics.json (per-run directories DIR/seed-N). The flags are the
 * sequence table's (sequence-flags.ts) with the eval's own; the layers load when the command runs.
 */
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { cpus } from 'node:os';
import { z } from 'zod';
import type { evalFolder, Prices } from '../eval/index.js';
import { HouseRangeSchema } from '../eval/choices.js';
import { isCommandAgent } from '../harness/choices.js';
import { VLN_CONFIGS } from '../vln/choices.js';
import { checkDatasetFlags, DATASET_FLAGS, type DatasetFlags } from './eval-dataset.js';
import { declareFlags, defaulted, describedAs, flagsSchema, optional } from './flag-table.js';
import { LOG_FLAGS, type Log } from './log-flags.js';
import { UsageError } from './options.js';
import { EVAL_QUEUE_FLAGS } from './queue-flags.js';
import { SCENE_FLAGS } from './scene-flags.js';
import { ABLATION_FLAGS, HARNESS_FLAGS as H, PROVIDER_FLAGS, SEQUENCE_FLAGS as S } from './sequence-flags.js';
import { type harnessConfigFromFlags, sequenceAction } from './sequence-settings.js';

const price = (flag: string, help: string) => defaulted(flag, help, z.coerce.number().nonnegative(`${flag} is a non-negative price per million tokens`), 0);

const EVAL_FLAGS = {
  houses: optional('--houses <A..B>', 'procedural house seeds, e.g. 0..9', HouseRangeSchema),
  ...DATASET_FLAGS,
  vlnConfig: defaulted(
    '--vln-config <name>',
    `with an r2r-ce/rxr-ce dataset: ${VLN_CONFIGS.join(' | ')}`,
    z.enum(VLN_CONFIGS, { error: `--vln-config is one of ${VLN_CONFIGS.join(', ')}` }),
    'goal',
  ),
  agent: describedAs(S.agent, 'scripted | openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL'),
  out: describedAs(S.out, 'output directory (one run directory per house)'),
  workers: defaulted(
    '--workers <n>',
    'worker threads',
    z.coerce
      .number({ error: '--workers must be a whole number' })
      .int('--workers must be a whole number')
      .min(1, '--workers is at least 1')
      .max(64, '--workers is at most 64'),
    Math.max(1, Math.min(2, cpus().length)),
  ),
  sequence: S.sequence,
  policy: H.policy,
  pose: H.pose,
  judge: S.judge,
  maxGoals: describedAs(S.maxGoals, 'at most n goals per sequence'),
  stepBudget: H.stepBudget,
  turnBudget: H.turnBudget,
  ...SCENE_FLAGS,
  ...ABLATION_FLAGS,
  ...PROVIDER_FLAGS,
  config: S.config,
  priceInput: price('--price-input <p>', 'p_u: price per million uncached input tokens'),
  priceCached: price('--price-cached <p>', 'p_c: price per million cached input tokens'),
  priceOutput: price('--price-output <p>', 'price per million output tokens'),
  json: describedAs(S.json, 'print the aggregated metrics as JSON only'),
  resume: describedAs(S.resume, 'continue the eval in --out: finished sequences are read back, unfinished ones continue after their last closed task'),
  ...EVAL_QUEUE_FLAGS,
  ...LOG_FLAGS,
};

const EvalFlagsSchema = flagsSchema(EVAL_FLAGS).superRefine((f, ctx) => {
  for (const k of ['enqueueOnly', 'collect', 'rateLimit'] as const) {
    if (f[k] !== undefined && f[k] !== false && f.queue === undefined)
      ctx.addIssue({ code: 'custom', path: [k], message: `--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} goes with --queue redis://HOST:PORT[/DB]` });
  }
  if (f.resume && (f.queue !== undefined || f.dataset))
    ctx.addIssue({
      code: 'custom',
      path: ['resume'],
      message: '--resume continues a local eval of procedural houses (--houses A..B); a queued eval resumes its jobs by itself',
    });
  if (f.queue !== undefined && f.dataset)
    ctx.addIssue({ code: 'custom', path: ['queue'], message: '--queue runs procedural houses (--houses A..B); a --dataset split runs locally' });
  if (f.enqueueOnly && f.collect)
    ctx.addIssue({ code: 'custom', path: ['collect'], message: '--collect reads finished jobs and --enqueue-only adds them: give one of them' });
  if (!f.houses && !f.dataset)
    ctx.addIssue({ code: 'custom', path: ['houses'], message: 'give --houses A..B (procedural houses) or --dataset KIND:PATH (a benchmark split)' });
  if (f.houses && f.dataset)
    ctx.addIssue({ code: 'custom', path: ['dataset'], message: '--dataset runs a benchmark split instead of --houses: give one of them' });
  checkDatasetFlags(f, ctx);
});
export type EvalFlags = z.infer<typeof EvalFlagsSchema>;
type Harness = ReturnType<typeof harnessConfigFromFlags>;

export function registerEval(program: Command): void {
  const cmd = program.command('eval').description(SUMMARIES.eval);
  declareFlags(cmd, EVAL_FLAGS).action(sequenceAction('eval', EvalFlagsSchema, evalCommand, refuseCommandAgent));
}

// its MCP endpoints and processes belong to one process's run; eval's sequences run in workers
function refuseCommandAgent(f: EvalFlags): void {
  if (isCommandAgent(f.agent))
    throw new UsageError(
      "navharness eval: --agent command:… runs under 'navharness run' or 'navharness deploy', one sequence at a time; accepted here: scripted, openai:MODEL, anthropic:MODEL, openai-chat:MODEL@URL",
    );
}

async function evalCommand(f: EvalFlags, harness: Harness, log: Log): Promise<void> {
  const { PricesSchema } = await import('../eval/index.js');
  const prices = PricesSchema.parse({ uncachedInput: f.priceInput, cachedInput: f.priceCached, output: f.priceOutput });
  if (f.queue !== undefined && f.houses) {
    const { evalOnQueue } = await import('./eval-queue.js');
    await evalOnQueue({ ...f, queue: f.queue, houses: f.houses }, harness, prices, log);
  } else if (f.dataset) await evalDataset(f as EvalFlags & DatasetFlags, harness, prices, log);
  else if (f.houses) await evalHouses({ ...f, houses: f.houses }, harness, prices, log);
}

/** The local eval of procedural houses, on `--workers` threads. */
async function evalHouses(f: EvalFlags & { houses: { from: number; to: number } }, harness: Harness, prices: Prices, log: Log): Promise<void> {
  const { providerErrorLine, providerErrorsOfRun, runParallel } = await import('../eval/index.js');
  const { progressBar } = await import('./progress.js');
  const { goatSummary } = await import('./eval-summary.js');
  const n = f.houses.to - f.houses.from + 1;
  const run = {
    sequence: f.sequence,
    agent: f.agent,
    judge: f.judge,
    maxGoals: f.maxGoals,
    success: f.success,
    harness,
    prices,
    requestTimeoutMs: f.requestTimeout * 1000,
  };
  await checkEvalFolder(f.out, f.houses, run, f.resume);
  const bar = progressBar(`eval ${n} houses`, n, !f.json && log.at('info') && process.stderr.isTTY === true);
  const r = await runParallel({ houses: f.houses, workers: f.workers, out: f.out, run, prices, resume: f.resume, onRun: () => bar.tick() });
  bar.stop();
  const failed = r.runs.filter((x) => x.error);
  for (const x of failed) log.error(`seed ${x.house}: ${x.error}`);
  const readBack = r.runs.filter((x) => x.readBack).length;
  if (f.resume) log.info(`navharness eval: ${readBack} finished sequences read back, ${n - readBack} run`);
  const m = r.metrics;
  if (!m) {
    log.error(`navharness eval: no sequence finished, so ${f.out}/metrics.json was not written; fix the cause above and run again with --resume`);
    process.exitCode = 1;
    return;
  }
  const pe = m.failures?.['provider-error'] ?? 0;
  if (pe) {
    const first =
      r.runs.flatMap((x) => (x.error ? [] : providerErrorsOfRun(x.out).map((t) => ({ where: `seed ${x.house} ${t.task}`, reason: t.reason }))))[0] ?? null;
    log.error(providerErrorLine('eval', pe, m.tasks, first));
  }
  if (f.json) console.log(JSON.stringify(m));
  else console.log(goatSummary(f.out, m));
  if (failed.length || pe) process.exitCode = 1;
}

/**
 * A plain eval into a folder that holds one (finished or not) is refused before anything is written:
 * running it again would mix two executions' results. `--resume` continues it instead; a sequence
 * started with other flags is refused either way.
 */
async function checkEvalFolder(out: string, houses: { from: number; to: number }, run: Parameters<typeof evalFolder>[2], resume: boolean): Promise<void> {
  const { evalFolder } = await import('../eval/index.js');
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
async function evalDataset(f: EvalFlags & DatasetFlags, harness: Harness, prices: Prices, log: Log): Promise<void> {
  const { loadDatasetOrRefuse } = await import('./eval-dataset.js');
  const { src, episodes } = await loadDatasetOrRefuse('eval', f);
  const { runGoatBenchDataset, runVlnceDataset } = await import('../eval/index.js');
  const { progressBar } = await import('./progress.js');
  const { goatSummary } = await import('./eval-summary.js');
  const bar = progressBar(`eval ${src.benchmark} ${src.split}`, episodes.length, !f.json && log.at('info') && process.stderr.isTTY === true);
  const onEpisode = () => bar.tick();
  if (src.benchmark === 'goat-bench') {
    const r = await runGoatBenchDataset(
      src,
      { agent: f.agent, judge: f.judge, maxGoals: f.maxGoals, harness, prices, out: f.out, onEpisode, preset: f.preset },
      episodes as Parameters<typeof runGoatBenchDataset>[2],
    );
    bar.stop();
    const g = r.metrics.goat_bench;
    if (f.json) console.log(JSON.stringify(r.metrics));
    else
      console.log(`${goatSummary(f.out, r.metrics)}
GOAT-Bench (view points < 0.25 m): ${g.episodes} episodes, ${g.subtasks} subtasks; task success ${g.task_success.toFixed(3)}, partial success ${g.partial_success.toFixed(3)}, composite SPL ${g.composite_spl.toFixed(3)}`);
    return;
  }
  const { createModel } = await import('../models/index.js');
  const agent =
    f.agent === 'scripted' ? { kind: 'scripted' as const } : { kind: 'model' as const, model: createModel(f.agent, { timeoutMs: f.requestTimeout * 1000 }) };
  // the benchmark's action limit: VLN-CE allows 500 actions of 0.25 m or a turn, the coarse actions here
  const { applyPreset } = await import('../world/node.js');
  const budget = applyPreset(f.preset, src.benchmark).maxSteps ?? 500;
  const { run, files } = await runVlnceDataset(
    src,
    { config: f.vlnConfig, agent, dtw: f.dtw, out: f.out, budget, maxDecisions: 1000, onEpisode, preset: f.preset },
    episodes as Parameters<typeof runVlnceDataset>[2],
  );
  bar.stop();
  const m = run.metrics;
  if (f.json) console.log(JSON.stringify({ ...m, benchmark: src.benchmark, split: src.split, dtw: f.dtw }));
  else
    console.log(`${src.benchmark} ${src.split}: ${m.episodes} episodes, config ${m.config}: NE ${m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}, sDTW ${(m.sDTW * 100).toFixed(1)}
wrote ${files.metrics}`);
}
