/**
 * `navharness vln`: instruction-following episodes with the adaptive-goal agents (or the native
 * single-agent baseline); writes DIR/metrics.json, DIR/decisions.jsonl (per-decision input trace)
 * and DIR/episodes.json.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { SUMMARIES } from './summaries.js';
import { z } from 'zod';
import { MODEL_SPEC_FORMS, parseModelSpec } from '../models/choices.js';
import type { InstructionEpisode } from '../world/index.js';
import { VLN_CONFIGS } from '../vln/choices.js';
import type { AgentSource, VlnTourMetrics } from '../eval/index.js';
import { parseFlags, UsageError } from './options.js';
import { declareFlags, flagsSchema } from './flag-table.js';
import { LOG_FLAGS, logOf } from './log-flags.js';
import { HARNESS_FLAGS, PROVIDER_FLAGS, SEQUENCE_FLAGS } from './sequence-flags.js';
import { defaulted } from './flag-table.js';

/** how --tours runs a tour: seed 003's VLN loop (--config's agents), or the lifelong harness (one run per tour) */
export const TOUR_HARNESSES = ['loop', 'lifelong'] as const;

/** The lifelong harness's flags of vln (each declared once, in the sequence commands' table). */
const LIFELONG_FLAGS = {
  harness: defaulted(
    '--harness <how>',
    "with --tours: loop (seed 003's VLN loop, --config's agents) | lifelong (each tour one NavHarness run: fresh session per instruction, handovers, journal, notes, judge and recovery; OUT/tours/tour-NNN/)",
    z.enum(TOUR_HARNESSES, { error: `--harness is ${TOUR_HARNESSES.join(' or ')}` }),
    'loop',
  ),
  resume: SEQUENCE_FLAGS.resume,
  policy: HARNESS_FLAGS.policy,
  pose: HARNESS_FLAGS.pose,
  turnBudget: HARNESS_FLAGS.turnBudget,
};
const LIFELONG_ONLY = ['resume', 'policy', 'pose', 'turnBudget'] as const;
import { checkDatasetFlags, DatasetFlagsShape, type DatasetFlags, loadDatasetOrRefuse } from './eval-dataset.js';

export const VlnFlagsSchema = z
  .object({
    episodes: z
      .string({ error: 'give the instruction-episode file, e.g. --episodes episodes.json (make one with `navharness sim episodes --kind instruction`)' })
      .min(1)
      .optional(),
    ...DatasetFlagsShape,
    agent: z
      .string({ error: `give an agent: scripted, ${MODEL_SPEC_FORMS.filter((s) => s.includes(':')).join(', ')}` })
      .refine((s) => s === 'scripted' || parseModelSpec(s).ok, {
        message: `expected 'scripted' (offline ground-truth-perception agents) or a model spec: ${MODEL_SPEC_FORMS.filter((s) => s.includes(':')).join(', ')}`,
      }),
    config: z.enum(VLN_CONFIGS, { error: `expected one of ${VLN_CONFIGS.join(', ')}` }).optional(),
    out: z.string({ error: 'give an output folder, e.g. --out runs/vln-goal' }).min(1),
    limit: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').positive('expected at least 1').optional(),
    budget: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(1).max(5000, 'at most 5000 actions').optional(),
    maxDecisions: z.coerce.number({ error: 'expected a whole number' }).int('expected a whole number').min(1).max(20000).default(1000),
    json: z.boolean().default(false),
    tours: z.boolean().default(false),
    requestTimeout: PROVIDER_FLAGS.requestTimeout.schema,
    ...flagsSchema(LOG_FLAGS).shape,
    ...flagsSchema(LIFELONG_FLAGS).shape,
  })
  .superRefine((f, ctx) => {
    const lifelong = f.harness === 'lifelong';
    if (!lifelong && !f.config)
      ctx.addIssue({
        code: 'custom',
        path: ['config'],
        message: `give the VLN loop's configuration: --config ${VLN_CONFIGS.join(' | ')} (or --tours --harness lifelong, which runs NavHarness sessions instead)`,
      });
    if (lifelong && f.config)
      ctx.addIssue({
        code: 'custom',
        path: ['config'],
        message: "--config picks the VLN loop's agents; --harness lifelong runs each tour as NavHarness sessions: leave --config out",
      });
    if (lifelong && !f.tours) ctx.addIssue({ code: 'custom', path: ['harness'], message: '--harness lifelong runs tours: add --tours' });
    for (const k of LIFELONG_ONLY)
      if (!lifelong && f[k] !== undefined && f[k] !== false)
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: `${LIFELONG_FLAGS[k].flag.split(' ')[0]} is a flag of the lifelong harness: use it with --tours --harness lifelong`,
        });
    if (!f.episodes && !f.dataset)
      ctx.addIssue({
        code: 'custom',
        path: ['episodes'],
        message:
          'give the instruction-episode file, e.g. --episodes episodes.json (make one with `navharness sim episodes --kind instruction`), or --dataset r2r-ce:PATH | rxr-ce:PATH',
      });
    if (f.episodes && f.dataset)
      ctx.addIssue({ code: 'custom', path: ['dataset'], message: '--dataset runs a benchmark split instead of --episodes: give one of them' });
    if (f.tours && f.dataset)
      ctx.addIssue({
        code: 'custom',
        path: ['tours'],
        message: "--tours runs the --episodes file's episodes house by house as tours; a benchmark split's IR2R-CE tours are not wired to --dataset",
      });
    if (f.dataset?.benchmark === 'goat-bench')
      ctx.addIssue({
        code: 'custom',
        path: ['dataset'],
        message: 'vln runs instruction episodes (r2r-ce, rxr-ce); run goat-bench with navharness eval --dataset',
      });
    checkDatasetFlags(f, ctx);
  });
