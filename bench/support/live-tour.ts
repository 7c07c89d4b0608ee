/**
 * The live navigator over a lifelong tour (a helper, not a suite): the same laps of the ground-floor
 * rooms as loop-tour.ts, driven as the navigator is driven, by coarse actions (a 15° turn while the
 * next corner is more than 7.5° off, else 0.25 m forward), through a Navigator on the tracker with the
 * navigator's settings (loop closing on; `LIFELONG_LIVE_LOOP=0` turns it off, as before issue 34).
 * Ground truth steers the body (evaluation only); the navigator never sees it.
 *
 * - the live grid (what the navigator plans on) at the tour's end, scored against the scene as the
 *   final maps are: in its own world fitted to the truth by the rigid fit of the kept keyframes' centres
 *   (as the last closure left them), and as it stands in the first camera's frame
 * - the wall time of each action (5 frames: render, track, map, the rebuild's shares), and the most
 *   wall and main-thread CPU time one frame spent in the tracker and on following closures and rebuilding (the step's
 *   stall: the tracker's call with its loop search and its closure's slice or commit, reading the
 *   corrected keyframe poses, moving places and trails, its share of keyframes, the layer swap; not
 *   the frame's rendering and its own grid update); the tracker's time on a frame that committed a
 *   closure and its median time per frame are kept apart, with the load average the tour ran under
 */
import os from 'node:os';
import type { Vec3 } from '../../src/geometry/pose.js';
import { invert, multiply } from '../../src/geometry/pose.js';
import { simPoseToNavigator } from '../../src/geometry/sim-frame.js';
import { wrapAngle } from '../../src/geometry/index.js';
import { alignRigid } from '../../src/eval/align.js';
import { mapQuality, truthGrid, type MapQuality } from '../../src/eval/map-quality.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import type { HouseRef } from '../../src/sim/index.js';
import { SlamPoseSource, type PoseEstimate, type PoseSource } from '../../src/perception/index.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { CoarseAction } from '../../src/navigator/actions.js';
import { navigatorTrackerOptions } from '../../src/world/pose-sources.js';
import { TrueTrajectoryBody } from '../../src/world/true-trajectory.js';
import { median } from '../stats.js';
import { tourStops } from './loop-tour.js';
import { threadCpuClock, threadWaitClock } from './thread-cpu.js';

const TURN_TOLERANCE = (7.5 * Math.PI) / 180;
const REACHED_M = 0.2;
const LIVE_LOOP = process.env.LIFELONG_LIVE_LOOP !== '0';
/**
 * `LIFELONG_LIVE_EVERY=40` (or `none`): the live rebuild every that many keyframes (LoopRebuildOptions.everyKeyframes),
 * `LIFELONG_LIVE_MAP_FRAMES=0`: keyframes' depth alone; unset, the navigator's defaults
 */
const LIVE_EVERY = process.env.LIFELONG_LIVE_EVERY;
const LIVE_REBUILD = {
  ...(LIVE_EVERY ? { everyKeyframes: LIVE_EVERY === 'none' ? null : Number(LIVE_EVERY) } : {}),
  ...(process.env.LIFELONG_LIVE_MAP_FRAMES === '0' ? { mapFrames: false } : {}),
};

export interface LiveRun {
  pathM: number;
  actions: number;
  /** the live grid of the ground floor, fitted / in the first camera's frame */
  quality: MapQuality | null;
  qualityFirstCamera: MapQuality | null;
  closures: number;
  floorsRebuilt: number;
  /** keyframes whose depth the navigator keeps */
  keptKeyframes: number;
  /** the most keyframes any frame re-integrated */
  maxChunk: number;
  /** wall time of an action (5 frames), median and most */
  medianStepMs: number;
  maxStepMs: number;
  /** the most wall time one navigator frame spent in the tracker and following closures and rebuilding (RebuildStats.maxFrameMs) */
  maxStepStallMs: number;
  /** the most main-thread CPU time one such frame took (RebuildStats.maxFrameCpuMs), and that of the frame of maxStepStallMs */
  maxStepStallCpuMs: number;
  slowestStepCpuMs: number;
  /** the most wall time less the main thread's run-queue wait one such frame took, and the wait in the frame of maxStepStallMs (RebuildStats) */
  maxStepStallUnqueuedMs: number;
  slowestStepWaitMs: number;
  /** the tracker's own CPU time on its costliest frame, and what that frame was (keyframe, closure, status) */
  maxTrackCpu: { ms: number; what: string };
  /** the tracker's wall time on each frame where it committed a loop closure, and its median per frame */
  closureMs: number[];
  medianTrackMs: number;
  /** the machine's one-minute load average at the tour's start and end (wall times stretch with it) */
  load: [number, number];
  loopClosing: boolean;
}

