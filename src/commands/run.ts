/**
 * `navharness run`: one GOAT-style sequence in one house, written to a run directory, with a
 * progress bar. Every ablation switch of the harness is a flag; a JSON file given with --config
 * supplies the rest (validated like the flags).
 */
import type { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEFAULT_MOTION_PRIOR, HarnessConfigSchema, MapThreadsSchema, SESSION_POLICIES } from '../harness/index.js';
import { REQUEST_TIMEOUT_S } from '../models/index.js';
import { MOTION_PRIORS } from '../navigator/index.js';
import { ACTUATION_NOISE_MODELS } from '../body/index.js';
import { failureSummary, providerErrorLine, runSequence, runSettings, runStartProblems } from '../eval/index.js';
import { HouseSpecTextSchema } from '../world/index.js';
import { REASONING_EFFORTS } from '../models/index.js';
import { SuccessDefinitionSchema } from '../memory/index.js';
import { applySceneFlags, HOUSE_HELP, withSceneFlags } from './scene-flags.js';
import { commandAgentFactory } from './command-agent-factory.js';
import { parseFlags, UsageError } from './options.js';
import { progressBar } from './progress.js';

const IntFlag = (what: string) => z.coerce.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`);

export const RunFlagsSchema = z.object({
  house: HouseSpecTextSchema,
  sequence: IntFlag('--sequence').nonnegative().default(0),
  agent: z.string({ error: 'give --agent scripted | openai:MODEL | anthropic:MODEL' }).min(1),
  policy: z.enum(SESSION_POLICIES, { error: `--policy is one of ${SESSION_POLICIES.join(', ')}` }).default('navharness'),
  out: z.string({ error: 'give --out DIR' }).min(1),
  houseDir: z.string().min(1, '--house-dir names a directory').optional(),
  resume: z.boolean().default(false),
  pose: z.enum(['slam', 'ground-truth'], { error: '--pose is slam or ground-truth' }).default('slam'),
  judge: z.enum(['auto', 'model', 'ground-truth'], { error: '--judge is auto, model or ground-truth' }).default('auto'),
  script: z.string().min(1).optional(),
  maxGoals: IntFlag('--max-goals').positive().optional(),
  imageGoals: z.enum(['ground-truth', 'encoder'], { error: '--image-goals is ground-truth or encoder' }).default('ground-truth'),
  stepBudget: IntFlag('--step-budget').positive().optional(),
  turnBudget: IntFlag('--turn-budget').positive().optional(),
  prestop: z.boolean().default(true),
  certification: z.boolean().default(true),
  consolidation: z.boolean().default(true),
  maps: z.boolean().default(true),
  taskRecords: z.boolean().default(true),
  summaryHandover: z.boolean().default(false),
  summaryRecoveryNotes: z.boolean().default(false),
  fixedRetrieval: z.boolean().default(false),
  motionCheck: z.boolean().default(true),
  motionPrior: z.enum(MOTION_PRIORS, { error: `--motion-prior is one of ${MOTION_PRIORS.join(', ')}` }).optional(),
  actuationNoise: z.enum(ACTUATION_NOISE_MODELS, { error: `--actuation-noise is one of ${ACTUATION_NOISE_MODELS.join(', ')}` }).optional(),
  printConfig: z.boolean().default(false),
  judgeSingleView: z.boolean().default(false),
  success: SuccessDefinitionSchema.default('papers-1m'),
  taskStarts: z.enum(['continue', 'episode'], { error: '--task-starts is continue or episode' }).default('continue'),
  mapThreads: MapThreadsSchema.optional(),
  config: z.string().min(1).optional(),
  json: z.boolean().default(false),
  requestTimeout: z.coerce
    .number({ error: '--request-timeout is seconds' })
    .int('--request-timeout is whole seconds')
    .min(REQUEST_TIMEOUT_S.min, `--request-timeout is at least ${REQUEST_TIMEOUT_S.min} second`)
    .max(REQUEST_TIMEOUT_S.max, `--request-timeout is at most ${REQUEST_TIMEOUT_S.max} seconds (a day)`)
    .default(REQUEST_TIMEOUT_S.default),
  reasoningEffort: z.enum(REASONING_EFFORTS, { error: `--reasoning-effort is one of ${REASONING_EFFORTS.join(', ')}` }).optional(),
  thinkingBudget: IntFlag('--thinking-budget').min(1024, '--thinking-budget is at least 1024 tokens').max(128_000, '--thinking-budget is at most 128000 tokens').optional(),
});

/** The backbone's settings the flags give, or undefined when none is given. */
export function modelSettingsOf(f: Pick<RunFlags, 'reasoningEffort' | 'thinkingBudget'>): { reasoningEffort?: (typeof REASONING_EFFORTS)[number]; thinkingBudget?: number } | undefined {
  if (f.reasoningEffort === undefined && f.thinkingBudget === undefined) return undefined;
  return { ...(f.reasoningEffort ? { reasoningEffort: f.reasoningEffort } : {}), ...(f.thinkingBudget ? { thinkingBudget: f.thinkingBudget } : {}) };
}
export type RunFlags = z.infer<typeof RunFlagsSchema>;

export function harnessConfigFromFlags(f: RunFlags): z.input<typeof HarnessConfigSchema> {
  let base: Record<string, unknown> = {};
  if (f.config) {
    try {
      base = JSON.parse(readFileSync(f.config, 'utf8'));
    } catch (err) {
      throw new UsageError(`--config: cannot read '${f.config}' as JSON: ${(err as Error).message}`);
    }
  }
  if (!f.motionCheck && f.motionPrior === 'odometry') throw new UsageError("--no-motion-check is the earlier name of --motion-prior none; it contradicts --motion-prior odometry");
  const prior = f.motionPrior ?? (f.motionCheck ? undefined : 'none');
  const merged = {
    ...base,
    policy: f.policy,
    poseSource: f.pose,
    // recorded only when not the default (and not left to a --config file), so that runs recorded before the flag still resume
    ...(prior !== undefined && (prior !== DEFAULT_MOTION_PRIOR || base.motionPrior !== undefined) ? { motionPrior: prior } : {}),
    ...(f.actuationNoise !== undefined && (f.actuationNoise !== 'none' || base.actuationNoise !== undefined) ? { actuationNoise: f.actuationNoise } : {}),
    ...(f.mapThreads !== undefined ? { mapThreads: f.mapThreads } : {}),
    prestopVerification: f.prestop,
    certification: f.certification,
    consolidation: f.consolidation,
    maps: f.maps,
    taskRecords: f.taskRecords,
    handover: f.summaryHandover ? 'summary' : 'handover',
    ...(f.judgeSingleView ? { judgeStopViews: 1 } : {}),
    ...(f.summaryRecoveryNotes ? { recoveryNote: 'summary' } : {}),
    ...(f.fixedRetrieval ? { retrieval: 'fixed' } : {}),
    ...(f.stepBudget ? { stepBudget: f.stepBudget } : {}),
    ...(f.turnBudget ? { turnBudget: f.turnBudget } : {}),
  };
  const r = HarnessConfigSchema.safeParse(merged);
  if (!r.success) throw new UsageError(`navharness run: invalid harness configuration\n${r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return r.data;
}