export type VlnFlags = z.infer<typeof VlnFlagsSchema>;

export async function loadInstructionEpisodes(path: string): Promise<InstructionEpisode[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new UsageError(`navharness vln: cannot read --episodes '${path}': ${(e as Error).message}`);
  }
  const { parseEpisodeJson } = await import('../world/index.js');
  let ds;
  try {
    ds = parseEpisodeJson(text, `--episodes '${path}'`);
  } catch (e) {
    throw new UsageError(`navharness vln: ${(e as Error).message}`);
  }
  if (ds.kind !== 'instruction')
    throw new UsageError(`navharness vln: --episodes '${path}' holds '${ds.kind}' episodes; an instruction dataset (kind: "instruction") is needed`);
  if (ds.episodes.length === 0) {
    throw new UsageError(
      `navharness vln: --episodes '${path}' holds no episodes; an instruction dataset with at least one episode is needed (make one with \`navharness sim episodes --kind instruction\`)`,
    );
  }
  return ds.episodes;
}

export async function vlnCommand(raw: unknown, log: (s: string) => void = console.log): Promise<void> {
  const flags = parseFlags(VlnFlagsSchema, raw, 'vln');
  if (flags.dataset) return vlnDataset(flags as VlnFlags & DatasetFlags, log);
  const all = await loadInstructionEpisodes(flags.episodes!);
  const episodes = all.slice(0, flags.limit ?? all.length);
  if (flags.harness === 'lifelong') return lifelongTours(flags, episodes, log);
  const agent = await agentOf(flags);
  const { runVln, runVlnTours, toursByHouse, writeRunOutputs } = await import('../eval/index.js');
  const { progressBar } = await import('./progress.js');
  const bar = progressBar(`vln ${flags.config}`, episodes.length, !flags.json && logOf(flags).at('info') && process.stderr.isTTY === true);
  const o = { config: flags.config!, agent, budget: flags.budget ?? 300, dtw: flags.dtw, maxDecisions: flags.maxDecisions, onEpisode: () => bar.tick() };
  const run = flags.tours ? await runVlnTours(toursByHouse(episodes), o) : await runVln(episodes, o);
  bar.stop();
  const files = await writeRunOutputs(flags.out, run);
  const m = run.metrics;
  if (flags.json) {
    log(JSON.stringify(m));
    return;
  }
  log(
    `${m.episodes} episodes, config ${m.config}: NE ${m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}; ${Math.round(m.total_tokens)} tokens/episode`,
  );
  const t = (m as Partial<VlnTourMetrics>).tours;
  if (t) log(`${t.count} tours: every instruction reached in ${(t.tour_success_rate * 100).toFixed(1)} %`);
  log(`wrote ${files.metrics}, ${files.trace}, ${files.episodes}`);
}

/** The episodes' agent: the offline ones, or a model (its provider loaded here). */
async function agentOf(flags: VlnFlags): Promise<AgentSource> {
  if (flags.agent === 'scripted') return { kind: 'scripted' };
  const { createModel } = await import('../models/index.js');
  return { kind: 'model', model: createModel(flags.agent, { timeoutMs: flags.requestTimeout * 1000 }) };
}

/** `vln --dataset r2r-ce|rxr-ce:PATH`: a benchmark split's instruction episodes, scored as VLN-CE scores them. */
async function vlnDataset(flags: VlnFlags & DatasetFlags, log: (s: string) => void): Promise<void> {
  const { src, episodes } = await loadDatasetOrRefuse('vln', flags);
  const { runVlnceDataset } = await import('../eval/index.js');
  const agent = await agentOf(flags);
  const { progressBar } = await import('./progress.js');
  const bar = progressBar(`vln ${src.benchmark} ${src.split}`, episodes.length, !flags.json && logOf(flags).at('info') && process.stderr.isTTY === true);
  // the benchmark's action limit unless --budget says otherwise (VLN-CE: 500 actions of 0.25 m or a turn)
  const { applyPreset } = await import('../world/node.js');
  const budget = flags.budget ?? applyPreset(flags.preset, src.benchmark).maxSteps ?? 500;
  const { run, files } = await runVlnceDataset(
    src,
    {
      config: flags.config!,
      agent,
      budget,
      maxDecisions: flags.maxDecisions,
      dtw: flags.dtw,
      out: flags.out,
      onEpisode: () => bar.tick(),
      preset: flags.preset,
    },
    episodes as Parameters<typeof runVlnceDataset>[2],
  );
  bar.stop();
  const m = run.metrics;
  if (flags.json) {
    log(JSON.stringify({ ...m, benchmark: src.benchmark, split: src.split, dtw: flags.dtw }));
    return;
  }
  log(
    `${src.benchmark} ${src.split}: ${m.episodes} episodes, config ${m.config}: NE ${m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}, sDTW ${(m.sDTW * 100).toFixed(1)}`,
  );
  log(`wrote ${files.metrics}, ${files.trace}, ${files.episodes}`);
}

