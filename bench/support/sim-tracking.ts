/**
 * The tracker on the simulator's frames: explores a procedural house with SLAM poses (the scripted
 * agent, no goal) and records, per frame the navigator ingests, the tracker's estimate beside the
 * body's ground-truth pose (evaluation only: the navigator never sees it).
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import type { PoseEstimate, TrackingStatus } from '../../src/perception/pose-source.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import { explore } from './explore.js';

export interface SimTrackingRun {
  seed: number;
  frames: number;
  tracked: number;
  /** ATE RMSE over the ground-truth path length ×100; each map's segment SE(3)-aligned on its own */
  driftPct: number;
  ateM: number;
  pathM: number;
  reanchors: number;
  maps: number;
  relocalisations: number;
  statuses: Record<TrackingStatus, number>;
}

const pos = (m: Mat4): Vec3 => [m[3], m[7], m[11]];

/** Pooled RMSE of each map's positions after its own SE(3) alignment onto ground truth. */
export function segmentedAte(samples: readonly { mapId: number; est: Vec3; gt: Vec3 }[]): number {
  const byMap = new Map<number, { est: Vec3[]; gt: Vec3[] }>();
  for (const s of samples) {
    const g = byMap.get(s.mapId) ?? { est: [], gt: [] };
    g.est.push(s.est);
    g.gt.push(s.gt);
    byMap.set(s.mapId, g);
  }
  let sum = 0,
    n = 0;
  for (const { est, gt } of byMap.values()) {
    // fewer than 3 points fix no rotation: anchor them at the ground truth's mean offset instead
    const T = est.length >= 3 ? alignRigid(gt, est) : null;
    for (let i = 0; i < est.length; i++) {
      const q = T ? transformPoint(T, est[i]) : gt[i];
      sum += (q[0] - gt[i][0]) ** 2 + (q[1] - gt[i][1]) ** 2 + (q[2] - gt[i][2]) ** 2;
      n++;
    }
  }
  return n ? Math.sqrt(sum / n) : Number.NaN;
}

export async function simTracking(seed: number, actions: number): Promise<SimTrackingRun> {
  const samples: { mapId: number; est: Vec3; gt: Vec3 }[] = [];
  const gtPath: Vec3[] = [];
  const statuses: Record<TrackingStatus, number> = { initialising: 0, ok: 0, recently_lost: 0, lost: 0 };
  let frames = 0;
  const { world } = await explore(
    seed,
    'slam',
    actions,
    (w) => {
      const source = w.navigator.poseSource;
      const inner = source.estimate.bind(source);
      source.estimate = (frame): PoseEstimate => {
        const e = inner(frame);
        const gt = pos(w.body.groundTruthPose());
        frames++;
        statuses[e.status]++;
        gtPath.push(gt);
        if (e.status === 'ok' && e.pose) samples.push({ mapId: e.mapId, est: pos(e.pose), gt });
        return e;
      };
      // the motion prior off (the papers' setting): the tracker gets frames only (the navigator still checks its motion)
    },
    'none',
  );
  let pathM = 0;
  for (let i = 1; i < gtPath.length; i++)
    pathM += Math.hypot(gtPath[i][0] - gtPath[i - 1][0], gtPath[i][1] - gtPath[i - 1][1], gtPath[i][2] - gtPath[i - 1][2]);
  const ateM = segmentedAte(samples);
  const source = world.navigator.poseSource;
  const counts = source instanceof SlamPoseSource ? source.tracker.counts() : null;
  const run: SimTrackingRun = {
    seed,
    frames,
    tracked: frames ? statuses.ok / frames : 0,
    driftPct: pathM > 0 ? (ateM / pathM) * 100 : Number.NaN,
    ateM,
    pathM,
    reanchors: world.navigator.state.reanchors,
    maps: counts?.maps ?? 0,
    relocalisations: counts?.relocalisations ?? 0,
    statuses,
  };
  world.dispose();
  return run;
}
