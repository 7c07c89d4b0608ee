/**
 * One house's lifelong run (a helper, not a suite): the body drives laps of the same rooms
 * (loop-tour.ts); every frame is rendered once and given to two trackers with the navigator's
 * settings, one without and one with loop closing, so both see exactly the same frames.
 *
 * - drift: RMSE of each tracker's final keyframe trajectory after SE(3) alignment to the simulator's
 *   camera centres, over the path those keyframes span, ×100
 * - a closure is false when it puts the camera at a distance from the matched keyframe that differs
 *   by more than FALSE_CLOSURE_M from the true distance (a look-alike place, e.g. the other twin room)
 * - the final map: each tracker's keyframes keep a 2× downsampled depth image; after the run the
 *   floor's grid is integrated from the final (corrected) keyframe poses as the product does it
 *   (reintegrateKeyframes: the WASM mapper with column shadows) and scored against the scene (free
 *   precision, obstacle recall); the integration time is measured.
 *   The map is scored in its own frame fitted to the truth by a rigid fit of the keyframe centres
 *   (as drift is), and also as it stands in the first camera's frame: a turn that drifted before the
 *   first loop turns the whole map about the first keyframe, and no later closure can undo it, so
 *   the second score mixes that one rotation into every cell
 * - after the tour the loop-closing tracker's map is bundle-adjusted as a whole (Tracker.optimizeMap)
 *   before its final keyframes are read; its wall time and the drift before it are kept
 * - the loop-closing tracker's saved map and its keyframes' true floor positions, for kidnaps
 * - `odometry` (default true): both trackers get each frame's commanded motion, as the navigator
 *   gives it (src/navigator/commanded-motion.ts: none after a blocked forward)
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { invert, multiply, transformPoint } from '../../src/geometry/pose.js';
import { simPoseToNavigator } from '../../src/geometry/sim-frame.js';
import type { BodyFrame } from '../../src/body/body.js';
import type { Intrinsics } from '../../src/geometry/index.js';
import { alignRigid } from '../../src/eval/align.js';
import { mapQuality, truthGrid, type MapQuality } from '../../src/eval/map-quality.js';
import { reintegrateKeyframes } from '../../src/mapping/index.js';
import { navcore } from '../../src/wasm/navcore.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import type { HouseRef } from '../../src/sim/index.js';
import { readMapFileHeader, readMapKeyframes, Tracker, type LoopSearchStats, type MapKeyframe, type OptimizeMapResult } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { commandedCameraMotion } from '../../src/navigator/commanded-motion.js';
import { loopTour } from './loop-tour.js';

export const FALSE_CLOSURE_M = 0.5;
/** LIFELONG_SHADOWS=0: the final maps without column shadows (an ablation; src/mapping/reintegrate.ts) */
const NO_SHADOWS = process.env.LIFELONG_SHADOWS === '0';

/** A tour house as the bench names it: '7', '7:aliasing'. */
export const houseLabel = (h: { seed: number; aliasing?: boolean }): string => `${h.seed}${h.aliasing ? ':aliasing' : ''}`;

export interface TrackerRun {
  driftPct: number;
  /** the map in its own frame, fitted to the truth by the keyframe centres' rigid fit */
  quality: MapQuality | null;
  /** the same map in the first camera's frame (the navigator's world), unfitted */
  qualityFirstCamera: MapQuality | null;
  /** the same keyframes' depth integrated at their true poses: what the keyframes could give at best */
  qualityTruePoses: MapQuality | null;
  /** wall time of integrating the floor's grid from the final keyframes, ms */
  reintegrationMs: number;
  keyframes: number;
}

export interface TourRun {
  label: string;
  pathM: number;
  frames: number;
  open: TrackerRun;
  loop: TrackerRun;
  closures: number;
  falseClosures: number;
  /** wall time of the tracking calls that closed a loop, ms */
  closureMs: number[];
  loopStats: LoopSearchStats;
  /** the global bundle adjustment of the loop-closing tracker's map after the tour */
  globalBa: OptimizeMapResult;
  /** the loop-closing tracker's drift before that adjustment */
  driftPctBeforeGlobalBa: number;
  /** the loop-closing tracker's map, its id, its keyframes' true floor points and map positions */
  map: Uint8Array;
  mapId: number;
  places: { floor: Vec3; est: Vec3 }[];
  /** map frame → simulator frame (camera centres), fitted on the final keyframes */
  mapToSim: Mat4;
  fitRmseM: number;
}

