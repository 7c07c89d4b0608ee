/**
 * The tracker on a lap over a flight of stairs (stairs-tour.ts), fed the body's frames only (the
 * papers' setting: no motion prior). Ground truth is read for evaluation only.
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { invert, multiply, translation as pos } from '../../src/geometry/pose.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { Tracker } from '../../src/perception/index.js';
import type { TrackingStatus } from '../../src/perception/pose-source.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { segmentedAte, type SimTrackingRun } from './sim-tracking.js';
import { stairsTour } from './stairs-tour.js';

/** A simulator lap's figures (without its re-anchor and relocalisation counts and its positions), plus the climb's. */
export interface StairsTrackingRun extends Omit<SimTrackingRun, 'reanchors' | 'relocalisations' | 'lap'> {
  /** the true rise of the camera from the start to the top of the climb, and the tracker's reading of it */
  riseM: number;
  estRiseM: number;
}

/** `fromFoot`: the laps start at the foot of the flight (stairs-tour.ts), a shorter run for tests. */
export async function stairsTracking(seed: number, laps = 1, fromFoot = false): Promise<StairsTrackingRun> {
  const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed }));
  const tracker = await Tracker.create(simTrackerOptions(body));
  try {
    const samples: { mapId: number; est: Vec3; gt: Vec3 }[] = [];
    const statuses: Record<TrackingStatus, number> = { initialising: 0, ok: 0, recently_lost: 0, lost: 0 };
    let frames = 0,
      pathM = 0,
      prev: Vec3 | null = null;
    // the first frame's camera is the tracker's world: heights read as rises from it (up is −y)
    let first: Mat4 | null = null;
    let top = { rise: -Infinity, est: Number.NaN };
    for await (const s of stairsTour(body, laps, 20000, fromFoot)) {
      const e = tracker.track(s.frame);
      const gt = pos(body.groundTruthPose());
      first ??= invert(body.groundTruthPose());
      const rise = -pos(multiply(first, body.groundTruthPose()))[1];
      if (prev) pathM += Math.hypot(gt[0] - prev[0], gt[1] - prev[1], gt[2] - prev[2]);
      prev = gt;
      statuses[e.status]++;
      frames++;
      if (e.status === 'ok' && e.pose) {
        samples.push({ mapId: e.mapId, est: pos(e.pose), gt });
        if (rise > top.rise) top = { rise, est: e.mapId === samples[0].mapId ? -e.pose[7] : Number.NaN };
      }
    }
    const ateM = segmentedAte(samples);
    return {
      seed,
      frames,
      tracked: frames ? statuses.ok / frames : 0,
      driftPct: pathM > 0 ? (ateM / pathM) * 100 : Number.NaN,
      ateM,
      pathM,
      maps: tracker.counts().maps,
      riseM: top.rise,
      estRiseM: top.est,
      statuses,
    };
  } finally {
    tracker.dispose();
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}
