/**
 * One GOAT-style sequence in one house, written to a run directory: the journal (ledger, records,
 * handovers, verdicts, recovery notes), house notes, a map PNG per task, the evaluation-only files
 * (scores, usage, trajectory) and metrics.json. A task's record is its commit point, so `resume`
 * continues after the last closed task with nothing lost or duplicated.
 */
import { join, resolve } from 'node:path';
import type { Vec3 } from '../geometry/index.js';
import {
  actuationNoiseOf,
  CommandLimitsSchema,
  consolidate,
  type ExternalHops,
  motionPriorOf,
  type HarnessConfig,
  Orchestrator,
  parseCommandAgent,
  policyTraits,
} from '../harness/index.js';
import {
  atomicWriteFile,
  EVAL_DIR,
  goalViewPath,
  HOUSE_MOUNT,
  markTaskClosed,
  recordPath,
  stopViewPath,
  taskId,
  saveNavigatorMemory,
  loadRunState,
  saveRunState,
  Workspace,
} from '../memory/index.js';
import { addUsage, tokenSourceOf, ZERO_USAGE } from '../models/index.js';
import type { CameraConfig, GoatEpisode, GoatGoal, StartPose } from '../sim/index.js';
import { SUB_MOTIONS_PER_ACTION } from '../navigator/index.js';
import type { BodyFrame } from '../body/index.js';
import { noteLateRelocalisation, readRunStart, relocationCount, type RunCarry, runStartMetrics, startRelocation, taskRelocation } from './run-relocation.js';
import { runSettings } from './settings.js';
import { planGoatSequence, World, type WorldOptions } from '../world/index.js';
import { createRoles, type Roles } from './agents.js';
import { classifyFailure } from './failures.js';
import { LateJoinWatch } from './relocalisation-truth.js';
import { noteSavedGridQuality } from './saved-grid-quality.js';
import { seenObjectsPath } from './seen-before.js';
import { TaskWitness } from './task-witness.js';
import { TaskTrajectoryRecorder } from './trajectory-recorder.js';
import { TaskReplayRecorder } from './replay-recorder.js';
import type { RunTimer, SplitPart } from './time-split.js';
import { estimatedTumPath, floorMapPath, replayIndexPath, replayMapPath, replayViewsPath, taskMapPath, trueTumPath } from './replay-files.js';
import { formatTumTrajectory } from './tum-trajectory.js';
import { goalFootprints, evaluateGoal } from './goat.js';
import { memoryAtEnd } from './map-adjustment.js';
import { lockRunDirectories, POSE_FILE, releaseLocks } from './run-directory.js';
import { CONSOLIDATION_USAGE, metricsOf, providerErrorTasks, runLevelUsage, taskRows, usagePath, type RunMetrics, type TaskUsage } from './run-metrics.js';

export { type RunOptions, RunOptionsSchema, type RunProgress, type RunSummary } from './run-options.js';
import type { RunOptions, RunProgress, RunSummary } from './run-options.js';
import { checkRunOptions, type GivenEpisode, givenStarts, type OpenedRun, openRunDirectory, sequencePlan } from './run-open.js';

export { type GivenEpisode, type RunDirectoryState, runDirectoryState } from './run-open.js';

/** A preset's body for the world: its camera, and the episode's action limit in the body's sub-motions. */
function bodyOptions(body: GivenEpisode['body']): { camera?: Partial<CameraConfig>; maxSubMotions?: number } {
  return { camera: body?.camera, maxSubMotions: body?.maxActions === undefined ? undefined : body.maxActions * SUB_MOTIONS_PER_ACTION };
}

/** The body's actuation noise, seeded by the sequence (the house, the sequence seed and the episode) so that every run of it draws the same. */
function noiseOf(cfg: HarnessConfig, run: OpenedRun): WorldOptions['actuationNoise'] {
  const model = actuationNoiseOf(cfg);
  return model === 'none' ? undefined : { model, seed: `${run.o.house}#${run.o.sequence}#${String(run.config.episode ?? '')}` };
}

