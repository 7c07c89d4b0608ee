/**
 * Relocation in a run (paper 001 §3.3, seed 000 A.5): the environment has moved the body, the harness keeps
 * the spatial state and files, turns the body once in place (the tracker seeks relocalisation) and
 * attaches the four surrounding views to the next task's opening. Two cases: a run that starts from a
 * house memory (the body stands at a new sequence's start, the tracker relocalises in the saved map),
 * and, with `--task-starts episode`, a task whose nominal start is not where the previous task ended.
 * What happened is kept with the evaluation files, so a resumed run reports it too.
 */
import { readdirSync } from 'node:fs';
import { z } from 'zod';
import type { BodyFrame } from '../body/index.js';
import { relocationViews } from '../harness/index.js';
import { EVAL_DIR, parseJsonFile, type Workspace } from '../memory/index.js';
import type { Mat4 } from '../geometry/index.js';
import type { Navigator, NavigatorMemory, SavedPoseMap } from '../navigator/index.js';
import type { StartPose } from '../sim/index.js';
import type { World } from '../world/index.js';
import { type LateJoinMeasure, poseErrorM, worldToTruth } from './relocalisation-truth.js';

export const RUN_START_FILE = `${EVAL_DIR}/run-start.json`;
const Vec3Schema = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
export const LateRelocalisationSchema = z.strictObject({
  task: z.number().int().positive(),
  frame: z.number().int().positive(),
  /** evaluation only: the joining frame's camera position, estimated (in the saved world) and true; absent in older files */
  camera: z.strictObject({ estimated: Vec3Schema, truth: Vec3Schema }).optional(),
});
export const RunStartSchema = z.strictObject({
  /** known cells of the grids the navigator started the run with (a house memory's saved grids) */
  known_cells_at_start: z.number().int().nonnegative(),
  /** whether the turn before the first task relocalised the body in the saved map; null: no map was loaded */
  relocalised: z.boolean().nullable(),
  /**
   * when the start turn did not relocalise: the task during which a later frame did (the saved grids
   * and places came back then, with the run's own cells carried into them) and the navigator's frame
   * number at that moment (frames since the run started); null or absent: it never did
   */
  late_relocalisation: LateRelocalisationSchema.nullable().optional(),
  /**
   * evaluation only: metres between the camera pose the relocalisation (at the start or late) gave and
   * the truth, through the saved world's `world_to_truth`; null: not relocalised, or not measurable
   */
  relocalisation_error_m: z.number().nonnegative().nullable().optional(),
  /**
   * evaluation only: the rigid map (row-major 4×4) from the world this run's maps are in to the truth
   * (relocalisation-truth.ts); the next run's join is measured with it. Null when no pose was known.
   */
  world_to_truth: z.array(z.number().finite()).length(16).nullable().optional(),
  /**
   * joins the navigator refuted as look-alike places (join-watch.ts), in order: the task after which
   * each was noted and, evaluation only, its error against the truth (null: not measured). A refuted
   * start turn leaves `relocalised` false; absent: none (or an older file)
   */
  refused_joins: z.array(z.strictObject({ task: z.number().int().positive(), error_m: z.number().nonnegative().nullable() })).optional(),
});
export type RunStart = z.infer<typeof RunStartSchema>;

/** A body farther than this from a task's start (horizontally, metres) is moved there. */
export const RELOCATE_BEYOND_M = 0.5;
const relocationPath = (taskId: string): string => `${EVAL_DIR}/relocation-${taskId}.json`;

/** What a run takes from a house memory and gives back to it. */
export interface RunCarry {
  /** the saved spatial state, adopted when the run has no closed task yet (null: start with an empty map) */
  maps: { memory: NavigatorMemory; poseMap: SavedPoseMap } | null;
  /** the body was moved since the memory was written: relocate before the first task */
  relocateAtStart: boolean;
  /** the previous run's last handover (`house/archive/…`), read by the first task as the previous task's */
  previousHandover?: string | null;
  /** evaluation only: the saved maps' world → truth (the run that made that world noted it); null: unknown */
  worldToTruth?: Mat4 | null;
  /** after consolidation and before the run is marked finished (the house memory's maps are taken here) */
  beforeFinish?(navigator: Navigator, ws: Workspace): void;
  /** the pose source's map adjusted as a whole after the last task, before its memory is saved (Navigator.memory(true)) */
  adjustAtEnd?: boolean;
}

const ORCHESTRATOR = { kind: 'orchestrator' } as const;

/**
 * Before the first task of a run that starts from a house memory: notes the known cells, relocates
 * (four views), and, when the body was not relocalised in the saved map, drops the saved grids and
 * places, whose frame the navigator no longer shares.
 */