const pos = (m: Mat4 | Float64Array): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Every other pixel of every other row: a quarter of the depth, with the intrinsics that fit it. */
interface KeyframeDepth {
  depth: Float32Array;
  intrinsics: Intrinsics;
  /** the true camera-to-world pose in the tracker's world (anchored at the first camera), evaluation only */
  truePose: Mat4;
}

function halfDepth(depth: Float32Array, k: Intrinsics): { depth: Float32Array; intrinsics: Intrinsics } {
  const w = Math.floor(k.width / 2),
    h = Math.floor(k.height / 2);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = depth[2 * y * k.width + 2 * x];
  return { depth: out, intrinsics: { width: w, height: h, fx: k.fx / 2, fy: k.fy / 2, cx: k.cx / 2, cy: k.cy / 2 } };
}

function trajectoryFit(kfs: MapKeyframe[], gt: Vec3[]): { T: Mat4; rmse: number; driftPct: number } {
  const ref = kfs.map((k) => gt[k.frame - 1]);
  const T = alignRigid(
    ref,
    kfs.map((k) => k.centre),
  );
  const rmse = Math.sqrt(kfs.reduce((a, k, i) => a + dist(transformPoint(T, k.centre), ref[i]) ** 2, 0) / kfs.length);
  let pathM = 0;
  for (let f = kfs[0].frame; f < kfs.at(-1)!.frame; f++) pathM += dist(gt[f], gt[f - 1]);
  return { T, rmse, driftPct: pathM > 0 ? (rmse / pathM) * 100 : Number.NaN };
}

/** Keyframes of the tracker's current map that belong to this run's frames. */
function finalKeyframes(t: Tracker, frames: number): { map: Uint8Array; kfs: MapKeyframe[] } {
  const map = t.saveMap();
  const kfs = readMapKeyframes(map).filter((k) => k.frame >= 1 && k.frame <= frames);
  if (kfs.length < 3) throw new Error(`only ${kfs.length} keyframes in the final map`);
  return { map, kfs };
}

interface RunContext {
  body: SimBody;
  floorY: number;
  firstCameraSim: Mat4;
  gt: Vec3[];
}

/** The keyframes' depth integrated at `poseOf` (their final estimates by default), scored against the scene. */
async function finalMap(
  ctx: RunContext,
  kfs: MapKeyframe[],
  depths: Map<number, KeyframeDepth>,
  poseOf = (k: MapKeyframe, _d: KeyframeDepth): Mat4 => k.pose,
): Promise<{ quality: MapQuality | null; ms: number }> {
  const core = await navcore();
  const views = kfs.flatMap((k) => {
    const d = depths.get(k.frame);
    return d ? [{ frame: d, pose: poseOf(k, d) }] : [];
  });
  const t0 = performance.now();
  const { mapper } = reintegrateKeyframes(core, views, { cameraHeight: ctx.body.cameraHeight, mapParams: NO_SHADOWS ? { shadows: false } : {} });
  const ms = performance.now() - t0;
  if (mapper.floor === null) return { quality: null, ms };
  const truth = truthGrid(ctx.body.scene, ctx.floorY, ctx.firstCameraSim, mapper.map.params.cellSize);
  return { quality: mapQuality(mapper.map, 0, truth), ms };
}

