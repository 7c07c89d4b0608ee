/**
 * An extended deployment (issue 16): K goal sequences back to back in one house with one house
 * memory. Run k plays sequence `sequence + k − 1` in its own run directory `OUT/run-00k`, seeded from
 * the memory (notes, archive, place graph; the navigator starts on the saved grids and places and the
 * tracker relocalises in the saved map after the body was moved to the new start); at its end, after
 * consolidation, the memory is replaced as a whole. Resuming after a crash at any moment continues the
 * open run, commits a finished run not yet committed, and skips committed runs: nothing is lost or
 * played twice.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Mat4 } from '../geometry/index.js';
import { DEFAULT_JUDGE, HarnessConfigSchema, JUDGE_KINDS, policyTraits } from '../harness/index.js';
import { atomicWriteFile, DEFAULT_SUCCESS, HouseMemory, lastArchivedHandover, lockDirectory, parseJsonFile, SuccessDefinitionSchema } from '../memory/index.js';
import { IMAGE_GOAL_SOURCES, TASK_STARTS } from './run-choices.js';
import { PricesSchema } from './cost.js';
import { contentsAfterRun, savePoseMap, seedRun } from './deploy-files.js';
import { type DeployRunRow, deploymentMetrics, type DeploymentMetrics } from './deploy-metrics.js';
import { joinDrift } from './join-drift.js';
import { RunMetricsSchema } from './run-metrics.js';
import { SAVED_GRID_QUALITY_FILE, SavedGridQualitySchema } from './saved-grid-quality.js';
import { seenBeforeSplits } from './seen-before.js';
import { RUN_START_FILE, type RunCarry, RunStartSchema } from './run-relocation.js';
import { type RunProgress, runSequence } from './run-sequence.js';

export const DeployOptionsSchema = z.strictObject({
  house: z.string().min(1),
  runs: z.number().int().min(1).max(1000),
  out: z.string().min(1),
  /** the house memory's directory (default `<out>/house-memory`) */
  houseMemory: z.string().min(1).optional(),
  /** run k plays sequence seed `sequence + k − 1` */
  sequence: z.number().int().nonnegative().default(0),
  agent: z.string().min(1),
  judge: z.enum(JUDGE_KINDS).default(DEFAULT_JUDGE),
  script: z.string().min(1).optional(),
  maxGoals: z.number().int().positive().optional(),
  imageGoals: z.enum(IMAGE_GOAL_SOURCES).default(IMAGE_GOAL_SOURCES[0]),
  success: SuccessDefinitionSchema.default(DEFAULT_SUCCESS),
  taskStarts: z.enum(TASK_STARTS).default(TASK_STARTS[0]),
  harness: HarnessConfigSchema.default(HarnessConfigSchema.parse({})),
  prices: PricesSchema.default(PricesSchema.parse({})),
  /** ablation off: no maps kept between runs (each run starts with an empty map) */
  savedMaps: z.boolean().default(true),
  /**
   * true: each run's own map is adjusted as a whole before the memory takes it (Navigator.memory(true));
   * off by default: measured, it did not take run 1's drift out (docs/deployment.md, twelfth session).
   * Absent, not false, when off: the recorded configuration of earlier deployments stays the same.
   */
  adjustMap: z.boolean().optional(),
  resume: z.boolean().default(false),
  /** one provider call's overall deadline, ms (`--request-timeout`; a resume may change it: not part of the recorded configuration) */
  requestTimeoutMs: z.number().int().min(1000).max(86_400_000).optional(),
});
export type DeployOptions = z.input<typeof DeployOptionsSchema>;
type Parsed = z.output<typeof DeployOptionsSchema>;

const STATE_FILE = '.navharness/deploy-state.json';
const DeployStateSchema = z.strictObject({
  version: z.literal(1),
  deployment: z.string().regex(/^[0-9a-f]{16,64}$/),
  config: z.record(z.string(), z.unknown()),
  started_at: z.iso.datetime(),
  resumed_at: z.array(z.iso.datetime()),
  /** the house memory's directory (absolute): a resume commits into that one only */
  house_memory: z.string().min(1).optional(),
});
type DeployState = z.infer<typeof DeployStateSchema>;

