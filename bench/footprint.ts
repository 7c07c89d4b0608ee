/**
 * The robot's footprint on an edge device (issue 39): the browser demo's session in Node, with the
 * RGB-D tracker as the pose source, exploring house 4 (the explorer's A* to frontiers) for 1,000
 * tracked frames or until 100 m² are mapped, whichever is later. Reports the process's resident memory,
 * the WebAssembly linear memory of navcore (the map) and of the tracker, and the wall time per frame
 * on one thread (render, track and map together, and the tracker alone).
 */
import { performance } from 'node:perf_hooks';
import { RobotSession } from '../web/session.js';
import type { BenchOptions, BenchResult } from './run.js';

const SEED = 4;
const FRAMES = 1000;
const AREA_M2 = 100;
const MB = 1024 * 1024;

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const frames = opts.quick ? 200 : FRAMES;
  const area = opts.quick ? 20 : AREA_M2;
  const rssBefore = process.memoryUsage().rss;
  const s = await RobotSession.create(SEED, 'slam');
  const tracker = s.tracker!;
  // the tracker's share of each frame, timed around its own calls
  let trackMs = 0;
  const track = tracker.track.bind(tracker);
  tracker.track = (...args: Parameters<typeof track>) => {
    const t0 = performance.now();
    try {
      return track(...args);
    } finally {
      trackMs += performance.now() - t0;
    }
  };
  const t0 = performance.now();
  let explorerDone = false;
  while (s.state().frames < frames + 1 || s.state().exploredM2 < area) {
    if (explorerDone || !(await s.exploreStep())) {
      explorerDone = true;
      if (s.state().frames >= frames + 1) break; // mapped what it can reach: the area is what the house has
      await s.act('left');
    }
    if (s.state().frames % 100 < 5) opts.log(`footprint: ${s.state().frames} frames, ${s.state().exploredM2.toFixed(1)} m²`);
  }
  const wallMs = performance.now() - t0;
  const st = s.state();
  const fed = st.frames - 1; // the first look happened in create()
  const rss = process.memoryUsage().rss;
  const navcoreBytes = s.nav.map.core.memory.buffer.byteLength;
  const trackerBytes = tracker.memoryBytes;
  s.dispose();
  const summary = {
    house_seed: SEED,
    frames: st.frames,
    tracked_frames: st.tracked_frames,
    explored_m2: Number(st.exploredM2.toFixed(1)),
    rss_mb: Number((rss / MB).toFixed(1)),
    rss_growth_mb: Number(((rss - rssBefore) / MB).toFixed(1)),
    navcore_wasm_mb: Number((navcoreBytes / MB).toFixed(2)),
    tracker_wasm_mb: Number((trackerBytes / MB).toFixed(2)),
    frame_ms: Number((wallMs / fed).toFixed(2)),
    track_ms: Number((trackMs / fed).toFixed(2)),
    drift_m: Number(st.driftM.toFixed(3)),
  };
  return { table: Object.entries(summary).map(([name, value]) => ({ name, value })), summary };
}