/** The live parts of a run: the world, the roles and the orchestrator, and the goal being played. */
interface Live {
  world: World;
  /** evaluation: the late join's error, when the start turn did not relocalise */
  joinWatch: LateJoinWatch | null;
  roles: Roles;
  orch: Orchestrator;
  current: GoatGoal | null;
  /** the time split's timers (`bench eval`), null in a plain run */
  timer: RunTimer | null;
  /** the task after which the map is adjusted as a whole before its memory is saved (the run's last, in a deployment); null: none */
  adjustAfter: number | null;
}

/** `fn` timed as `part` when the run is timed. */
function timed<T>(timer: RunTimer | null | undefined, part: SplitPart, fn: () => T): T {
  return timer ? timer.time(part, fn) : fn();
}

async function openLive(run: OpenedRun, total: number, plan: ReturnType<typeof sequencePlan>, progress: RunProgress): Promise<Live> {
  const { o, journal } = run;
  const cfg: HarnessConfig = o.harness;
  const world = await World.open(
    {
      house: run.house,
      scene: run.scene,
      navmesh: run.navmesh,
      ...bodyOptions(run.body),
      poseSource: cfg.poseSource,
      motionPrior: motionPriorOf(cfg),
      actuationNoise: noiseOf(cfg, run),
      mapThreads: cfg.mapThreads === 'auto' && progress.autoMapThreads ? progress.autoMapThreads : cfg.mapThreads,
    },
    plan.start,
    plan.memory,
    plan.poseMap,
  );
  const live = { world, current: null, joinWatch: null, timer: progress.timer ?? null, adjustAfter: null } as Live;
  const oracle = {
    navigator: world.navigator,
    goalInstanceIds: () => live.current?.instanceIds ?? [],
    goalLabel: () => (live.current ? (live.current.type === 'description' ? live.current.description : live.current.category) : 'goal'),
  };
  try {
    live.roles = await createRoles({
      agent: o.agent,
      script: o.script,
      judge: o.judge,
      oracle,
      imageGoals: o.imageGoals,
      wrapModel: progress.wrapModel,
      requestTimeoutMs: o.requestTimeoutMs,
      commandAgent: commandAgentOf(run, progress),
      modelOptions: o.modelSettings,
    });
  } catch (e) {
    world.dispose();
    throw e;
  }
  live.orch = new Orchestrator({
    navigator: world.navigator,
    journal,
    config: cfg,
    actor: live.roles.actor,
    judge: live.roles.judge,
    wakeUp: live.roles.wakeUp,
    tasksInRun: total,
    terminationReason: () => world.body.terminationReason,
    onEvent: progress.onEvent,
    modelRetry: o.modelRetry,
    hops: live.roles.hops,
  });
  return live;
}

/** A command agent's hop runner, its sessions' folders under eval/agents/ (unreadable to sessions). */
function commandAgentOf(run: OpenedRun, progress: RunProgress): (ExternalHops & { close(): Promise<void> }) | undefined {
  const c = parseCommandAgent(run.o.agent);
  if (!c.ok) return undefined;
  if (!progress.commandAgent) throw new Error('a command agent (--agent command:…) runs from navharness run, which starts its MCP endpoints');
  return progress.commandAgent({
    commandLine: c.commandLine,
    dir: join(run.out, EVAL_DIR, 'agents'),
    limits: run.o.harness.commandAgent ?? CommandLimitsSchema.parse({}),
  });
}

/** The relocation before task `k`, if any: the first task of a run from a house memory, or a task started elsewhere. */
async function relocationBefore(run: OpenedRun, live: Live, k: number, starts: StartPose[], carry: RunCarry | null): Promise<BodyFrame[] | null> {
  if (k === 1 && carry) {
    const views = await startRelocation(live.world, run.ws, carry);
    watchLateJoin(run, live, carry);
    return views;
  }
  if (k > 1 && run.o.taskStarts === 'episode') return taskRelocation(live.world, run.ws, taskId(k), starts[k - 1]);
  return null;
}

