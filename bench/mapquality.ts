/**
 * Map quality against the simulator's ground truth after exploring 3 procedural houses for 300 coarse
 * actions each: with SLAM poses (when the tracker is built in) and with ground-truth poses.
 */
import { POSE_SOURCES, type PoseSourceKind } from '../src/world/pose-sources.js';
import type { World } from '../src/world/world.js';
import { mapQuality, truthGrid } from '../src/eval/map-quality.js';
import { NAVIGATOR_FRAME, planarPose } from '../src/geometry/frames.js';
import { invert, multiply, type Mat4 } from '../src/geometry/pose.js';
import { simPoseToNavigator } from '../src/geometry/sim-frame.js';
import { wrapAngle } from '../src/geometry/angle.js';
import type { BenchOptions, BenchResult } from './run.js';
import { explore } from './support/explore.js';

const HOUSES = [7, 11, 23];

/** Pose error at the end of a run (evaluation only): the estimate against the truth aligned at the first pose. */
function finalPoseError(world: World, firstCameraSim: Mat4): { pos: number; yawDeg: number } {
  const est = world.navigator.planar();
  const truth = planarPose(NAVIGATOR_FRAME, multiply(invert(simPoseToNavigator(firstCameraSim)), world.body.groundTruthPose()));
  if (!est) return { pos: NaN, yawDeg: NaN };
  const dyaw = wrapAngle(est.yaw - truth.yaw);
  return { pos: Math.hypot(est.x - truth.x, est.z - truth.z), yawDeg: (Math.abs(dyaw) * 180) / Math.PI };
}

async function qualityFor(pose: PoseSourceKind, actions: number, log: (s: string) => void) {
  const rows = [];
  for (const seed of HOUSES) {
    const { world, firstCameraSim, floorY } = await explore(seed, pose, actions);
    const truth = truthGrid(world.scene, floorY, firstCameraSim, world.navigator.map.params.cellSize);
    const q = mapQuality(world.navigator.map, 0, truth);
    const err = finalPoseError(world, firstCameraSim);
    log(
      `mapquality: house ${seed}, ${pose}: free precision ${q.free_precision.toFixed(3)}, obstacle recall ${q.obstacle_recall.toFixed(3)} (${q.free_cells} free of which ${q.free_on_blocked_cells} on blocked and ${q.free_off_floor_cells} off the floor, ${q.obstacle_cells} obstacle cells); final pose error ${err.pos.toFixed(2)} m, ${err.yawDeg.toFixed(1)}°; ${world.navigator.state.motionRejects} of ${world.navigator.state.frames} frames with implausible tracked motion`,
    );
    const st = world.navigator.state;
    rows.push({ house: seed, pose, ...q, final_pos_err_m: err.pos, final_yaw_err_deg: err.yawDeg, frames: st.frames, motion_rejects: st.motionRejects });
    world.dispose();
  }
  return rows;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const actions = opts.quick ? 60 : 300;
  const sources = POSE_SOURCES.filter((p) => p === 'ground-truth' || p === 'slam');
  const table: Record<string, string | number>[] = [];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const summary: BenchResult['summary'] = { houses: HOUSES.length, actions_per_house: actions };
  for (const pose of sources) {
    let rows;
    try {
      rows = await qualityFor(pose, actions, opts.log);
    } catch (err) {
      opts.log(`mapquality: ${pose} poses unavailable: ${(err as Error).message}`);
      continue;
    }
    table.push(
      ...rows.map((r) => ({
        house: r.house,
        pose: r.pose,
        free_precision: +r.free_precision.toFixed(4),
        obstacle_recall: +r.obstacle_recall.toFixed(4),
        free_on_blocked: r.free_on_blocked_cells,
        free_off_floor: r.free_off_floor_cells,
        final_pos_err_m: +r.final_pos_err_m.toFixed(3),
        final_yaw_err_deg: +r.final_yaw_err_deg.toFixed(2),
        motion_rejects: r.motion_rejects,
        frames: r.frames,
      })),
    );
    const prefix = pose === 'slam' ? '' : 'gt_';
    summary[`${prefix}free_precision`] = +mean(rows.map((r) => r.free_precision)).toFixed(4);
    summary[`${prefix}obstacle_recall`] = +mean(rows.map((r) => r.obstacle_recall)).toFixed(4);
  }
  return { table, summary };
}