export interface DeployProgress extends RunProgress {
  onRun?(index: number, row: DeployRunRow): void;
}

export const runDirName = (k: number): string => `run-${String(k).padStart(3, '0')}`;
/** The independent policy keeps nothing across tasks, so a deployment of it keeps no maps either. */
const keepsMaps = (o: Parsed): boolean => o.savedMaps && !policyTraits(o.harness.policy).forgetsMap;

function deployConfig(o: Parsed): Record<string, unknown> {
  const { out: _out, resume: _resume, houseMemory: _hm, prices: _p, requestTimeoutMs: _t, ...rest } = o;
  return JSON.parse(JSON.stringify({ ...rest, script: o.script ?? null, maxGoals: o.maxGoals ?? null }));
}

/** The deployment's state in OUT: a new one, or the recorded one when resuming with the same configuration. */
function openState(out: string, o: Parsed, houseMemory: string): DeployState {
  const path = join(out, STATE_FILE);
  const config = deployConfig(o);
  const now = new Date().toISOString();
  if (!existsSync(path)) {
    if (existsSync(join(out, runDirName(1)))) throw new Error(`${out} holds run directories but no deployment state (${STATE_FILE}); choose another --out`);
    const st: DeployState = { version: 1, deployment: randomBytes(8).toString('hex'), config, started_at: now, resumed_at: [], house_memory: houseMemory };
    atomicWriteFile(path, JSON.stringify(st, null, 2) + '\n');
    return st;
  }
  if (!o.resume) throw new Error(`${out} already holds a deployment; pass --resume to continue it or choose another --out`);
  const st = parseJsonFile(readFileSync(path, 'utf8'), path, DeployStateSchema);
  if (!isDeepStrictEqual(st.config, config))
    throw new Error(`${out} was started with a different configuration; resume it with the same flags (recorded: ${JSON.stringify(st.config)})`);
  // another memory would be given this deployment's runs again (it has none of them committed)
  if (st.house_memory !== undefined && st.house_memory !== houseMemory)
    throw new Error(`${out} was started with --house-memory ${st.house_memory}, not ${houseMemory}; resume it with that memory`);
  const next = { ...st, resumed_at: [...st.resumed_at, now], house_memory: houseMemory };
  atomicWriteFile(path, JSON.stringify(next, null, 2) + '\n');
  return next;
}

/**
 * Evaluation only: the saved maps' world → truth as the run before `k` noted it (its maps are what the
 * memory holds); null for the first run, or when it noted none.
 */
function savedWorldToTruth(out: string, k: number): Mat4 | null {
  if (k < 2) return null;
  const path = join(out, runDirName(k - 1), RUN_START_FILE);
  if (!existsSync(path)) return null;
  const g = parseJsonFile(readFileSync(path, 'utf8'), path, RunStartSchema).world_to_truth;
  return g ? Float64Array.from(g) : null;
}

/** Evaluation only: the quality of the grids run `runDir` left to the memory (null when not measured). */
function savedGridOf(runDir: string): DeployRunRow['saved_grid'] {
  const path = join(runDir, SAVED_GRID_QUALITY_FILE);
  if (!existsSync(path)) return null;
  const q = parseJsonFile(readFileSync(path, 'utf8'), path, SavedGridQualitySchema);
  return { free_precision: q.free_precision, obstacle_recall: q.obstacle_recall };
}