/** `vln --tours --harness lifelong`: each house's tour as one lifelong run (eval/tours-lifelong.ts). */
async function lifelongTours(flags: VlnFlags, episodes: InstructionEpisode[], log: (s: string) => void): Promise<void> {
  const { existsSync } = await import('node:fs');
  const { join } = await import('node:path');
  if (existsSync(join(flags.out, 'tours')) && !flags.resume)
    throw new UsageError(
      `navharness vln: ${flags.out} already holds tours; pass --resume to continue them (the same flags and episodes) or choose another --out`,
    );
  const { runLifelongTours, toursByHouse } = await import('../eval/index.js');
  const { HarnessConfigSchema } = await import('../harness/choices.js');
  const harness = HarnessConfigSchema.parse({ policy: flags.policy, poseSource: flags.pose, stepBudget: flags.budget ?? 300, turnBudget: flags.turnBudget });
  const tours = toursByHouse(episodes);
  const { progressBar } = await import('./progress.js');
  const bar = progressBar('vln tours (lifelong)', tours.length, !flags.json && logOf(flags).at('info') && process.stderr.isTTY === true);
  let run;
  try {
    run = await runLifelongTours(tours, {
      out: flags.out,
      agent: flags.agent,
      judge: 'auto',
      harness,
      resume: flags.resume,
      dtw: flags.dtw,
      requestTimeoutMs: flags.requestTimeout * 1000,
      onTour: () => bar.tick(),
    });
  } catch (e) {
    const m = (e as Error).message;
    // a folder started otherwise, or not resumable: the flags are what is wrong
    if (/already holds a tour|different configuration|cannot resume|no run state/.test(m)) throw new UsageError(`navharness vln: ${m}`);
    throw e;
  } finally {
    bar.stop();
  }
  const m = run.metrics;
  if (flags.json) {
    log(JSON.stringify(m));
    return;
  }
  log(
    `${m.episodes} instructions in ${m.tours.count} lifelong tours (policy ${m.policy}, ${m.pose} poses): NE ${m.NE === null ? '-' : m.NE.toFixed(2)} m, OSR ${(m.OSR * 100).toFixed(1)}, SR ${(m.SR * 100).toFixed(1)}, SPL ${(m.SPL * 100).toFixed(1)}, nDTW ${(m.nDTW * 100).toFixed(1)}; s-SR ${m.harness_metrics.s_SR.toFixed(3)}, e-SR ${m.harness_metrics.e_SR.toFixed(3)}`,
  );
  log(`${m.tours.count} tours: every instruction reached in ${(m.tours.tour_success_rate * 100).toFixed(1)} %`);
  log(`wrote ${run.files.metrics}, ${run.files.episodes} and a run folder per tour under ${join(flags.out, 'tours')}`);
}

export function registerVln(program: Command): void {
  const cmd = program
    .command('vln')
    .description(SUMMARIES.vln)
    .option('--episodes <file>', 'instruction episode dataset (JSON)')
    .option('--dataset <kind:path>', 'a benchmark split instead: r2r-ce:PATH | rxr-ce:PATH (PATH holds {split}/)')
    .option('--scenes <dir>', "with --dataset: the scenes folder the episodes' scene paths are relative to")
    .option('--split <name>', 'with --dataset: the split, e.g. val_seen, val_unseen')
    .option('--dtw <method>', "nDTW's DTW: exact | fast (FastDTW, VLN-CE's default)", 'exact')
    .option('--preset <name>', "with --dataset: the body's camera, papers (the papers' setting) | r2r-ce | rxr-ce (the benchmark's own)", 'papers')
    .option('--agent <spec>', "'scripted' or openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL")
    .option('--config <name>', `the VLN loop's configuration: ${VLN_CONFIGS.join(' | ')} (not with --harness lifelong)`)
    .option('--out <dir>', 'output folder')
    .option('--limit <n>', 'run only the first N episodes')
    .option('--budget <n>', "coarse actions per episode (default 300; with --dataset the benchmark's limit, 500)")
    .option('--max-decisions <n>', 'external decisions per episode before the run is cut off', '1000')
    .option('--json', 'print the metrics as JSON only')
    .option('--tours', "run each house's episodes as one tour (IR2R-CE style): one body and map, a fresh conversation per instruction");
  declareFlags(cmd, { ...LIFELONG_FLAGS, ...PROVIDER_FLAGS, ...LOG_FLAGS }).action(async (opts: Record<string, unknown>) => vlnCommand(opts));
}
