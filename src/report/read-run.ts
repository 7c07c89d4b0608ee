/**
 * Reads a run directory written by `navharness run` into plain data for the report. Every file is
 * validated with zod; a missing required file or a malformed one raises a `RunReadError` naming the
 * file and what was expected, never a bare stack trace.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { FLOOR_MAP_RE, RunMetricsSchema, taskMapPath, TaskUsageSchema, usagePath, type RunMetrics, type TaskUsage } from '../eval/index.js';
import {
  evaluationPath,
  goalViewPath,
  handoverPath,
  HOUSE_MOUNT,
  HOUSE_NOTE_FILES,
  LEDGER_FILE,
  recordPath,
  RUN_STATE_FILE,
  stopViewPath,
  TASKS_DIR,
  trajectoryPath,
  verdictPath,
  EvaluationRecordSchema,
  formatZodError,
  StoredVerdictSchema,
  TaskRecordSchema,
  type EvaluationRecord,
  type StoredVerdict,
  type TaskRecord,
} from '../memory/index.js';

export class RunReadError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'RunReadError';
  }
}

const Vec3Schema = z.tuple([z.number(), z.number(), z.number()]);
const FootprintSchema = z.object({ x0: z.number(), z0: z.number(), x1: z.number(), z1: z.number(), floor: z.number().int() });

/** eval/trajectory-<task>.json: the body's true path (simulator frame) and the goal's footprints. */
export const TrajectoryFileSchema = z.object({
  task_id: z.string(),
  points: z.array(Vec3Schema),
  goal_footprints: z.array(FootprintSchema),
});
export type TrajectoryFile = z.infer<typeof TrajectoryFileSchema>;

/** The parts of the run state the report shows (the harness owns the full shape). */
const RunStateSchema = z.object({
  total_tasks: z.number().int().nonnegative(),
  finished: z.boolean(),
  config: z
    .object({
      house: z.string(),
      sequence: z.number(),
      agent: z.string(),
      judge: z.string(),
      harness: z.object({ policy: z.string(), poseSource: z.string(), stepBudget: z.number(), turnBudget: z.number() }).loose(),
    })
    .loose(),
});
export type RunStateSummary = z.infer<typeof RunStateSchema>;

/** A picture of the run, as an absolute path (the report embeds it). */
export type ImagePath = string;

export interface TaskData {
  id: string;
  record: TaskRecord;
  prestop: StoredVerdict | null;
  final: StoredVerdict | null;
  handover: string | null;
  /** evaluation-only files: present in runs written by `navharness run` */
  evaluation: EvaluationRecord | null;
  usage: TaskUsage | null;
  trajectory: TrajectoryFile | null;
  map: ImagePath | null;
  /** the map's other floors at closure, by floor index */
  floorMaps: { floor: number; map: ImagePath }[];
  goalImage: ImagePath | null;
  stopViews: ImagePath[];
}