/** Evaluation: watches for the late join of a run from a house memory whose start turn did not relocalise (also after a resume). */
function watchLateJoin(run: OpenedRun, live: Live, carry: RunCarry): void {
  const start = readRunStart(run.ws),
    sim = live.world.body;
  const armed = start?.relocalised === false && !start.late_relocalisation;
  const startError = start?.relocalised ? (start.relocalisation_error_m ?? null) : null;
  live.joinWatch = new LateJoinWatch(live.world.navigator, () => sim.groundTruthPose(), carry.worldToTruth ?? null, armed, startError);
}

/** Plays task `k` and writes its files. */
async function playTask(run: OpenedRun, live: Live, k: number, goalSpec: GoatGoal, relocation: BodyFrame[] | null): Promise<string> {
  const { journal } = run;
  const { world, orch } = live;
  const trajectory = world.trajectory;
  const id = taskId(k);
  // a closed task's files are never written again (the resume checks make this unreachable)
  if (journal.readRecord(id)) throw new Error(`${id} is already closed (${recordPath(id)}); its files are not written again`);
  live.current = goalSpec;
  const from = trajectory.mark;
  const startPos: Vec3 = world.body.simPose.position;
  const goal = world.agentGoal(goalSpec);
  const witness = new TaskWitness(world.scene, goalSpec, world.navigator);
  const tum = new TaskTrajectoryRecorder(world.navigator, world.body);
  const replay = new TaskReplayRecorder(world.navigator, tum);
  const record = (f: BodyFrame, p: Vec3) => {
    live.joinWatch?.frame();
    witness.frame(f, p);
    // the last action's poses first, so that a replay step counts all of them
    tum.flush();
    replay.frame();
    tum.frame(f);
  };
  const timer = live.timer;
  trajectory.onFrame = timer ? (f, p) => timer.time('recording', () => record(f, p)) : record;
  const outcome = await orch.runTask({ index: k, goal }, relocation).finally(() => (trajectory.onFrame = null));
  return timed(live.timer, 'writing', () => writeTask(run, live, { k, goalSpec, goal, startPos, from, witness, tum, replay, outcome }));
}

/** What a played task leaves for its files. */
interface PlayedTask {
  k: number;
  goalSpec: GoatGoal;
  goal: ReturnType<World['agentGoal']>;
  startPos: Vec3;
  /** the true trajectory's mark at the task's start */
  from: number;
  witness: TaskWitness;
  tum: TaskTrajectoryRecorder;
  replay: TaskReplayRecorder;
  outcome: Awaited<ReturnType<Orchestrator['runTask']>>;
}

