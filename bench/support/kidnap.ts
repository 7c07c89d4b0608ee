/**
 * Relocalisation against a saved map (a helper, not a suite): a house is mapped by exploring it with
 * SLAM poses, the tracker's map is saved, and a fresh tracker loads it and is then kidnapped, i.e.
 * put down at a random place the map covers facing a random way, and turns in place once (120
 * frames of 3°). Ground truth (the simulator's camera pose) is for evaluation only: it fixes the
 * transform between the saved map's frame and the simulator's, fitted over the whole mapping run.
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import type { SimBody } from '../../src/body/sim-body.js';
import type { SubMotion } from '../../src/body/body.js';
import { readMapFileHeader, SlamPoseSource, type PoseEstimate, type Tracker } from '../../src/perception/index.js';
import { createPoseSource } from '../../src/world/pose-sources.js';
import { Rng } from '../../src/sim/random.js';
import { explore } from './explore.js';

/** One turn in place at the body's 3° per sub-motion. */
export const TURN_FRAMES = 120;

export interface MappedHouse {
  seed: number;
  map: Uint8Array;
  mapId: number;
  /** saved map frame → simulator frame (positions), fitted on the mapping run */
  mapToSim: Mat4;
  /**
   * floor positions the saved map was made from (simulator frame), each with the camera position
   * the map gave it then (map frame); a turn in place keeps the camera centre, so a relocalised pose
   * at that spot should come back to that position
   */
  visited: { floor: Vec3; est: Vec3 }[];
  /** RMSE of that fit, metres: the map's own drift, a floor under any relocalisation error */
  fitRmseM: number;
  pathM: number;
  keyframes: number;
  /** what the body did while mapping, in order: replaying it renders the same frames again */
  steps: ('observe' | SubMotion)[];
}

const pos = (m: Mat4): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

export async function mapHouse(seed: number, actions: number): Promise<MappedHouse> {
  const samples: { mapId: number; est: Vec3; gt: Vec3; floor: Vec3 }[] = [];
  const steps: ('observe' | SubMotion)[] = [];
  const { world } = await explore(seed, 'slam', actions, (w) => {
    const execute = w.body.execute.bind(w.body),
      observe = w.body.observe.bind(w.body);
    w.body.execute = (m, o) => (steps.push(m), execute(m, o));
    w.body.observe = () => (steps.push('observe'), observe());
    const source = w.navigator.poseSource;
    const inner = source.estimate.bind(source);
    source.estimate = (frame): PoseEstimate => {
      const e = inner(frame);
      if (e.status === 'ok' && e.pose)
        samples.push({ mapId: e.mapId, est: pos(e.pose), gt: pos(w.body.simCameraPose()), floor: [...w.body.simPose.position] as Vec3 });
      return e;
    };
  });
  try {
    const source = world.navigator.poseSource;
    if (!(source instanceof SlamPoseSource)) throw new Error('mapping needs the slam pose source');
    const map = source.tracker.saveMap();
    const mapId = readMapFileHeader(map).mapId;
    const mine = samples.filter((s) => s.mapId === mapId);
    if (mine.length < 10) throw new Error(`house ${seed}: the saved map ${mapId} holds only ${mine.length} tracked frames`);
    const mapToSim = alignRigid(
      mine.map((s) => s.gt),
      mine.map((s) => s.est),
    );
    const fitRmseM = Math.sqrt(mine.reduce((a, s) => a + dist(transformPoint(mapToSim, s.est), s.gt) ** 2, 0) / mine.length);
    let pathM = 0;
    for (let i = 1; i < mine.length; i++) pathM += dist(mine[i].gt, mine[i - 1].gt);
    return {
      seed,
      map,
      mapId,
      mapToSim,
      visited: mine.map((s) => ({ floor: s.floor, est: s.est })),
      fitRmseM,
      pathM,
      keyframes: source.tracker.counts().keyframes,
      steps,
    };
  } finally {
    world.dispose();
  }
}

export interface KidnapResult {
  /** frames of the turn until the first pose in the saved map (null: none within the turn) */
  framesToRelocalise: number | null;
  /**
   * distance of that first pose from the position the map gave the same spot while it was made
   * (map frame, metres): the relocalisation error with respect to the map
   */
  errorM: number | null;
  /** the same pose against ground truth through the whole-run map-to-simulator fit: adds the map's drift */
  globalErrorM: number | null;
  /** error with respect to the map at the end of the turn, when still tracked in the saved map */
  endErrorM: number | null;
}

/**
 * Loads `house.map` into `tracker` and turns `body` (of the same house, or another one for a
 * wrong-place check) in place at `at` facing `yaw`.
 */
/** What a kidnap needs of a saved map: its bytes and id, and its frame's fit to the simulator's. */
export type SavedMap = Pick<MappedHouse, 'map' | 'mapId' | 'mapToSim'>;

export async function kidnap(tracker: Tracker, body: SimBody, house: SavedMap, place: KidnapPlace): Promise<KidnapResult> {
  tracker.loadMap(house.map);
  body.teleport({ position: place.at, yaw: place.yaw });
  const out: KidnapResult = { framesToRelocalise: null, errorM: null, globalErrorM: null, endErrorM: null };
  let last: PoseEstimate | null = null;
  for (let i = 0; i < TURN_FRAMES; i++) {
    const r = await body.execute('left', { transient: true });
    const e = tracker.track(r.frame);
    if (e.status === 'ok' && e.pose && e.mapId === house.mapId && out.framesToRelocalise === null) {
      out.framesToRelocalise = i + 1;
      out.globalErrorM = dist(transformPoint(house.mapToSim, pos(e.pose)), pos(body.simCameraPose()));
      out.errorM = place.mapEst ? dist(pos(e.pose), place.mapEst) : out.globalErrorM;
    }
    last = e;
  }
  if (last?.status === 'ok' && last.pose && last.mapId === house.mapId && place.mapEst) out.endErrorM = dist(pos(last.pose), place.mapEst);
  return out;
}

export interface KidnapPlace {
  at: Vec3;
  yaw: number;
  /** the camera position the saved map gave this spot (null for a place in another house) */
  mapEst: Vec3 | null;
}

/**
 * `n` kidnaps: a random floor point the map was made from, a random heading (fixed seed per house).
 * The points are first thinned to one per 0.25 m cell, so that the spots where the explorer turned
 * in place (many frames, one point) weigh no more than the corridors it drove through.
 */
export function kidnapPlaces(house: Pick<MappedHouse, 'visited'> & { seed: number | string }, n: number): KidnapPlace[] {
  const cells = new Map<string, { floor: Vec3; est: Vec3 }>();
  for (const v of house.visited) {
    const p = v.floor;
    const key = `${Math.round(p[0] / 0.25)},${Math.round(p[1] / 0.25)},${Math.round(p[2] / 0.25)}`;
    if (!cells.has(key)) cells.set(key, v);
  }
  const points = [...cells.values()];
  const rng = new Rng(`kidnap-${house.seed}`);
  return Array.from({ length: n }, () => {
    const v = points[rng.int(0, points.length - 1)];
    return { at: v.floor, yaw: rng.range(-Math.PI, Math.PI), mapEst: v.est };
  });
}

/** A tracker with the navigator's settings for `body`'s camera (the one that made the maps). */
export async function navigatorTracker(body: SimBody): Promise<{ tracker: Tracker; dispose: () => void }> {
  const source = await createPoseSource('slam', body);
  if (!(source instanceof SlamPoseSource)) throw new Error('the slam pose source is not a SlamPoseSource');
  return { tracker: source.tracker, dispose: () => source.dispose() };
}
