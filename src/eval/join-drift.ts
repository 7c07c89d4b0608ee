/**
 * How much of a join's relocalisation error (a start turn's or a late one's) is the saved map's own (evaluation only). A run that
 * relocalises lands where the saved map puts that place; the saved map was built by earlier runs whose
 * poses had drifted by then. The saved map's error at the join's place is the median offset (estimate
 * carried by its world's `world_to_truth`, minus the truth) of the earlier runs' frames within a metre of
 * it on the same floor; the join against the saved map is the difference of the run's offset and that.
 * Found on seed:30 run 2: 0.556 m from the truth, of which the saved map was 0.535 m off there (run 1
 * had drifted after its stairs) and the join 0.045 m off the saved map.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readTumTrajectory } from './tum-trajectory.js';
import { type Mat4, transformPoint, type Vec3 } from '../geometry/index.js';
import { parseJsonFile } from '../memory/index.js';
import { estimatedTumPath, trueTumPath } from './replay-files.js';
import { RUN_START_FILE, type RunStart, RunStartSchema } from './run-relocation.js';
import { median } from './stats.js';

/** earlier frames this near the join's true position are where the saved map put that place, m */
const NEAR_M = 1.0;
/** and this near in height (the same floor), m */
const SAME_FLOOR_M = 0.5;

export interface JoinDrift {
  /** the saved map's own error at the place of the join (median over the earlier frames there), m */
  saved_map_error_m: number;
  /** the join's pose against where the saved map put that place, m */
  join_vs_saved_map_m: number;
  /** earlier frames the median is over */
  frames: number;
}

interface Frame {
  est: Vec3;
  truth: Vec3;
}

function runStartOf(runDir: string): RunStart | null {
  const path = join(runDir, RUN_START_FILE);
  return existsSync(path) ? parseJsonFile(readFileSync(path, 'utf8'), path, RunStartSchema) : null;
}

function worldToTruthOf(runDir: string): Mat4 | null {
  const g = runStartOf(runDir)?.world_to_truth;
  return g ? Float64Array.from(g) : null;
}

/** Every frame of a run's tasks with both its estimated and true camera position, in task order. */
function framesOf(runDir: string): Frame[] {
  const evalDir = join(runDir, 'eval');
  if (!existsSync(evalDir)) return [];
  const ids = readdirSync(evalDir)
    .flatMap((f) => /^trajectory-(task-\d+)\.estimated\.txt$/.exec(f)?.[1] ?? [])
    .sort();
  return ids.flatMap((id) => {
    const truePath = join(runDir, trueTumPath(id));
    if (!existsSync(truePath)) return [];
    const truth = new Map(readTumTrajectory(truePath).map((p) => [p.time, p.pose]));
    return readTumTrajectory(join(runDir, estimatedTumPath(id))).flatMap((p) => {
      const t = truth.get(p.time);
      return t ? [{ est: [p.pose[3], p.pose[7], p.pose[11]] as Vec3, truth: [t[3], t[7], t[11]] as Vec3 }] : [];
    });
  });
}

const offset = (g: Mat4, f: Frame): Vec3 => {
  const p = transformPoint(g, f.est);
  return [p[0] - f.truth[0], p[1] - f.truth[1], p[2] - f.truth[2]];
};

/**
 * For the last of `runDirs` (a deployment's runs in order), when it joined the saved map (its start turn
 * relocalised, or a later frame did): the saved map's error where it joined and the join against the
 * saved map; null when it never joined, or no earlier frame was near.
 */
export function joinDrift(runDirs: readonly string[]): JoinDrift | null {
  const run = runDirs.at(-1);
  const g = run ? worldToTruthOf(run) : null;
  const start = run ? runStartOf(run) : null;
  if (!run || !g || !start) return null;
  // a start turn's join: the first frame after the turn (in place, where the join was made); a late
  // join: the joining frame, noted with the run's start
  const camera = start.relocalised === false ? start.late_relocalisation?.camera : undefined;
  const first = start.relocalised === true ? framesOf(run)[0] : camera ? { est: camera.estimated, truth: camera.truth } : undefined;
  if (!first) return null;
  const near: Vec3[] = [];
  for (const dir of runDirs.slice(0, -1)) {
    const gj = worldToTruthOf(dir);
    if (!gj) continue;
    for (const f of framesOf(dir)) {
      if (Math.hypot(f.truth[0] - first.truth[0], f.truth[2] - first.truth[2]) < NEAR_M && Math.abs(f.truth[1] - first.truth[1]) < SAME_FLOOR_M)
        near.push(offset(gj, f));
    }
  }
  if (!near.length) return null;
  const axis = (i: number) => median(near.map((o) => o[i]));
  const saved: Vec3 = [axis(0), axis(1), axis(2)];
  const own = offset(g, first);
  return {
    saved_map_error_m: Math.hypot(...saved),
    join_vs_saved_map_m: Math.hypot(own[0] - saved[0], own[1] - saved[1], own[2] - saved[2]),
    frames: near.length,
  };
}