/** Scores a played task and writes its files; the record is written last, as the commit point. */
function writeTask(run: OpenedRun, live: Live, t: PlayedTask): string {
  const { ws, journal, out } = run;
  const { world } = live;
  const trajectory = world.trajectory;
  const { k, goalSpec, goal, startPos, from, witness, tum, replay, outcome } = t;
  const id = taskId(k);
  tum.flush();
  replay.flush();
  const final: Vec3 = world.body.simPose.position;
  // evaluation-only files first; the record is the commit point
  const claim = outcome.record.claim?.claim ?? null;
  // success only for a task the agent closed, at the position where it closed
  const scored = evaluateGoal(
    world.scene,
    world.navmesh,
    goalSpec,
    { taskId: id, start: startPos, final, walked: trajectory.lengthSince(from), closed: claim !== null },
    run.o.success,
  );
  const reason = outcome.record.termination_reason;
  const providerError = outcome.trace.some((e) => e.kind === 'model-error');
  const failure = classifyFailure(witness.evidence({ success: scored.success, claim, terminationReason: reason, providerError, body: world.body }));
  journal.writeEvaluation({ ...scored, failure, ended_by: reason ?? (claim ? `claim ${claim}` : null) });
  const usage: TaskUsage = { task_id: id, ...outcome.usage, peak_prompt_tokens: outcome.peakPromptTokens, token_source: tokenSourceOf(live.roles.actor) };
  ws.writeOwned({ kind: 'orchestrator' }, usagePath(id), JSON.stringify(usage, null, 2) + '\n');
  ws.writeOwned(
    { kind: 'orchestrator' },
    seenObjectsPath(id),
    JSON.stringify({ task_id: id, goal_instance_ids: goalSpec.instanceIds, seen: witness.objectsShown() }) + '\n',
  );
  ws.writeOwned(
    { kind: 'orchestrator' },
    `${EVAL_DIR}/trajectory-${id}.json`,
    JSON.stringify({ task_id: id, points: trajectory.points.slice(from), goal_footprints: goalFootprints(world.scene, goalSpec) }) + '\n',
  );
  ws.writeOwned({ kind: 'orchestrator' }, estimatedTumPath(id), formatTumTrajectory(tum.estimated));
  ws.writeOwned({ kind: 'orchestrator' }, trueTumPath(id), formatTumTrajectory(tum.truth));
  writeReplay(ws, id, replay);
  ws.writeOwned({ kind: 'orchestrator' }, `${EVAL_DIR}/trace-${id}.json`, JSON.stringify(outcome.trace, null, 2) + '\n');
  ws.writeOwned({ kind: 'orchestrator' }, POSE_FILE(id), JSON.stringify({ position: [...final], yaw: world.body.simPose.yaw }) + '\n');
  const mem = memoryAtEnd(world.navigator, k === live.adjustAfter, world.scene, ws);
  if (mem) saveNavigatorMemory(ws, id, mem);
  // pictures for the run report (navharness report), kept with the evaluation files
  if (goal.image) ws.writeOwned({ kind: 'orchestrator' }, goalViewPath(id), goal.image);
  outcome.stopPngs.forEach((p, i) => ws.writeOwned({ kind: 'orchestrator' }, stopViewPath(id, i + 1), p));
  if (outcome.mapPng) atomicWriteFile(join(out, taskMapPath(id)), outcome.mapPng);
  for (const f of outcome.otherFloorPngs) atomicWriteFile(join(out, floorMapPath(id, f.floor)), f.png);
  noteLateRelocalisation(world.navigator, ws, k, live.joinWatch);
  journal.closeTask(outcome.record);
  markTaskClosed(ws, id);
  return outcome.record.status;
}

/** The replay's pictures, then its index (the report reads the index and the pictures it names). */
function writeReplay(ws: Workspace, id: string, replay: TaskReplayRecorder): void {
  const p = replay.pictures();
  for (const s of p.steps) ws.writeOwned({ kind: 'orchestrator' }, replayMapPath(id, s.step), s.mapPng);
  if (p.viewsJpeg) ws.writeOwned({ kind: 'orchestrator' }, replayViewsPath(id), p.viewsJpeg);
  const steps = p.steps.map(({ mapPng: _m, ...step }) => step);
  ws.writeOwned(
    { kind: 'orchestrator' },
    replayIndexPath(id),
    JSON.stringify({ task_id: id, view_width: p.viewWidth, view_height: p.viewHeight, steps }) + '\n',
  );
}

/** Consolidation (once per run), then metrics.json: scores reach the run directory only after every session has ended. */
async function finishRun(
  run: OpenedRun,
  live: Live,
  total: number,
  progress: RunProgress,
  carry: RunCarry | null,
): Promise<{ metrics: RunMetrics; consolidationError: string | null }> {
  const { o, ws, journal, out, config, history } = run;
  const cfg = o.harness;
  let extra = { ...ZERO_USAGE };
  let consolidationError: string | null = null;
  const st = loadRunState(ws);
  if (!st?.finished) {
    if (cfg.consolidation && policyTraits(cfg.policy).memoryFiles) {
      const c = await consolidate(live.roles.consolidator, journal, live.world.navigator, cfg.consolidationTurns, progress.onEvent, o.modelRetry);
      extra = addUsage(extra, c.usage);
      consolidationError = c.error;
      ws.writeOwned({ kind: 'orchestrator' }, CONSOLIDATION_USAGE, JSON.stringify(c.usage) + '\n');
    }
    carry?.beforeFinish?.(live.world.navigator, ws);
    // evaluation: what the house memory is about to keep, against the truth
    if (carry?.beforeFinish) noteSavedGridQuality(live.world.navigator.map, live.world.scene, ws);
  } else extra = runLevelUsage(journal);
  const resumed = history.resumed_at ?? [];
  const execution = { started_at: history.started_at ?? null, resumes: resumed.length, resumed_at: resumed };
  const relocation = { ...runStartMetrics(readRunStart(ws)), ...(o.taskStarts === 'episode' ? { relocations: relocationCount(ws) } : {}) };
  const metrics = {
    ...metricsOf([taskRows(journal)], o.prices, extra, { judgeStopViews: cfg.judgeStopViews ?? 4 }),
    ...relocation,
    execution,
    settings: runSettings(o),
  };
  atomicWriteFile(join(out, 'metrics.json'), JSON.stringify(metrics, null, 2) + '\n');
  saveRunState(ws, { version: 1, config, total_tasks: total, open_task: null, finished: true, ...history });
  return { metrics, consolidationError };
}

