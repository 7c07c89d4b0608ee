/**
 * A task's replay as the run left it (eval/replay/<task>.json, its pictures, and the two TUM
 * trajectories): absent in runs written before replays existed; a malformed file raises a
 * `RunReadError` naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  estimatedTumPath,
  parseTumTrajectory,
  ReplayIndexSchema,
  replayIndexPath,
  replayMapPath,
  replayViewsPath,
  trueTumPath,
  type ReplayStep,
  type TumPose,
} from '../eval/index.js';
import { RunReadError } from './read-run.js';

export interface ReplayData {
  steps: ReplayStep[];
  /** absolute path of the stacked views (one per step, top to bottom) and the size of one view */
  views: string;
  viewWidth: number;
  viewHeight: number;
  /** absolute paths, one per step */
  maps: string[];
  truth: TumPose[];
  estimated: TumPose[];
}

function text(dir: string, rel: string): string {
  const abs = join(dir, rel);
  if (!existsSync(abs)) throw new RunReadError(rel, 'missing (the replay index names it)');
  return readFileSync(abs, 'utf8');
}

function picture(dir: string, rel: string): string {
  if (!existsSync(join(dir, rel))) throw new RunReadError(rel, 'missing (the replay index names it)');
  return join(dir, rel);
}

export function readReplay(dir: string, id: string): ReplayData | null {
  const rel = replayIndexPath(id);
  if (!existsSync(join(dir, rel))) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text(dir, rel));
  } catch (e) {
    throw new RunReadError(rel, `not valid JSON (${(e as Error).message})`);
  }
  const r = ReplayIndexSchema.safeParse(raw);
  if (!r.success) throw new RunReadError(rel, `unexpected content: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const trajectory = (p: string): TumPose[] => {
    try {
      return parseTumTrajectory(text(dir, p), p);
    } catch (e) {
      if (e instanceof RunReadError) throw e;
      throw new RunReadError(p, (e as Error).message);
    }
  };
  const steps = r.data.steps;
  if (steps.length === 0) return null;
  return {
    steps,
    views: picture(dir, replayViewsPath(id)),
    viewWidth: r.data.view_width,
    viewHeight: r.data.view_height,
    maps: steps.map((s) => picture(dir, replayMapPath(id, s.step))),
    truth: trajectory(trueTumPath(id)),
    estimated: trajectory(estimatedTumPath(id)),
  };
}