const mainThreadCpuMs = threadCpuClock();
const mainThreadWaitMs = threadWaitClock();

const headingTo = (from: Vec3, to: Vec3) => Math.atan2(-(to[0] - from[0]), -(to[2] - from[2]));

/** Drives `minPathM` metres of laps (at least `minLaps`) in `house` with a live navigator; see the file comment. */
export async function liveTour(
  house: HouseRef & { kind: 'procedural' },
  minPathM: number,
  minLaps: number,
  overrun: boolean,
  log: (s: string) => void,
  maxActions = 5000,
): Promise<LiveRun> {
  const body = await SimBody.create(await loadHouse(house));
  const source = await SlamPoseSource.create({ ...navigatorTrackerOptions(body), loopClosing: LIVE_LOOP });
  try {
    const floorY = body.simPose.position[1];
    const firstCameraSim = body.simCameraPose();
    const firstInv = invert(simPoseToNavigator(firstCameraSim));
    const closureMs: number[] = [];
    const trackMs: number[] = [];
    // each frame's work also in CPU time: a loaded machine stretches wall time many times over, CPU time
    // much less
    const cpu = mainThreadCpuMs;
    const load0 = os.loadavg()[0];
    // the tracker's own CPU time on its costliest frame, and what that frame was
    let maxTrackCpu = { ms: 0, what: '' };
    let inFrame: ((work: () => void) => void) | null = null;
    // the tracker's call is timed as part of the navigator frame's stall (RebuildStats.maxFrameMs), and
    // its own time on the frames where it committed a closure is kept apart too
    const timed: PoseSource = {
      name: source.name,
      estimate: (f, m) => {
        const t0 = performance.now(),
          c0 = cpu();
        let e!: PoseEstimate;
        const call = () => {
          e = source.estimate(f, m);
        };
        if (inFrame) inFrame(call);
        else call();
        if (e.loopClosed) closureMs.push(performance.now() - t0);
        trackMs.push(performance.now() - t0);
        const c = cpu() - c0;
        if (c > maxTrackCpu.ms) maxTrackCpu = { ms: c, what: [e.keyframe && 'keyframe', e.loopClosed && 'closure', e.status].filter(Boolean).join(' ') };
        return e;
      },
      keyframePoses: () => source.keyframePoses(),
      reset: () => source.reset(),
      dispose: () => undefined,
    };
    // the true camera pose of every frame by its timestamp, for the fit (evaluation only)
    const traj = new TrueTrajectoryBody(body);
    const trueAt = new Map<number, Vec3>();
    traj.onFrame = (f) => {
      const t = multiply(firstInv, body.groundTruthPose());
      trueAt.set(f.timestamp, [t[3], t[7], t[11]]);
    };
    const nav = await Navigator.create({
      body: traj,
      poseSource: timed,
      loopRebuild: { cpuClock: cpu, ...(mainThreadWaitMs ? { waitClock: mainThreadWaitMs } : {}), ...LIVE_REBUILD },
    });
    inFrame = (work) => nav.loopRebuild.timed(work);
    const stops = tourStops(body);
    const stepMs: number[] = [];
    let pathM = 0,
      laps = 0;
    const act = async (a: CoarseAction) => {
      const before = body.simPose.position;
      const t0 = performance.now();
      await nav.act([a], { stopOnCollision: false });
      stepMs.push(performance.now() - t0);
      const after = body.simPose.position;
      pathM += Math.hypot(after[0] - before[0], after[2] - before[2]);
    };
    while ((pathM < minPathM || laps < minLaps) && stepMs.length < maxActions) {
      for (const stop of overrun ? [...stops, stops[0], stops[1]] : [...stops, stops[0]]) {
        const path = body.navmesh.path(body.simPose.position, stop) ?? [stop];
        for (const corner of path.slice(1)) {
          let stuck = 0;
          while (stepMs.length < maxActions) {
            const p = body.simPose.position;
            if (Math.hypot(corner[0] - p[0], corner[2] - p[2]) < REACHED_M) break;
            const err = wrapAngle(headingTo(p, corner) - body.simPose.yaw);
            if (Math.abs(err) > TURN_TOLERANCE) {
              await act(err > 0 ? 'left' : 'right');
              continue;
            }
            const before = pathM;
            await act('forward');
            if (pathM - before < 0.05 && ++stuck > 3) break;
          }
        }
      }
      laps++;
    }
    const floor = nav.floor ?? 0;
    const cell = nav.map.params.cellSize;
    // the live world fitted to the truth by the kept keyframes' centres as the last closure left them
    const kfs = nav.loopRebuild.poses().filter((k) => trueAt.has(k.t));
    const fit =
      kfs.length >= 3
        ? alignRigid(
            kfs.map((k) => trueAt.get(k.t)!),
            kfs.map((k): Vec3 => [k.pose[3], k.pose[7], k.pose[11]]),
          )
        : null;
    const score = (mapFit?: Float64Array) =>
      nav.map.floors().length ? mapQuality(nav.map, floor, truthGrid(body.scene, floorY, firstCameraSim, cell, undefined, mapFit)) : null;
    const med = median(stepMs);
    const rb = nav.loopRebuild.stats;
    const run: LiveRun = {
      pathM,
      actions: stepMs.length,
      quality: fit ? score(fit) : null,
      qualityFirstCamera: score(),
      closures: rb.closures,
      floorsRebuilt: rb.floorsRebuilt,
      keptKeyframes: nav.loopRebuild.size,
      maxChunk: rb.chunks.length ? Math.max(...rb.chunks) : 0,
      medianStepMs: med,
      maxStepMs: Math.max(...stepMs),
      maxStepStallMs: rb.maxFrameMs,
      maxStepStallCpuMs: rb.maxFrameCpuMs,
      slowestStepCpuMs: rb.slowestFrameCpuMs,
      maxStepStallUnqueuedMs: rb.maxFrameUnqueuedMs,
      slowestStepWaitMs: rb.slowestFrameWaitMs,
      maxTrackCpu,
      closureMs,
      medianTrackMs: median(trackMs),
      load: [+load0.toFixed(1), +os.loadavg()[0].toFixed(1)],
      loopClosing: LIVE_LOOP,
    };
    log(
      `${house.seed}${house.aliasing ? ':aliasing' : ''} live navigator (loop closing ${LIVE_LOOP ? 'on' : 'off'}): ${pathM.toFixed(1)} m in ${stepMs.length} actions, ${run.closures} closures, ${nav.state.motionRejects} frames the motion check replaced, ${run.floorsRebuilt} floor rebuilds (${run.keptKeyframes} keyframes and ${nav.loopRebuild.mapFrameCount} map frames kept, at most ${run.maxChunk} per frame); live grid ${run.quality ? `free precision ${run.quality.free_precision.toFixed(4)}, obstacle recall ${run.quality.obstacle_recall.toFixed(4)} fitted` : '-'}, ${run.qualityFirstCamera ? `${run.qualityFirstCamera.free_precision.toFixed(4)} / ${run.qualityFirstCamera.obstacle_recall.toFixed(4)} in the first camera's frame` : '-'}; action median ${med.toFixed(1)} ms, max ${run.maxStepMs.toFixed(1)} ms; tracker and rebuild at most ${run.maxStepStallMs.toFixed(1)} ms wall in a frame (${run.slowestStepCpuMs.toFixed(1)} ms CPU, ${run.slowestStepWaitMs.toFixed(1)} ms waiting for a core; at most ${run.maxStepStallUnqueuedMs.toFixed(1)} ms wall less that wait in a frame; at most ${run.maxStepStallCpuMs.toFixed(1)} ms CPU in a frame, the tracker's share at most ${maxTrackCpu.ms.toFixed(1)} ms CPU on a ${maxTrackCpu.what} frame), tracker median ${run.medianTrackMs.toFixed(1)} ms, load ${run.load.join(' → ')}; tracker closure frames ${closureMs.map((m) => m.toFixed(0)).join(', ') || '-'} ms`,
    );
    return run;
  } finally {
    source.dispose();
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}
