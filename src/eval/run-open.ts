/**
 * Opening a run directory for `runSequence`: the options checked in full, the directory's state
 * (absent, unfinished, finished) against the recorded configuration, the files a resume reads back,
 * and the sequence's plan from where the last closed task left the body.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { Vec3 } from '../geometry/index.js';
import {
  DEFAULT_SUCCESS,
  Journal,
  RUN_STATE_FILE,
  RunStateSchema,
  HOUSE_MOUNT,
  parseJsonFile,
  taskId,
  loadNavigatorMemory,
  loadRunState,
  resumePoint,
  type RunState,
  Workspace,
} from '../memory/index.js';
import type { CameraConfig, GoatEpisode, GoatGoal, Scene, SceneNavMesh, StartPose } from '../sim/index.js';
import type { NavigatorMemory, SavedPoseMap } from '../navigator/index.js';
import type { RunCarry } from './run-relocation.js';
import { IMAGE_GOAL_SOURCES, TASK_STARTS } from './run-choices.js';
import { HouseSpecSchema, type HouseRef, taskStart } from '../world/index.js';
import { runStartProblems } from './run-start.js';
import { closedTaskProblems, POSE_FILE, PoseFileSchema, resumeFileProblems } from './run-directory.js';
import { type RunOptions, RunOptionsSchema } from './run-options.js';

/** What the run was started with; a resumed run must match it. */
function runConfig(o: z.output<typeof RunOptionsSchema>): Record<string, unknown> {
  // imageGoals and success only when not the default, so that runs recorded before they existed still resume
  const extra = {
    ...(o.imageGoals !== IMAGE_GOAL_SOURCES[0] ? { imageGoals: o.imageGoals } : {}),
    ...(o.success !== DEFAULT_SUCCESS ? { success: o.success } : {}),
    ...(o.taskStarts !== TASK_STARTS[0] ? { taskStarts: o.taskStarts } : {}),
    ...(o.modelSettings ? { modelSettings: o.modelSettings } : {}),
  };
  return {
    house: o.house,
    sequence: o.sequence,
    agent: o.agent,
    judge: o.judge,
    script: o.script ?? null,
    maxGoals: o.maxGoals ?? null,
    harness: o.harness,
    ...extra,
  };
}

type Parsed = z.output<typeof RunOptionsSchema>;

const sameConfig = (a: unknown, b: unknown): boolean => isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

/** What a run directory holds: nothing, a run to continue, or a finished run. */
export type RunDirectoryState = 'absent' | 'unfinished' | 'finished';

/**
 * What `out` holds for a run with these options, read without writing anything (an eval decides
 * from it what to read back and what to run). A run started with other options is refused, naming
 * what was recorded; a folder with files but no run state counts as unfinished (its run refuses it).
 */
export function runDirectoryState(input: RunOptions): RunDirectoryState {
  const o = RunOptionsSchema.parse(input);
  const out = resolve(o.out);
  const file = join(out, RUN_STATE_FILE);
  if (!existsSync(file)) return existsSync(out) && readdirSync(out).length > 0 ? 'unfinished' : 'absent';
  const state = parseJsonFile(readFileSync(file, 'utf8'), file, RunStateSchema);
  if (!sameConfig(state.config, runConfig(o)))
    throw new Error(`${out} was started with a different configuration; resume it with the same flags (recorded: ${JSON.stringify(state.config)})`);
  return state.finished ? 'finished' : 'unfinished';
}

/** An opened run directory whose state agrees with the options (or holds no run yet). */
export interface OpenedRun {
  o: Parsed;
  house: HouseRef;
  out: string;
  ws: Workspace;
  journal: Journal;
  state: RunState | null;
  config: Record<string, unknown>;
  /** when this run directory's execution started and when each resume did (kept in the run state) */
  history: Pick<RunState, 'started_at' | 'resumed_at'>;
  /** the house's scene when the caller opened it (a benchmark episode's scene) */
  scene?: Scene;
  /** the caller's navmesh of that scene (lent to the world, not destroyed with it) */
  navmesh?: SceneNavMesh;
  body?: GivenEpisode['body'];
}

/**
 * A sequence given by the caller instead of generated from the house and seed: a benchmark episode
 * (converted to the project's schema) with its already opened scene.
 */