/** The limit of one model call to a provider (run, eval and deploy share it). */
export function withProviderFlags(cmd: Command): Command {
  return cmd.option('--request-timeout <seconds>', "one model call's overall limit, the reply body and the SDK's retries included", String(REQUEST_TIMEOUT_S.default));
}

/**
 * `--print-config`: prints the run's resolved configuration (the `settings` its metrics.json will
 * hold) and tells the caller to stop; nothing is run or written.
 */
export function printedConfig(f: Pick<RunFlags, 'printConfig' | 'agent' | 'judge' | 'success' | 'maxGoals' | 'imageGoals' | 'taskStarts'>, harness: z.input<typeof HarnessConfigSchema>): boolean {
  if (!f.printConfig) return false;
  console.log(JSON.stringify(runSettings({ ...f, harness }), null, 2));
  return true;
}

/** The harness mechanisms the papers ablate, each a flag (run and eval share them). */
export function withAblationFlags(cmd: Command): Command {
  return cmd
    .option('--no-prestop', 'ablation: no pre-stop verification')
    .option('--no-certification', 'ablation: no certification (ledger says claimed)')
    .option('--no-consolidation', 'ablation: no run-end consolidation')
    .option('--no-maps', 'ablation: no get_map / preview_path')
    .option('--motion-prior <prior>', `what the tracker gets besides the frames: none (frames only, its own constant-velocity prediction, as ORB-SLAM3) | odometry (the body's odometry reading as its prediction, and a check of tracked motion against it); default ${DEFAULT_MOTION_PRIOR}`)
    .option('--no-motion-check', 'the earlier name of --motion-prior none')
    .option('--actuation-noise <model>', "the simulated body's actuation noise: none (default) | habitat (habitat-sim's noisy LoCoBot actuation; the odometry stays the commanded motion)")
    .option('--no-task-records', 'ablation: no ledger or handover in the reading list')
    .option('--summary-handover', 'ablation: a length-matched ordinary summary instead of the task handover')
    .option('--summary-recovery-notes', "seed 001's control: a length-matched ordinary summary instead of the structured recovery note (the next attempt's opening says so)")
    .option('--fixed-retrieval', "seed 001's control: the files the opening would list (handover, ledger, house notes; the recovery note) are attached to it, and the session gets no list_files / read_file")
    .option('--judge-single-view', "intervention: the judge sees one stop view (the forward one) instead of four")
    .option('--success <definition>', "GOAT success: papers-1m (the papers': closed within 1.0 m of the object, default) | goat-bench-0.25m (GOAT-Bench's code: closed < 0.25 m geodesic from a goal view point)", 'papers-1m')
    .option('--map-threads <n>', "threads for depth-frame mapping: auto (2 with two or more cores) | 1 | 2; the map is the same")
    .option('--print-config', "print the resolved configuration (metrics.json's settings) as JSON and exit");
}