export async function startRelocation(world: World, ws: Workspace, carry: RunCarry): Promise<BodyFrame[] | null> {
  const nav = world.navigator;
  // what the memory gave, counted on the saved grids: the navigator's first frame is already mapped
  const known = carry.maps ? knownCellsOf(carry.maps.memory) : 0;
  let views: BodyFrame[] | null = null;
  let relocalised: boolean | null = null;
  if (carry.relocateAtStart) {
    views = await relocationViews(nav);
    if (carry.maps) {
      relocalised = nav.relocalised;
      if (!relocalised) nav.abandonSavedMap();
    }
  }
  // evaluation: a relocalised run is in the saved world; any other maps a world that starts here
  const est = nav.poseMatrix(),
    truth = world.body.groundTruthPose();
  const saved = carry.worldToTruth ?? null;
  const error = relocalised && est && saved ? poseErrorM(saved, est, truth) : null;
  const g = relocalised ? saved : est ? worldToTruth(est, truth) : null;
  const start: RunStart = {
    known_cells_at_start: known,
    relocalised,
    ...(relocalised ? { relocalisation_error_m: error } : {}),
    world_to_truth: g ? Array.from(g) : null,
  };
  ws.writeOwned(ORCHESTRATOR, RUN_START_FILE, JSON.stringify(start) + '\n');
  return views;
}

/**
 * After task `task`: when the body was not relocalised by the start turn but a later frame found it in
 * the saved map, notes when (once, in the run's start file), the join's error against the truth
 * (`errorM`, evaluation's LateJoinWatch) and, since the run's maps are in the saved world from then on,
 * that world's `world_to_truth`.
 */
export function noteLateRelocalisation(nav: Navigator, ws: Workspace, task: number, join: LateJoinMeasure | null = null): void {
  let start = readRunStart(ws);
  if (!start) return;
  const at = nav.lateRelocalisedAt;
  const refused = join?.refused ?? [];
  const noted = start.refused_joins ?? [];
  if (refused.length > noted.length) {
    // a refuted join: the run is not relocalised by it, and a late join noted before is void
    const more = refused.slice(noted.length).map((r) => ({ task, error_m: r.errorM }));
    const own = join?.ownWorldToTruth ?? null;
    start = {
      ...start,
      relocalised: join?.startRefused ? false : start.relocalised,
      late_relocalisation: null,
      relocalisation_error_m: null,
      world_to_truth: own ? Array.from(own) : null,
      refused_joins: [...noted, ...more],
    };
    ws.writeOwned(ORCHESTRATOR, RUN_START_FILE, JSON.stringify(start) + '\n');
  }
  if (at === null || start.relocalised !== false || start.late_relocalisation) return;
  const savedWorldToTruth = join?.savedWorldToTruth ?? null;
  const camera = join?.camera ?? null;
  const next: RunStart = {
    ...start,
    late_relocalisation: { task, frame: at, ...(camera ? { camera } : {}) },
    relocalisation_error_m: join?.errorM ?? null,
    world_to_truth: savedWorldToTruth ? Array.from(savedWorldToTruth) : null,
  };
  ws.writeOwned(ORCHESTRATOR, RUN_START_FILE, JSON.stringify(next) + '\n');
}

type RunStartMetrics = Partial<Omit<RunStart, 'world_to_truth' | 'late_relocalisation'>> & { late_relocalisation?: { task: number; frame: number } | null };

/**
 * The run start's fields a run's metrics.json carries: its evaluation geometry (`world_to_truth`, the
 * joining frame's camera) stays in run-start.json.
 */
export function runStartMetrics(start: RunStart | null): RunStartMetrics {
  if (!start) return {};
  const { world_to_truth: _g, late_relocalisation: late, ...rest } = start;
  return late === undefined ? rest : { ...rest, late_relocalisation: late && { task: late.task, frame: late.frame } };
}

/** Known (free or obstacle) cells of a saved memory's grids, over every floor layer. */
export function knownCellsOf(m: NavigatorMemory): number {
  return m.layers.reduce((n, l) => n + l.grid.cells.reduce((k, c) => k + (c !== 0 ? 1 : 0), 0), 0);
}

export function readRunStart(ws: Workspace): RunStart | null {
  const text = ws.readRaw(RUN_START_FILE);
  return text === null ? null : parseJsonFile(text, RUN_START_FILE, RunStartSchema);
}

/**
 * `--task-starts episode`: task `taskId` starts at its nominal start; a body standing elsewhere is
 * moved there and relocated. Returns the four views, or null when the body was already there.
 */
export async function taskRelocation(world: World, ws: Workspace, taskId: string, start: StartPose): Promise<BodyFrame[] | null> {
  const at = world.body.simPose.position;
  const off = Math.hypot(at[0] - start.position[0], at[2] - start.position[2]);
  if (off < RELOCATE_BEYOND_M && Math.abs(at[1] - start.position[1]) < 1) return null;
  world.trajectory.teleport(start);
  const views = await relocationViews(world.navigator);
  ws.writeOwned(ORCHESTRATOR, relocationPath(taskId), JSON.stringify({ task_id: taskId, moved_m: off, status_after: world.navigator.status }) + '\n');
  return views;
}

/** Relocations inside the run so far (files written by `taskRelocation`). */
export function relocationCount(ws: Workspace): number {
  const r = ws.resolve(EVAL_DIR);
  if (!r.ok) return 0;
  try {
    return readdirSync(r.path.abs).filter((f) => /^relocation-task-\d+\.json$/.test(f)).length;
  } catch {
    return 0;
  }
}