export interface RunData {
  dir: string;
  ledger: string;
  tasks: TaskData[];
  metrics: RunMetrics | null;
  state: RunStateSummary | null;
  houseNotes: { file: string; text: string }[];
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

function readText(dir: string, rel: string, required: true): string;
function readText(dir: string, rel: string, required: false): string | null;
function readText(dir: string, rel: string, required: boolean): string | null {
  const abs = join(dir, rel);
  if (!existsSync(abs)) {
    if (required) throw new RunReadError(rel, `missing (expected in a run directory written by 'navharness run')`);
    return null;
  }
  if (!statSync(abs).isFile()) throw new RunReadError(rel, 'expected a file, found a directory');
  return readFileSync(abs, 'utf8');
}

function readJson<T extends z.ZodType>(dir: string, rel: string, schema: T, required: true): z.infer<T>;
function readJson<T extends z.ZodType>(dir: string, rel: string, schema: T, required: false): z.infer<T> | null;
function readJson<T extends z.ZodType>(dir: string, rel: string, schema: T, required: boolean): z.infer<T> | null {
  const text = required ? readText(dir, rel, true) : readText(dir, rel, false);
  if (text === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new RunReadError(rel, `not valid JSON (${(e as Error).message})`);
  }
  const r = schema.safeParse(raw);
  if (!r.success) throw new RunReadError(rel, `unexpected content: ${formatZodError(r.error)}`);
  return r.data;
}

function readPng(dir: string, rel: string): ImagePath | null {
  const abs = join(dir, rel);
  if (!existsSync(abs)) return null;
  const head = readFileSync(abs).subarray(0, 4);
  if (!PNG_MAGIC.every((b, i) => head[i] === b)) throw new RunReadError(rel, 'not a PNG image');
  return abs;
}

function stopViewsOf(dir: string, id: string): ImagePath[] {
  const out: ImagePath[] = [];
  for (let n = 1; ; n++) {
    const p = readPng(dir, stopViewPath(id, n));
    if (!p) return out;
    out.push(p);
  }
}

function floorMapsOf(dir: string, id: string): { floor: number; map: ImagePath }[] {
  const maps = join(dir, 'maps');
  if (!existsSync(maps)) return [];
  return readdirSync(maps)
    .map((n) => ({ n, m: FLOOR_MAP_RE.exec(n) }))
    .filter((x): x is { n: string; m: RegExpExecArray } => x.m !== null && x.m[1] === id)
    .map(({ n, m }) => ({ floor: Number(m[2]), map: readPng(dir, `maps/${n}`)! }))
    .sort((a, b) => a.floor - b.floor);
}

function readTask(dir: string, id: string): TaskData {
  const record = readJson(dir, recordPath(id), TaskRecordSchema, true);
  if (record.task_id !== id) throw new RunReadError(recordPath(id), `task_id is '${record.task_id}' but the folder is '${id}'`);
  const traj = readJson(dir, trajectoryPath(id), TrajectoryFileSchema, false);
  return {
    id,
    record,
    prestop: readJson(dir, verdictPath(id, 'prestop'), StoredVerdictSchema, false),
    final: readJson(dir, verdictPath(id, 'final'), StoredVerdictSchema, false),
    handover: record.handover === null ? null : readText(dir, handoverPath(id), false),
    evaluation: readJson(dir, evaluationPath(id), EvaluationRecordSchema, false),
    usage: readJson(dir, usagePath(id), TaskUsageSchema, false),
    trajectory: traj,
    map: readPng(dir, taskMapPath(id)),
    floorMaps: floorMapsOf(dir, id),
    goalImage: readPng(dir, goalViewPath(id)),
    stopViews: stopViewsOf(dir, id),
  };
}

const TASK_DIR_RE = /^task-\d{3,6}$/;

export function readRun(dir: string): RunData {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RunReadError(dir, 'not a directory (pass the --out folder of navharness run)');
  const ledger = readText(dir, LEDGER_FILE, true);
  const tasksDir = join(dir, TASKS_DIR);
  if (!existsSync(tasksDir)) throw new RunReadError(TASKS_DIR, 'missing: the run closed no task');
  // only closed tasks (those with a record) are shown; an open task has no record yet
  const ids = readdirSync(tasksDir)
    .filter((n) => TASK_DIR_RE.test(n) && existsSync(join(tasksDir, n, 'record.json')))
    .sort((a, b) => Number(a.slice(5)) - Number(b.slice(5)));
  if (ids.length === 0) throw new RunReadError(TASKS_DIR, 'no task record (tasks/task-NNN/record.json) found: the run closed no task');
  const tasks = ids.map((id) => readTask(dir, id));
  const houseNotes = HOUSE_NOTE_FILES.map((f) => ({ file: `${HOUSE_MOUNT}/${f}`, text: readText(dir, `${HOUSE_MOUNT}/${f}`, false) })).filter(
    (n): n is { file: string; text: string } => n.text !== null && n.text.trim().length > 0,
  );
  return {
    dir,
    ledger,
    tasks,
    metrics: readJson(dir, 'metrics.json', RunMetricsSchema, false),
    state: readJson(dir, RUN_STATE_FILE, RunStateSchema, false),
    houseNotes,
  };
}

/** A path relative to the run directory, for captions. */
