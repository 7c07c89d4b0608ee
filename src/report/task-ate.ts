/**
 * A task's tracking error from the two TUM files the run keeps per task (eval/trajectory-<task>.true.txt
 * and .estimated.txt): the ATE after an SE(3) alignment over the task (evo's `ape`), and the drift at
 * its end when the estimate is only anchored at the task's first pose, as a share of the true path.
 * Evaluation only; a task whose files are missing or hold fewer than three paired poses has none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ate, estimatedTumPath, parseTumTrajectory, trueTumPath, associateByTime, type AteResult, type TumPose } from '../eval/index.js';
import { invert, type Mat4, multiply, transformPoint, type Vec3 } from '../geometry/index.js';
import { RunReadError } from './read-run.js';

/** The run writes both files from one clock: a pair is the same sub-motion. */
const SAME_FRAME_S = 0.001;

export interface TaskAte {
  ate: AteResult;
  /** end-point error with the estimate anchored at the first paired pose, metres */
  driftM: number;
  /** length of the true path over the paired poses, metres */
  pathM: number;
  /** driftM / pathM; null when the body did not move */
  driftShare: number | null;
}

function readTum(dir: string, rel: string): TumPose[] | null {
  const abs = join(dir, rel);
  if (!existsSync(abs)) return null;
  try {
    return parseTumTrajectory(readFileSync(abs, 'utf8'), rel);
  } catch (e) {
    throw new RunReadError(rel, (e as Error).message);
  }
}

const position = (m: Mat4): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export function taskAteOf(truth: readonly TumPose[], estimated: readonly TumPose[]): TaskAte | null {
  const pairs = associateByTime(truth, estimated, SAME_FRAME_S);
  if (pairs.ref.length < 3) return null;
  const result = ate(truth, estimated, { maxDt: SAME_FRAME_S });
  // the estimate's first pose put on the truth's: what is left at the end is the drift of the task
  const anchor = multiply(pairs.ref[0].pose, invert(pairs.est[0].pose));
  const n = pairs.ref.length - 1;
  const driftM = dist(transformPoint(anchor, position(pairs.est[n].pose)), position(pairs.ref[n].pose));
  let pathM = 0;
  for (let i = 1; i <= n; i++) pathM += dist(position(pairs.ref[i].pose), position(pairs.ref[i - 1].pose));
  return { ate: result, driftM, pathM, driftShare: pathM > 0 ? driftM / pathM : null };
}

export function readTaskAte(dir: string, id: string): TaskAte | null {
  const truth = readTum(dir, trueTumPath(id));
  const estimated = readTum(dir, estimatedTumPath(id));
  if (!truth || !estimated) return null;
  return taskAteOf(truth, estimated);
}