export function registerRun(program: Command): void {
  const cmd = program
    .command('run')
    .description('run a GOAT-style goal sequence in one house and write the run directory (ledger, handovers, verdicts, house notes, maps, metrics.json)')
    .requiredOption('--house <house>', HOUSE_HELP)
    .option('--sequence <k>', 'sequence seed', '0')
    .requiredOption('--agent <spec>', "scripted | openai:MODEL | anthropic:MODEL | openai-chat:MODEL@URL | command:'<command line with {mcp_config} and {prompt_file}>' (a coding agent driving the session's tools over MCP; docs/harness.md)")
    .option('--policy <policy>', `session policy: ${SESSION_POLICIES.join(' | ')}`, 'navharness')
    .requiredOption('--out <dir>', 'run directory')
    .option('--house-dir <dir>', 'persistent house directory (house notes shared across runs); default DIR/house')
    .option('--resume', 'continue the run in --out after its last closed task')
    .option('--pose <source>', 'pose source: slam (default) | ground-truth (ablation)', 'slam')
    .option('--judge <kind>', 'auto | model | ground-truth (ground-truth-perception baseline)', 'auto')
    .option('--script <file>', 'with --agent scripted: replay these recorded responses instead of the navigation agent')
    .option('--max-goals <n>', 'run at most n goals of the sequence')
    .option('--image-goals <how>', 'with --agent scripted: recognise image goals by ground-truth (instance ids, default) or encoder (view encoder on the goal photograph)', 'ground-truth')
    .option('--step-budget <n>', 'movement steps per task')
    .option('--turn-budget <n>', 'model turns per task')
    .option('--task-starts <where>', "continue (each goal starts where the previous ended, default) | episode (each goal starts at the sequence's start for it: the body is moved there and relocated with four views when elsewhere)", 'continue');
  withProviderFlags(withAblationFlags(withSceneFlags(cmd)))
    .option('--config <file>', 'JSON harness configuration (flags override it)')
    .option('--reasoning-effort <level>', `openai:MODEL and openai-chat:MODEL@URL agents: ${REASONING_EFFORTS.join(' | ')}`)
    .option('--thinking-budget <tokens>', 'anthropic:MODEL agents: extended thinking, tokens per turn (at least 1024)')
    .option('--json', 'print the metrics as JSON only')
    .action(async (raw: Record<string, unknown>) => {
      const f = parseFlags(RunFlagsSchema, raw, 'run');
      await applySceneFlags(raw, 'run');
      const harness = harnessConfigFromFlags(f);
      if (printedConfig(f, harness)) return;
      const modelSettings = modelSettingsOf(f);
      const problems = runStartProblems({ ...f, modelSettings });
      if (problems.length) throw new UsageError(`navharness run: cannot start\n${problems.map((p) => `  ${p}`).join('\n')}`);
      let bar: ReturnType<typeof progressBar> | null = null;
      let [task, turns, tools] = ['', 0, 0];
      const summary = await runSequence(
        { house: f.house, sequence: f.sequence, agent: f.agent, out: f.out, houseDir: f.houseDir, resume: f.resume, judge: f.judge, script: f.script, maxGoals: f.maxGoals, imageGoals: f.imageGoals, success: f.success, taskStarts: f.taskStarts, harness, requestTimeoutMs: f.requestTimeout * 1000, modelSettings },
        {
          onStart: (total, done) => {
            bar = progressBar(`run ${f.house}`, total, !f.json && process.stderr.isTTY === true, done);
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
          },
        },
      );
      (bar as ReturnType<typeof progressBar> | null)?.stop();
      if (summary.consolidationError) console.error(`navharness run: warning: consolidation ended early, the house notes were kept as they were: ${summary.consolidationError}`);
      const pe = summary.providerErrors;
      if (pe.length) {
        console.error(providerErrorLine('run', pe.length, summary.metrics.tasks, { where: pe[0].task, reason: pe[0].reason }));
        process.exitCode = 1;
      }
      if (f.json) console.log(JSON.stringify(summary.metrics));
      else {
        const m = summary.metrics;
        const approx = m.token_source === 'estimate' ? '≈' : '';
        console.log(`${summary.out}: ${m.tasks} tasks (${summary.closedNow} closed now, ${summary.closedBefore} before); s-SR ${m.s_SR.toFixed(3)}, e-SR ${m.e_SR.toFixed(3)}, SPL ${m.SPL.toFixed(3)} (success ${m.success_definition}), accuracy ${m.accuracy.toFixed(3)}; tokens${m.token_source === 'estimate' ? ' (estimates)' : ''} in ${approx}${m.input_tokens} (cached ${approx}${m.cached_tokens}), out ${approx}${m.output_tokens}; mean peak prompt ${m.peak_prompt_tokens_mean === null || m.peak_prompt_tokens_mean === undefined ? '–' : approx + Math.round(m.peak_prompt_tokens_mean)}\nfailures: ${failureSummary(m.failures)}`);
      }
    });
}
