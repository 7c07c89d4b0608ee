/**
 * One IR2R-CE-style tour as ONE lifelong run (seed 001's IR2R-CE row): the house's instructions are the
 * run's tasks, each an instruction goal given to a fresh conversation (the policy's), with the
 * orchestrator's handovers, journal, ledger, house notes, places, judge and recovery between them as
 * in `navharness run`. The body and the navigator stay for the whole tour; when an instruction starts
 * elsewhere than the previous one stopped, the environment moves the body there and the next
 * opening carries the four relocation views (the harness's relocation between tasks). Each task is
 * scored with the VLN-CE metrics from its own start (the one scorer, sim's scoreVlnEpisode), and its
 * evaluation record takes success and SPL from them, so the harness's s-SR / e-SR read the same
 * numbers. A task's record is its commit point, as in a run: a resumed tour never replays one.
 */
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { consolidate, type HarnessConfig, type HarnessEvent, motionPriorOf, Orchestrator, policyTraits } from '../harness/index.js';
import {
  atomicWriteFile,
  EVAL_DIR,
  HOUSE_MOUNT,
  Journal,
  loadNavigatorMemory,
  loadRunState,
  markTaskClosed,
  parseJsonFile,
  resumePoint,
  saveNavigatorMemory,
  saveRunState,
  taskId,
  Workspace,
} from '../memory/index.js';
import { addUsage, tokenSourceOf, ZERO_USAGE } from '../models/index.js';
import { type DtwMethod, type InstructionEpisode, scoreVlnEpisode, type StartPose } from '../sim/index.js';
import { instructionGoal, World } from '../world/index.js';
import type { NavigatorMemory } from '../navigator/index.js';
import { GroundTruthPerception } from '../baselines/index.js';
import { createRoles, type Roles } from './agents.js';
import { closedTaskProblems, lockRunDirectories, POSE_FILE, PoseFileSchema, releaseLocks, resumeFileProblems } from './run-directory.js';
import { taskRelocation } from './run-relocation.js';
import { CONSOLIDATION_USAGE, type TaskRow, taskRows, usagePath, type TaskUsage } from './run-metrics.js';
import { taskMapPath } from './replay-files.js';
import { TourTaskScoresSchema, type TourTaskScores, tourTaskScoresPath } from './tour-scores.js';

export interface LifelongTourOptions {
  /** the tour's run directory */
  out: string;
  /** 'scripted' (the offline instruction actor and judge) or a model spec */
  agent: string;
  judge: 'auto' | 'model' | 'ground-truth';
  harness: HarnessConfig;
  resume: boolean;
  dtw?: DtwMethod;
  requestTimeoutMs?: number;
  onTask?: (id: string, status: string) => void;
  /** the orchestrator's events (task starts, turns with their requests, trace entries) */
  onEvent?: (e: HarnessEvent) => void;
}

export interface LifelongTourResult {
  out: string;
  /** per instruction, in tour order */
  tasks: TourTaskScores[];
  /** the harness's rows of this run's tasks (s-SR, e-SR, SPL, ledger accuracy, tokens are computed from them) */
  rows: TaskRow[];
  closedBefore: number;
  closedNow: number;
}