/**
 * `given`: play this episode in this scene instead of the house's generated sequence (benchmark runs);
 * `carry`: what a deployment's house memory gives the run (maps, relocation at the start) and takes back.
 */
export async function runSequence(input: RunOptions, progress: RunProgress = {}, given?: GivenEpisode, carry: RunCarry | null = null): Promise<RunSummary> {
  const checked = checkRunOptions(input);
  // The sequence is a function of the house and seed (the world reopens at the start of the next
  // task); planned before the run directory is created, so that an unreadable scene leaves nothing.
  const plan = given
    ? { episode: given.episode, starts: givenStarts(given) }
    : await timed(progress.timer, 'open', () => planGoatSequence(checked.house, checked.o.sequence));
  // one process per run directory and house memory at a time; released when the run ends or fails
  const locks = lockRunDirectories(resolve(checked.o.out), resolve(checked.o.houseDir ?? join(checked.o.out, HOUSE_MOUNT)));
  try {
    const opened = timed(progress.timer, 'open', () => openRunDirectory(checked.o, checked.house, given));
    return await runLocked(opened, plan, progress, carry);
  } finally {
    releaseLocks(locks);
  }
}

async function runLocked(
  run: OpenedRun,
  seq: { episode: GoatEpisode; starts: StartPose[] },
  progress: RunProgress,
  carry: RunCarry | null,
): Promise<RunSummary> {
  const { ws, config, state, history } = run;
  const plan = sequencePlan(run, seq.episode, carry);
  const { goals, rp } = plan;
  const total = goals.length;
  progress.onStart?.(total, rp.nextIndex - 1);

  // the world and the roles (the view encoder's runtime, the model clients) open before the run
  // state is written: a run that cannot open them leaves no state, so the same command can be tried
  // again once the cause is fixed, without --resume
  const live = await timed(progress.timer, 'open', () => openLive(run, total, plan, progress));
  progress.timer?.instrument(live.world, live.roles, run.ws);
  live.adjustAfter = carry?.adjustAtEnd ? total : null;
  live.orch.setPreviousTask(rp.nextIndex > 1 ? taskId(rp.nextIndex - 1) : null);
  live.orch.setCarriedHandover(carry?.previousHandover ?? null);
  if (carry && rp.nextIndex > 1) watchLateJoin(run, live, carry);
  let closedNow = 0;
  try {
    saveRunState(ws, {
      version: 1,
      config,
      total_tasks: total,
      open_task: rp.done ? null : taskId(rp.nextIndex),
      finished: rp.done && (state?.finished ?? false),
      ...history,
    });
    for (let k = rp.nextIndex; k <= total; k++) {
      saveRunState(ws, { version: 1, config, total_tasks: total, open_task: taskId(k), finished: false, ...history });
      const status = await playTask(run, live, k, goals[k - 1], await relocationBefore(run, live, k, seq.starts, carry));
      closedNow++;
      progress.onTask?.(taskId(k), status);
    }
    const { metrics, consolidationError } = await timed(live.timer, 'writing', () => finishRun(run, live, total, progress, carry));
    return { out: run.out, metrics, closedBefore: rp.closed.length, closedNow, consolidationError, providerErrors: providerErrorTasks(run.journal) };
  } finally {
    await live.roles.close();
    live.world.dispose();
  }
}