/** Drives `minPathM` metres of laps in `house` and measures both trackers (see the file comment). */
export async function tourRun(
  house: HouseRef & { kind: 'procedural' },
  minPathM: number,
  minLaps: number,
  log: (s: string) => void,
  overrun = false,
  odometry = true,
): Promise<TourRun> {
  const body = await SimBody.create(await loadHouse(house));
  const label = houseLabel(house);
  const open = await Tracker.create(simTrackerOptions(body));
  const loop = await Tracker.create({ ...simTrackerOptions(body), loopClosing: true });
  try {
    const ctx: RunContext = { body, floorY: body.simPose.position[1], firstCameraSim: body.simCameraPose(), gt: [] };
    const floors: Vec3[] = [];
    const depths = { open: new Map<number, KeyframeDepth>(), loop: new Map<number, KeyframeDepth>() };
    const firstInv = invert(simPoseToNavigator(ctx.firstCameraSim));
    const keep = (f: BodyFrame): KeyframeDepth => ({ ...halfDepth(f.depth, body.intrinsics), truePose: multiply(firstInv, body.groundTruthPose()) });
    const closureMs: number[] = [];
    let closures = 0,
      falseClosures = 0,
      pathM = 0;
    for await (const s of loopTour(body, minPathM, minLaps, 20000, overrun)) {
      const p = body.simPose.position;
      if (floors.length) pathM += Math.hypot(p[0] - floors.at(-1)![0], p[2] - floors.at(-1)![2]);
      floors.push([...p] as Vec3);
      ctx.gt.push(pos(body.simCameraPose()));
      const n = ctx.gt.length;
      const motion = odometry && s.motion !== 'observe' ? commandedCameraMotion(s.motion, s.collided) : undefined;
      const kOpen = open.counts().keyframes;
      open.track(s.frame, motion);
      if (open.counts().keyframes > kOpen) depths.open.set(n, keep(s.frame));
      const kLoop = loop.counts().keyframes;
      const t0 = performance.now();
      const e = loop.track(s.frame, motion);
      const ms = performance.now() - t0;
      const c = loop.counts();
      if (c.keyframes > kLoop) depths.loop.set(n, keep(s.frame));
      if (c.loopClosures > closures) {
        closures = c.loopClosures;
        closureMs.push(ms);
        const matched = readMapKeyframes(loop.saveMap()).find((k) => k.frame === c.loopMatchFrame);
        const dGt = dist(ctx.gt[c.loopMatchFrame - 1], ctx.gt[n - 1]);
        const dEst = matched && e.pose ? dist(matched.centre, pos(e.pose)) : Number.POSITIVE_INFINITY;
        const wrong = Math.abs(dEst - dGt) > FALSE_CLOSURE_M;
        if (wrong) falseClosures++;
        log(
          `${label}: closure ${closures} at frame ${n} (${pathM.toFixed(1)} m) with frame ${c.loopMatchFrame}: ${dEst.toFixed(2)} m from it in the map, truly ${dGt.toFixed(2)} m${wrong ? ' — FALSE' : ''}, ${ms.toFixed(0)} ms`,
        );
      }
    }
    const frames = ctx.gt.length;
    const driftPctBeforeGlobalBa = trajectoryFit(finalKeyframes(loop, frames).kfs, ctx.gt).driftPct;
    const globalBa = loop.optimizeMap();
    log(
      `${label}: global bundle adjustment ${globalBa.ms.toFixed(0)} ms: ${globalBa.keyframes} keyframes (${globalBa.followers} too weakly observed, moved with a neighbour), ${globalBa.observations} observations, Huber cost ${globalBa.costBefore.toFixed(0)} → ${globalBa.costAfter.toFixed(0)}, ${globalBa.removed} removed`,
    );
    const measure = async (t: Tracker, d: typeof depths.open) => {
      const { map, kfs } = finalKeyframes(t, frames);
      const fit = trajectoryFit(kfs, ctx.gt);
      const q = await finalMap(ctx, kfs, d);
      // the estimated world → the first camera's true world, fitted on the keyframes with depth
      const withDepth = kfs.filter((k) => d.has(k.frame));
      const T = alignRigid(
        withDepth.map((k) => pos(d.get(k.frame)!.truePose)),
        withDepth.map((k) => k.centre),
      );
      const fitted = await finalMap(ctx, kfs, d, (k) => multiply(T, k.pose));
      const best = await finalMap(ctx, kfs, d, (_k, kd) => kd.truePose);
      return {
        map,
        kfs,
        fit,
        run: {
          driftPct: fit.driftPct,
          quality: fitted.quality,
          qualityFirstCamera: q.quality,
          qualityTruePoses: best.quality,
          reintegrationMs: q.ms,
          keyframes: kfs.length,
        },
      };
    };
    const a = await measure(open, depths.open),
      b = await measure(loop, depths.loop);
    return {
      label,
      pathM,
      frames,
      open: a.run,
      loop: b.run,
      closures,
      falseClosures,
      closureMs,
      loopStats: loop.loopStats(),
      globalBa,
      driftPctBeforeGlobalBa,
      map: b.map,
      mapId: readMapFileHeader(b.map).mapId,
      places: b.kfs.map((k) => ({ floor: floors[k.frame - 1], est: k.centre })),
      mapToSim: b.fit.T,
      fitRmseM: b.fit.rmse,
    };
  } finally {
    open.dispose();
    loop.dispose();
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}