const ORCH = { kind: 'orchestrator' } as const;
const sameConfig = (a: unknown, b: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

function tourConfig(episodes: readonly InstructionEpisode[], o: LifelongTourOptions): Record<string, unknown> {
  return { tour: episodes.map((e) => e.id), house: episodes[0]?.house ?? null, agent: o.agent, judge: o.judge, harness: o.harness, dtw: o.dtw ?? 'exact' };
}

/** The run directory opened for this tour: a new one, or one to continue (checked as `run --resume` checks). */
function openTourDirectory(episodes: readonly InstructionEpisode[], o: LifelongTourOptions) {
  const out = resolve(o.out);
  const ws = Workspace.open({ runDir: out, houseDir: join(out, HOUSE_MOUNT) });
  const journal = new Journal(ws);
  const state = loadRunState(ws);
  const config = tourConfig(episodes, o);
  if (state && !o.resume) throw new Error(`${out} already holds a tour; pass --resume to continue it or choose another --out`);
  if (!state && journal.records().length > 0) throw new Error(`${out} has task records but no run state: choose another --out`);
  if (state && !sameConfig(state.config, config))
    throw new Error(
      `${out} was started with a different configuration; resume it with the same flags and episodes (recorded: ${JSON.stringify(state.config).slice(0, 400)})`,
    );
  const problems = [...closedTaskProblems(ws, journal), ...(state ? [...resumeFileProblems(ws, journal), ...scoreFileProblems(ws, journal)] : [])];
  if (problems.length) throw new Error(`cannot resume ${out}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const now = new Date().toISOString();
  const history = state ? { started_at: state.started_at, resumed_at: [...(state.resumed_at ?? []), now] } : { started_at: now, resumed_at: [] };
  return { out, ws, journal, state, config, history };
}
type OpenedTour = ReturnType<typeof openTourDirectory>;

/** Each closed task's VLN scores, which the tour's metrics read back. */
function scoreFileProblems(ws: Workspace, journal: Journal): string[] {
  return journal.closedTaskIds().flatMap((id) => {
    const p = tourTaskScoresPath(id);
    const text = ws.readRaw(p);
    if (text === null) return [`${p} is missing; expected the VLN scores of closed task ${id}`];
    try {
      parseJsonFile(text, p, TourTaskScoresSchema);
      return [];
    } catch (e) {
      return [(e as Error).message];
    }
  });
}

/** Runs (or continues) one tour; its instructions must all be in one house. */
export async function runLifelongTour(episodes: readonly InstructionEpisode[], o: LifelongTourOptions): Promise<LifelongTourResult> {
  if (episodes.length === 0) throw new Error('a tour has at least one instruction');
  const away = episodes.find((ep) => !sameConfig(ep.house, episodes[0].house));
  if (away) throw new Error(`episode ${away.id} is in another house than ${episodes[0].id}; a tour stays in one house`);
  const locks = lockRunDirectories(resolve(o.out), join(resolve(o.out), HOUSE_MOUNT));
  try {
    return await runOpened(openTourDirectory(episodes, o), episodes, o);
  } finally {
    releaseLocks(locks);
  }
}

/** Where the body starts and what the navigator knows: the first start, or where the last closed task left them. */
function startOf(run: OpenedTour, episodes: readonly InstructionEpisode[], next: number): { start: StartPose; memory: NavigatorMemory | undefined } {
  if (next === 1) return { start: episodes[0].start, memory: undefined };
  const last = taskId(next - 1);
  const text = run.ws.readRaw(POSE_FILE(last));
  return {
    start: text ? parseJsonFile(text, POSE_FILE(last), PoseFileSchema) : episodes[next - 2].start,
    memory: loadNavigatorMemory(run.ws, last) ?? undefined,
  };
}

async function runOpened(run: OpenedTour, episodes: readonly InstructionEpisode[], o: LifelongTourOptions): Promise<LifelongTourResult> {
  const { ws, journal, config, history } = run;
  const total = episodes.length;
  const rp = resumePoint(journal, total);
  if (rp.done && run.state?.finished) return { out: run.out, tasks: readTaskScores(run, total), rows: taskRows(journal), closedBefore: total, closedNow: 0 };
  const cfg = o.harness;
  const { start, memory } = startOf(run, episodes, rp.nextIndex);
  const world = await World.open(
    { house: episodes[0].house, poseSource: cfg.poseSource, motionPrior: motionPriorOf(cfg), mapThreads: cfg.mapThreads, trajectory: 'forward' },
    start,
    memory,
  );
  let current: InstructionEpisode = episodes[rp.nextIndex - 1] ?? episodes[0];
  let roles: Roles;
  try {
    roles = await createRoles({
      agent: o.agent,
      judge: o.judge,
      requestTimeoutMs: o.requestTimeoutMs,
      oracle: { navigator: world.navigator, goalInstanceIds: () => [], goalLabel: () => current.instruction },
      instruction: {
        perception: new GroundTruthPerception(world.scene, world.navigator),
        distanceToEnd: () => world.navmesh.geodesic(world.body.simPose.position, current.goal.position),
        successM: () => current.successRadius ?? 3,
      },
    });
  } catch (e) {
    world.dispose();
    throw e;
  }
  const orch = new Orchestrator({
    navigator: world.navigator,
    journal,
    config: cfg,
    actor: roles.actor,
    judge: roles.judge,
    wakeUp: roles.wakeUp,
    tasksInRun: total,
    terminationReason: () => world.body.terminationReason,
    onEvent: o.onEvent,
  });
  orch.setPreviousTask(rp.nextIndex > 1 ? taskId(rp.nextIndex - 1) : null);
  let closedNow = 0;
  try {
    for (let k = rp.nextIndex; k <= total; k++) {
      current = episodes[k - 1];
      saveRunState(ws, { version: 1, config, total_tasks: total, open_task: taskId(k), finished: false, ...history });
      const relocation = k > 1 ? await taskRelocation(world, ws, taskId(k), current.start) : null;
      const status = await playInstruction(run, world, orch, roles, k, current, relocation, o.dtw);
      closedNow++;
      o.onTask?.(taskId(k), status);
    }
    if (!run.state?.finished) await finishTour(run, world, roles, cfg);
    saveRunState(ws, { version: 1, config, total_tasks: total, open_task: null, finished: true, ...history });
  } finally {
    await roles.close();
    world.dispose();
  }
  return { out: run.out, tasks: readTaskScores(run, total), rows: taskRows(journal), closedBefore: rp.nextIndex - 1, closedNow };
}

/** Plays instruction `k` as task `k` and writes its files; the record is written last, as the commit point. */
async function playInstruction(
  run: OpenedTour,
  world: World,
  orch: Orchestrator,
  roles: Roles,
  k: number,
  ep: InstructionEpisode,
  relocation: Awaited<ReturnType<typeof taskRelocation>>,
  dtw?: DtwMethod,
): Promise<string> {
  const { ws, journal, out } = run;
  const id = taskId(k);
  if (journal.readRecord(id)) throw new Error(`${id} is already closed; its files are not written again`);
  const from = world.trajectory.mark;
  const outcome = await orch.runTask({ index: k, goal: instructionGoal(ep.instruction) }, relocation);
  const claim = outcome.record.claim?.claim ?? null;
  // VLN-CE scores from the task's own start; a closed task (either claim) counts as the agent's STOP
  const walked = world.trajectory.points.slice(from);
  const scores = scoreVlnEpisode(ep, walked, claim !== null, { geodesic: (a, b) => world.navmesh.geodesic(a, b) }, dtw);
  const providerError = outcome.trace.some((e) => e.kind === 'model-error');
  const success = scores.sr >= 1;
  journal.writeEvaluation({
    task_id: id,
    success,
    spl: scores.spl,
    distance_to_goal: Number.isFinite(scores.ne) ? scores.ne : null,
    shortest_path: ep.geodesicDistance,
    path_length: scores.pathLength,
    failure: providerError && !success ? 'provider-error' : null,
    ended_by: outcome.record.termination_reason ?? (claim ? `claim ${claim}` : null),
  });
  const task: TourTaskScores = { task_id: id, episode: ep.id, stopped: claim !== null, ...scores, ne: Number.isFinite(scores.ne) ? scores.ne : null };
  ws.writeOwned(ORCH, tourTaskScoresPath(id), JSON.stringify(task) + '\n');
  const usage: TaskUsage = { task_id: id, ...outcome.usage, peak_prompt_tokens: outcome.peakPromptTokens, token_source: tokenSourceOf(roles.actor) };
  ws.writeOwned(ORCH, usagePath(id), JSON.stringify(usage, null, 2) + '\n');
  ws.writeOwned(ORCH, `${EVAL_DIR}/trace-${id}.json`, JSON.stringify(outcome.trace, null, 2) + '\n');
  ws.writeOwned(ORCH, POSE_FILE(id), JSON.stringify({ position: [...world.body.simPose.position], yaw: world.body.simPose.yaw }) + '\n');
  const mem = world.navigator.memory();
  if (mem) saveNavigatorMemory(ws, id, mem);
  if (outcome.mapPng) atomicWriteFile(join(out, taskMapPath(id)), outcome.mapPng);
  journal.closeTask(outcome.record);
  markTaskClosed(ws, id);
  return outcome.record.status;
}

/** Consolidation once at the tour's end, as a run's (its usage kept apart from the tasks'). */
async function finishTour(run: OpenedTour, world: World, roles: Roles, cfg: HarnessConfig): Promise<void> {
  if (!cfg.consolidation || !policyTraits(cfg.policy).memoryFiles) return;
  const c = await consolidate(roles.consolidator, run.journal, world.navigator, cfg.consolidationTurns);
  run.ws.writeOwned(ORCH, CONSOLIDATION_USAGE, JSON.stringify(addUsage({ ...ZERO_USAGE }, c.usage)) + '\n');
}

function readTaskScores(run: OpenedTour, total: number): TourTaskScores[] {
  return Array.from({ length: total }, (_, i) => {
    const p = tourTaskScoresPath(taskId(i + 1));
    const text = run.ws.readRaw(p);
    if (text === null) throw new Error(`${p} is missing; expected the VLN scores of closed ${taskId(i + 1)}`);
    return parseJsonFile(text, p, TourTaskScoresSchema);
  });
}