export interface GivenEpisode {
  episode: GoatEpisode;
  scene: Scene;
  /** the benchmark's navmesh of the scene, owned by the caller (the episodes of one scene share it) */
  navmesh?: SceneNavMesh;
  /** a benchmark preset's body: its camera and the episode's action limit (coarse actions) */
  body?: { camera?: Partial<CameraConfig>; maxActions?: number };
}

/** The options, checked in full before anything is created: a refused start leaves nothing behind. */
export function checkRunOptions(input: RunOptions): { o: Parsed; house: HouseRef } {
  const parsed = RunOptionsSchema.safeParse(input);
  if (!parsed.success) throw new Error(`bad run options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const o = parsed.data;
  const problems = runStartProblems(o);
  if (problems.length) throw new Error(problems.join('\n'));
  const houseRef = HouseSpecSchema.safeParse(o.house);
  if (!houseRef.success) throw new Error(`--house: ${houseRef.error.issues[0]?.message}`);
  return { o, house: houseRef.data };
}

/** The run directory, opened under its lock; on resume, every file read back is checked first. */
export function openRunDirectory(o: Parsed, house: HouseRef, given?: GivenEpisode): OpenedRun {
  const out = resolve(o.out);
  const ws = Workspace.open({ runDir: out, houseDir: o.houseDir ?? join(out, HOUSE_MOUNT) });
  const journal = new Journal(ws);
  const state = loadRunState(ws);
  const config = { ...runConfig(o), ...(given ? { episode: given.episode.id } : {}) };
  if (state && !o.resume) throw new Error(`${out} already holds a run; pass --resume to continue it or choose another --out`);
  // records without a run state: not written by 'navharness run', or its state was deleted; a new
  // run here would mix two executions' results
  if (!state && journal.records().length > 0)
    throw new Error(
      `${out} has task records but no run state (${RUN_STATE_FILE}); it was not written by 'navharness run' or its state was deleted: choose another --out`,
    );
  if (state && !sameConfig(state.config, config)) {
    throw new Error(`${out} was started with a different configuration; resume it with the same flags (recorded: ${JSON.stringify(state.config)})`);
  }
  const problems = [...closedTaskProblems(ws, journal), ...(state ? resumeFileProblems(ws, journal) : [])];
  if (problems.length) throw new Error(`cannot resume ${out}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const now = new Date().toISOString();
  const history = state ? { started_at: state.started_at, resumed_at: [...(state.resumed_at ?? []), now] } : { started_at: now, resumed_at: [] };
  return { o, house, out, ws, journal, state, config, history, scene: given?.scene, navmesh: given?.navmesh, body: given?.body };
}

/** The sequence's goals and where the next task starts: the episode start, or where the last closed task left the body. */
export function sequencePlan(run: OpenedRun, episode: GoatEpisode, carry: RunCarry | null) {
  const { o, ws, journal } = run;
  const goals: GoatGoal[] = episode.goals.slice(0, o.maxGoals ?? episode.goals.length);
  const rp = resumePoint(journal, goals.length);
  let start: StartPose = episode.start;
  // a run with no closed task starts from the house memory's maps, relocalising in them
  let memory: NavigatorMemory | undefined = rp.nextIndex === 1 ? carry?.maps?.memory : undefined;
  const poseMap: SavedPoseMap | undefined = rp.nextIndex === 1 ? carry?.maps?.poseMap : undefined;
  if (rp.nextIndex > 1) {
    const last = taskId(rp.nextIndex - 1);
    const text = ws.readRaw(POSE_FILE(last));
    if (text) start = parseJsonFile(text, POSE_FILE(last), PoseFileSchema);
    // the body restarts where the last closed task left it, and the navigator with what it knew then
    memory = loadNavigatorMemory(ws, last) ?? undefined;
  }
  return { goals, rp, start, memory, poseMap };
}

/** Where each goal of a given episode starts when it starts where the previous one ended (`--task-starts episode`). */
export function givenStarts(given: GivenEpisode): StartPose[] {
  const nav = given.navmesh;
  const distance = nav ? (a: Vec3, b: Vec3) => nav.geodesic(a, b) : (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  return given.episode.goals.map((_, k) => taskStart(given.episode, k, distance));
}
