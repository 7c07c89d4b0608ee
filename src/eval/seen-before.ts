/**
 * Which goals an earlier run of a deployment saw (evaluation only): each task notes the instances its
 * views showed clearly (the witness's rule for "seen") beside the goal's instances; a goal of run k
 * was seen before when a run before k showed one of its instances. A house memory should bring the
 * robot to such a goal by a near-shortest route, so the deployment's SPL is split by it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EVAL_DIR, evaluationPath, EvaluationRecordSchema, parseJsonFile } from '../memory/index.js';

export const seenObjectsPath = (taskId: string): string => `${EVAL_DIR}/seen-objects-${taskId}.json`;
const SEEN_FILE_RE = /^seen-objects-(task-\d{3,6})\.json$/;

export const SeenObjectsSchema = z.strictObject({
  task_id: z.string().regex(/^task-\d{3,6}$/),
  goal_instance_ids: z.array(z.number().int().nonnegative()),
  /** instances the task's views showed clearly */
  seen: z.array(z.number().int().nonnegative()),
});
export type SeenObjects = z.infer<typeof SeenObjectsSchema>;

/** s-SR and SPL over a set of tasks (null means when there is none). */
export const SplitMeansSchema = z.strictObject({ tasks: z.number().int().nonnegative(), s_SR: z.number().nullable(), SPL: z.number().nullable() });
export type SplitMeans = z.infer<typeof SplitMeansSchema>;
export const SeenSplitSchema = z.strictObject({ seen_before: SplitMeansSchema, not_seen_before: SplitMeansSchema });
export type SeenSplit = z.infer<typeof SeenSplitSchema>;

/** A closed task of a run: what it saw, and how it scored. */
interface TaskSeen {
  seen: SeenObjects;
  success: boolean;
  spl: number;
}

/** The tasks of run directory `runDir` that noted what they saw (older runs note nothing). */
function tasksOf(runDir: string): TaskSeen[] {
  const dir = join(runDir, EVAL_DIR);
  if (!existsSync(dir)) return [];
  const out: TaskSeen[] = [];
  for (const f of readdirSync(dir).sort()) {
    const m = SEEN_FILE_RE.exec(f);
    const evalFile = m ? join(runDir, evaluationPath(m[1])) : null;
    if (!m || !evalFile || !existsSync(evalFile)) continue;
    const seen = parseJsonFile(readFileSync(join(dir, f), 'utf8'), join(dir, f), SeenObjectsSchema);
    const ev = parseJsonFile(readFileSync(evalFile, 'utf8'), evalFile, EvaluationRecordSchema);
    out.push({ seen, success: ev.success, spl: ev.spl });
  }
  return out;
}

export function splitMeans(tasks: readonly { success: boolean; spl: number }[]): SplitMeans {
  const n = tasks.length;
  return { tasks: n, s_SR: n ? tasks.filter((t) => t.success).length / n : null, SPL: n ? tasks.reduce((s, t) => s + t.spl, 0) / n : null };
}

/**
 * Per run (in order), its tasks split by whether a run before it saw the goal; null for a run whose
 * tasks noted nothing.
 */
export function seenBeforeSplits(runDirs: readonly string[]): (SeenSplit | null)[] {
  const earlier = new Set<number>();
  return runDirs.map((dir) => {
    const tasks = tasksOf(dir);
    const before = tasks.filter((t) => t.seen.goal_instance_ids.some((id) => earlier.has(id)));
    const rest = tasks.filter((t) => !before.includes(t));
    for (const t of tasks) for (const id of t.seen.seen) earlier.add(id);
    return tasks.length ? { seen_before: splitMeans(before), not_seen_before: splitMeans(rest) } : null;
  });
}

/** Pools run splits task-weighted (null when none of them had any). */
export function poolSplits(splits: readonly (SeenSplit | null)[]): SeenSplit | null {
  const some = splits.filter((s): s is SeenSplit => s !== null);
  if (!some.length) return null;
  const pool = (k: keyof SeenSplit): SplitMeans => {
    const tasks = some.reduce((n, s) => n + s[k].tasks, 0);
    const w = (f: (m: SplitMeans) => number | null) => (tasks ? some.reduce((a, s) => a + (f(s[k]) ?? 0) * s[k].tasks, 0) / tasks : null);
    return { tasks, s_SR: w((m) => m.s_SR), SPL: w((m) => m.SPL) };
  };
  return { seen_before: pool('seen_before'), not_seen_before: pool('not_seen_before') };
}