/** Plays (or resumes) run k unless it finished, then commits it to the house memory unless committed. */
async function deployRun(o: Parsed, out: string, st: DeployState, hm: HouseMemory, k: number, progress: DeployProgress): Promise<DeployRunRow> {
  const runDir = join(out, runDirName(k));
  const committed = hm.committed(st.deployment, k);
  const metricsPath = join(runDir, 'metrics.json');
  if (!committed) {
    const maps = keepsMaps(o);
    if (!existsSync(metricsPath)) {
      const before = hm.load();
      seedRun(runDir, before, maps);
      const carry: RunCarry = {
        maps: maps && before.maps ? { memory: before.maps.navigator, poseMap: before.maps.poseMap } : null,
        relocateAtStart: hm.manifest.runs.length > 0,
        previousHandover: lastArchivedHandover(before),
        worldToTruth: maps ? savedWorldToTruth(out, k) : null,
        beforeFinish: maps ? savePoseMap : undefined,
        adjustAtEnd: maps && o.adjustMap === true,
      };
      const resume = existsSync(join(runDir, '.navharness', 'run-state.json'));
      const run = {
        house: o.house,
        sequence: o.sequence + k - 1,
        agent: o.agent,
        out: runDir,
        resume,
        judge: o.judge,
        script: o.script,
        maxGoals: o.maxGoals,
        imageGoals: o.imageGoals,
        success: o.success,
        taskStarts: o.taskStarts,
        harness: o.harness,
        prices: o.prices,
        requestTimeoutMs: o.requestTimeoutMs,
      };
      const summary = await runSequence(run, progress, undefined, carry);
      if (summary.consolidationError)
        process.emitWarning(`run ${k}: consolidation ended early, the house notes were kept as they were: ${summary.consolidationError}`);
    }
    const metrics = parseJsonFile(readFileSync(metricsPath, 'utf8'), metricsPath, RunMetricsSchema);
    const name = hm.nextRunName();
    const consolidated = o.harness.consolidation && policyTraits(o.harness.policy).memoryFiles;
    hm.commit(
      { name, deployment: st.deployment, index: k, tasks: metrics.tasks, consolidated, saved_maps: maps },
      contentsAfterRun(runDir, hm.load(), name, maps),
    );
  }
  const m = parseJsonFile(readFileSync(metricsPath, 'utf8'), metricsPath, RunMetricsSchema);
  const relocalisation = {
    relocalised: m.relocalised ?? null,
    late_relocalisation_task: m.late_relocalisation?.task ?? null,
    relocalisation_error_m: m.relocalisation_error_m ?? null,
    refused_join_errors_m: (m.refused_joins ?? []).map((r) => r.error_m),
  };
  return {
    run: k,
    sequence: o.sequence + k - 1,
    tasks: m.tasks,
    s_SR: m.s_SR,
    SPL: m.SPL,
    e_SR: m.e_SR,
    known_cells_at_start: m.known_cells_at_start ?? 0,
    ...relocalisation,
    saved_grid: savedGridOf(runDir),
  };
}

export interface DeploySummary {
  out: string;
  houseMemory: string;
  metrics: DeploymentMetrics;
}

export async function deploy(input: DeployOptions, progress: DeployProgress = {}): Promise<DeploySummary> {
  const parsed = DeployOptionsSchema.safeParse(input);
  if (!parsed.success) throw new Error(`bad deployment options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const o = parsed.data;
  const out = resolve(o.out);
  const hmDir = resolve(o.houseMemory ?? join(out, 'house-memory'));
  mkdirSync(out, { recursive: true });
  const lock = lockDirectory(out, 'deployment');
  try {
    const hm = HouseMemory.open(hmDir, { house: o.house, poseSource: o.harness.poseSource });
    try {
      const st = openState(out, o, hmDir);
      const rows: DeployRunRow[] = [];
      for (let k = 1; k <= o.runs; k++) {
        const row = await deployRun(o, out, st, hm, k, progress);
        const dirs = rows.map((r) => join(out, runDirName(r.run))).concat(join(out, runDirName(k)));
        row.seen_split = seenBeforeSplits(dirs).at(-1) ?? null;
        row.join_drift = joinDrift(dirs);
        rows.push(row);
        progress.onRun?.(k, row);
      }
      const metrics = deploymentMetrics(
        st.deployment,
        o.house,
        rows,
        { savedMaps: keepsMaps(o), consolidation: o.harness.consolidation, policy: o.harness.policy },
        { started_at: st.started_at, resumed_at: st.resumed_at },
      );
      atomicWriteFile(join(out, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');
      return { out, houseMemory: hmDir, metrics };
    } finally {
      hm.release();
    }
  } finally {
    lock.release();
  }
}
