/**
 * Runs the tracker over a TUM RGB-D folder: the estimated trajectory is stamped with the colour
 * timestamps and holds only the frames tracked with status 'ok'.
 */
import { performance } from 'node:perf_hooks';
import type { Intrinsics } from '../geometry/index.js';
import type { TumFrameRef, TumPose } from '../body/index.js';
import type { RgbdImage } from '../image/index.js';
import { checkFrameSize, readRgbd, readTumFrames } from '../body/node.js';
import { Tracker, type StageTimes, type TrackerOptions, type TrackingStatus } from '../perception/index.js';

export interface SlamRunResult {
  trajectory: TumPose[];
  statuses: TrackingStatus[];
  mapIds: number[];
  /** per-frame wall time of the tracking call, ms */
  frameMs: number[];
  /** per-frame CPU time of this process during the call, ms (less sensitive to a busy machine) */
  frameCpuMs: number[];
  frames: number;
  tracked: number;
  /** milliseconds the tracker spent in each of its stages over the run (Tracker.stageTimes) */
  stageMs?: StageTimes;
  /** the tracker's current map at the end as a map file, when saveMap was asked for (null: no map was made) */
  map?: Uint8Array | null;
}

export interface SlamRunOptions {
  intrinsics: Intrinsics;
  depthFactor: number;
  tracker?: Omit<TrackerOptions, 'intrinsics' | 'depthScale'>;
  /** only the first maxFrames frames */
  maxFrames?: number;
  onFrame?: (i: number, n: number, status: TrackingStatus) => void;
  /** a saved map to relocalise in before the first frame (poses are then in its frame) */
  loadMap?: Uint8Array;
  /** return the map at the end as a map file */
  saveMap?: boolean;
}

/** Loads all frames of a folder up front (so that timing covers tracking only). */
export function loadTumImages(dir: string, maxFrames = Infinity): { refs: TumFrameRef[]; images: RgbdImage[] } {
  const refs = readTumFrames(dir).slice(0, maxFrames);
  // depth in raw units: the tracker scales it (depthScale), so pass factor 1 here
  const images = refs.map((r) => readRgbd(dir, r, 1));
  images.forEach((img, i) => checkFrameSize(dir, refs[i], img, { ref: refs[0], ...images[0] }));
  return { refs, images };
}

export async function runSlamOnImages(refs: TumFrameRef[], images: RgbdImage[], opts: SlamRunOptions): Promise<SlamRunResult> {
  const tracker = await Tracker.create({ ...(opts.tracker ?? {}), intrinsics: opts.intrinsics, depthScale: 1 / opts.depthFactor });
  const out: SlamRunResult = { trajectory: [], statuses: [], mapIds: [], frameMs: [], frameCpuMs: [], frames: refs.length, tracked: 0 };
  try {
    if (opts.loadMap) tracker.loadMap(opts.loadMap);
    for (let i = 0; i < refs.length; i++) {
      const img = images[i];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const r = tracker.track({ width: img.width, height: img.height, rgb: img.rgb, depth: img.depth, timestamp: refs[i].rgbTime });
      out.frameMs.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      out.frameCpuMs.push((c.user + c.system) / 1000);
      out.statuses.push(r.status);
      out.mapIds.push(r.mapId);
      if (r.status === 'ok' && r.pose) {
        out.trajectory.push({ time: refs[i].rgbTime, pose: r.pose });
        out.tracked++;
      }
      opts.onFrame?.(i, refs.length, r.status);
    }
    out.stageMs = tracker.stageTimes();
    if (opts.saveMap) out.map = tracker.counts().keyframes > 0 ? tracker.saveMap() : null;
  } finally {
    tracker.dispose();
  }
  return out;
}

export async function runSlamOnTum(dir: string, opts: SlamRunOptions): Promise<SlamRunResult> {
  const { refs, images } = loadTumImages(dir, opts.maxFrames);
  return runSlamOnImages(refs, images, opts);
}
