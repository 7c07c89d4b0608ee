/**
 * The tracker on the simulator's frames: the scripted agent explores a procedural house (no goal)
 * steering by the body's ground-truth pose, so the lap — every action and frame — is the same whatever
 * the tracker does; a tracker of the navigator's settings is fed each frame the navigator ingests,
 * frames only (the motion prior off, the papers' setting), and its estimate is recorded beside the
 * ground truth (evaluation only). Before, the agent steered by the tracked pose, and a change of the
 * tracker or of the navigator's motion check changed the lap itself (issue 35: 0.276 → 1.097 % from a
 * different path with the same tracker).
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import type { PoseEstimate, TrackingStatus } from '../../src/perception/pose-source.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import type { TrackerOptions } from '../../src/perception/tracker-options.js';
import { navigatorTrackerOptions } from '../../src/world/pose-sources.js';
import { explore } from './explore.js';

export interface SimTrackingRun {
  seed: number;
  frames: number;
  tracked: number;
  /** ATE RMSE over the ground-truth path length ×100; each map's segment SE(3)-aligned on its own */
  driftPct: number;
  ateM: number;
  pathM: number;
  /** fresh maps the tracker started after its first (its own re-anchors on a loss) */
  reanchors: number;
  maps: number;
  relocalisations: number;
  statuses: Record<TrackingStatus, number>;
  /** the camera's true position at each frame: the lap itself */
  lap: Vec3[];
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

/** `tracker`: settings laid over the navigator's (tests compare trackers on the same lap). */
export async function simTracking(seed: number, actions: number, tracker: Partial<TrackerOptions> = {}): Promise<SimTrackingRun> {
  const samples: { mapId: number; est: Vec3; gt: Vec3 }[] = [];
  const lap: Vec3[] = [];
  const statuses: Record<TrackingStatus, number> = { initialising: 0, ok: 0, recently_lost: 0, lost: 0 };
  let slam: SlamPoseSource | null = null;
  const { world } = await explore(seed, 'ground-truth', actions, async (w) => {
    const t = await SlamPoseSource.create({ ...navigatorTrackerOptions(w.body), ...tracker });
    slam = t;
    const source = w.navigator.poseSource;
    const inner = source.estimate.bind(source);
    source.estimate = (frame, motion): PoseEstimate => {
      const gt = pos(w.body.groundTruthPose());
      // frames only: the commanded motion is withheld from the tracker
      const e = t.estimate(frame);
      statuses[e.status]++;
      lap.push(gt);
      if (e.status === 'ok' && e.pose) samples.push({ mapId: e.mapId, est: pos(e.pose), gt });
      return inner(frame, motion);
    };
  });
  const t = slam as SlamPoseSource | null;
  if (!t) throw new Error('the tracker was not created');
  let pathM = 0;
  for (let i = 1; i < lap.length; i++) pathM += Math.hypot(lap[i][0] - lap[i - 1][0], lap[i][1] - lap[i - 1][1], lap[i][2] - lap[i - 1][2]);
  const ateM = segmentedAte(samples);
  const counts = t.tracker.counts();
  const frames = lap.length;
  const run: SimTrackingRun = {
    seed,
    frames,
    tracked: frames ? statuses.ok / frames : 0,
    driftPct: pathM > 0 ? (ateM / pathM) * 100 : Number.NaN,
    ateM,
    pathM,
    reanchors: Math.max(0, counts.maps - 1),
    maps: counts.maps,
    relocalisations: counts.relocalisations,
    statuses,
    lap,
  };
  t.dispose();
  world.dispose();
  return run;
}
