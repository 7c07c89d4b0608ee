/**
 * `npm run bench -- tracker [--json] [--quick] [--profile]`: per-frame time of the whole tracking call at 640×480
 * and 320×240 on the real TUM fr3/teddy frames, and the tracking quality there (ATE after SE(3)
 * alignment, fraction of frames with status ok). The machine is shared, so each sequence is tracked
 * several times by fresh trackers (the tracker is deterministic) and each frame keeps its fastest run;
 * the medians are over frames. CPU time per frame (process.cpuUsage) is reported beside wall time
 * because a loaded machine inflates wall time but not the work done.
 *
 * `--profile`: the tracker's own split of its time (Tracker.stageTimes: pyramid, FAST, ORB, frame,
 * matching, pose optimisation, local map, keyframe, mapping, loop closing, relocalisation, other) as
 * the mean per frame of each stage at 640 and 320 (`profile_<size>_<stage>_ms`), from the run whose
 * stages took least in all.
 *
 * On the simulator's frames (SPEC §2: the navigator's only pose source), houses 7, 11 and 23 are
 * explored for 300 coarse actions each (60 with --quick) by the scripted agent steering by ground
 * truth, so every tracker build sees the same frames; a tracker of the navigator's settings is fed them
 * without the motion prior (bench/support/sim-tracking.ts): `sim_tracked` is the fraction of all their
 * frames with status ok, `sim_drift_pct` the mean over houses of ATE RMSE (each tracker map
 * SE(3)-aligned to ground truth) over the ground-truth path length ×100, and `sim_reanchors` the fresh
 * maps the tracker started after its first, summed over houses.
 *
 * Flights of stairs: in the two-storey houses of STAIRS_HOUSES the body drives from its start up the
 * staircase to the upstairs hallway and back (bench/support/stairs-tour.ts) with a tracker fed frames
 * only: `stairs_tracked`, `stairs_drift_pct` as above, and `stairs_rise_err_m`, the largest error of
 * the tracker's reading of the climb's rise (start to top, in the tracker's first map).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scaled } from '../src/geometry/intrinsics.js';
import { readTumTrajectory, TUM_FR3_INTRINSICS } from '../src/body/tum.js';
import { ate } from '../src/eval/metrics.js';
import { loadTumImages, runSlamOnImages, type SlamRunResult } from '../src/eval/run-slam.js';
import { STAGE, type StageTimes } from '../src/perception/tracker-abi.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median } from './stats.js';
import { halveRgbd } from './support/rgbd.js';
import { simTracking, type SimTrackingRun } from './support/sim-tracking.js';
import { lateRelocCost } from './support/late-reloc.js';
import { stairsTracking, type StairsTrackingRun } from './support/stairs-tracking.js';
import { STAIRS_HOUSES } from './support/stairs-tour.js';

const SIM_HOUSES = [7, 11, 23];

const FR3 = TUM_FR3_INTRINSICS;
const DEPTH_FACTOR = 5000;

function teddyDir(): string | null {
  const base = resolve(process.env.NAVHARNESS_SHARED_DATA ?? resolve(import.meta.dirname, '../../shared/data'));
  const p = join(base, 'tum_fr3_teddy_100');
  return existsSync(p) ? p : null;
}

interface Fastest {
  first: SlamRunResult;
  frameMs: number[];
  cpuMs: number[];
  /** the tracker's stages in the run whose stages took least in all (ms over the run) */
  stageMs: StageTimes;
}

const stageSum = (r: SlamRunResult) => Object.values(r.stageMs ?? {}).reduce((a, b) => a + b, 0);

async function fastestOf(runs: number, go: () => Promise<SlamRunResult>): Promise<Fastest> {
  const first = await go();
  const best = [...first.frameMs],
    cpu = [...first.frameCpuMs];
  let quickest = first;
  for (let r = 1; r < runs; r++) {
    const again = await go();
    again.frameMs.forEach((t, i) => (best[i] = Math.min(best[i], t)));
    again.frameCpuMs.forEach((t, i) => (cpu[i] = Math.min(cpu[i], t)));
    if (stageSum(again) < stageSum(quickest)) quickest = again;
  }
  return { first, frameMs: best, cpuMs: cpu, stageMs: quickest.stageMs! };
}

/** `--profile`: the mean time per frame of each tracker stage (STAGE), as summary fields and table rows. */
function stageProfile(name: string, r: Fastest, table: Record<string, string | number>[]): Record<string, number> {
  const out: Record<string, number> = {};
  const frames = r.first.frames;
  for (const stage of Object.keys(STAGE) as (keyof StageTimes)[]) {
    const ms = r.stageMs[stage] / frames;
    out[`profile_${name}_${stage}_ms`] = +ms.toFixed(4);
    table.push({ input: `${name} profile: ${stage} (mean per frame)`, median_ms: +ms.toFixed(4) });
  }
  return out;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const dir = teddyDir();
  if (!dir) throw new Error('bench tracker needs ../shared/data/tum_fr3_teddy_100 (set NAVHARNESS_SHARED_DATA)');
  const gt = readTumTrajectory(join(dir, 'groundtruth.txt'));
  const { refs, images } = loadTumImages(dir);
  const half = images.map(halveRgbd);
  const runs = opts.quick ? 1 : 3;
  opts.log(`tracking ${refs.length} frames at 640×480 and 320×240, fastest of ${runs} runs per frame`);

  const full = await fastestOf(runs, () => runSlamOnImages(refs, images, { intrinsics: FR3, depthFactor: DEPTH_FACTOR, tracker: { numFeatures: 1000 } }));
  const k320 = scaled(FR3, 0.5);
  const small = await fastestOf(runs, () => runSlamOnImages(refs, half, { intrinsics: k320, depthFactor: DEPTH_FACTOR, tracker: { numFeatures: 1000 } }));

  const okFrac = (r: SlamRunResult) => r.statuses.filter((s) => s === 'ok').length / r.frames;
  const ate640 = ate(gt, full.first.trajectory).rmse_m;
  const ate320 = ate(gt, small.first.trajectory).rmse_m;
  const m640 = median(full.frameMs),
    m320 = median(small.frameMs);
  const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
  const table: Record<string, string | number>[] = [
    {
      input: '640×480, 1000 features',
      median_ms: +m640.toFixed(2),
      cpu_median_ms: +median(full.cpuMs).toFixed(2),
      p90_ms: +p90(full.frameMs).toFixed(2),
      tracked: okFrac(full.first),
      ate_m: +ate640.toFixed(4),
    },
    {
      input: '320×240, 1000 features',
      median_ms: +m320.toFixed(2),
      cpu_median_ms: +median(small.cpuMs).toFixed(2),
      p90_ms: +p90(small.frameMs).toFixed(2),
      tracked: okFrac(small.first),
      ate_m: +ate320.toFixed(4),
    },
  ];
  const profile = opts.profile ? { ...stageProfile('640', full, table), ...stageProfile('320', small, table) } : {};
  const simActions = opts.quick ? 60 : 300;
  const sim: SimTrackingRun[] = [];
  for (const seed of SIM_HOUSES) {
    const r = await simTracking(seed, simActions);
    opts.log(
      `sim house ${seed}: ${r.frames} frames, tracked ${r.tracked.toFixed(3)}, ATE ${r.ateM.toFixed(3)} m over ${r.pathM.toFixed(2)} m (${r.driftPct.toFixed(2)} %), ${r.reanchors} re-anchors, ${r.maps} maps`,
    );
    sim.push(r);
  }
  for (const r of sim) {
    table.push({
      input: `sim house ${r.seed}, ${simActions} actions`,
      tracked: +r.tracked.toFixed(4),
      ate_m: +r.ateM.toFixed(4),
      path_m: +r.pathM.toFixed(2),
      drift_pct: +r.driftPct.toFixed(3),
      reanchors: r.reanchors,
    });
  }
  const stairs: StairsTrackingRun[] = [];
  for (const seed of STAIRS_HOUSES) {
    const r = await stairsTracking(seed);
    opts.log(
      `stairs lap, house ${seed}: ${r.frames} frames, tracked ${r.tracked.toFixed(3)}, ATE ${r.ateM.toFixed(3)} m over ${r.pathM.toFixed(2)} m (${r.driftPct.toFixed(2)} %), rise ${r.riseM.toFixed(2)} m read as ${r.estRiseM.toFixed(2)} m, ${r.maps} maps`,
    );
    stairs.push(r);
    table.push({
      input: `stairs lap, house ${r.seed}`,
      tracked: +r.tracked.toFixed(4),
      ate_m: +r.ateM.toFixed(4),
      path_m: +r.pathM.toFixed(2),
      drift_pct: +r.driftPct.toFixed(3),
    });
  }
  // late relocalisation: a run tracking in a map of its own while a loaded map waits in the atlas
  const late = await lateRelocCost(runs, 'turn');
  const away = await lateRelocCost(runs, 'away');
  const lateRow = (name: string, r: typeof late.on) => ({
    input: `late relocalisation ${name}, house 7`,
    median_ms: +median(r.frameMs).toFixed(2),
    p90_ms: +p90(r.frameMs).toFixed(2),
    max_ms: +Math.max(...r.frameMs).toFixed(2),
    late_at_frame: r.lateAt ?? '–',
  });
  table.push(
    lateRow('on, turn + walk', late.on),
    lateRow('off, turn + walk', late.off),
    lateRow('on, walking away', away.on),
    lateRow('off, walking away', away.off),
  );
  opts.log(
    `late relocalisation: back in the saved map at frame ${late.on.lateAt ?? 'never'} (on), ${late.off.lateAt ?? 'never'} (off); walking away: ${away.on.lateAt ?? 'never'}`,
  );
  const simFrames = sim.reduce((a, r) => a + r.frames, 0);
  const simOk = sim.reduce((a, r) => a + r.statuses.ok, 0);
  return {
    table,
    summary: {
      sim_tracked: +(simOk / simFrames).toFixed(4),
      sim_drift_pct: +(sim.reduce((a, r) => a + r.driftPct, 0) / sim.length).toFixed(3),
      sim_reanchors: sim.reduce((a, r) => a + r.reanchors, 0),
      sim_actions_per_house: simActions,
      stairs_tracked: +(stairs.reduce((a, r) => a + r.statuses.ok, 0) / stairs.reduce((a, r) => a + r.frames, 0)).toFixed(4),
      stairs_drift_pct: +(stairs.reduce((a, r) => a + r.driftPct, 0) / stairs.length).toFixed(3),
      // NaN (null in JSON) when a lap lost its first map before the top
      stairs_rise_err_m: +Math.max(...stairs.map((r) => Math.abs(r.estRiseM - r.riseM))).toFixed(3),
      median_ms_320: +m320.toFixed(3),
      median_ms_640: +m640.toFixed(3),
      ratio_640_vs_320: +(m640 / m320).toFixed(3),
      // process CPU time per frame: what the wall time would be on an idle machine
      cpu_median_ms_320: +median(small.cpuMs).toFixed(3),
      cpu_median_ms_640: +median(full.cpuMs).toFixed(3),
      teddy_ate_m: +ate640.toFixed(5),
      teddy_tracked: +okFrac(full.first).toFixed(4),
      teddy_ate_m_320: +ate320.toFixed(5),
      teddy_tracked_320: +okFrac(small.first).toFixed(4),
      frames: refs.length,
      late_median_ms_on: +median(late.on.frameMs).toFixed(3),
      late_median_ms_off: +median(late.off.frameMs).toFixed(3),
      late_median_ratio: +(median(late.on.frameMs) / median(late.off.frameMs)).toFixed(3),
      late_max_ms_on: +Math.max(...late.on.frameMs).toFixed(2),
      late_max_ms_off: +Math.max(...late.off.frameMs).toFixed(2),
      late_relocalised_at_frame: late.on.lateAt,
      // walking away from what the map saw: every keyframe searched, never found (the standing cost)
      late_away_median_ms_on: +median(away.on.frameMs).toFixed(3),
      late_away_median_ms_off: +median(away.off.frameMs).toFixed(3),
      late_away_median_ratio: +(median(away.on.frameMs) / median(away.off.frameMs)).toFixed(3),
      late_away_p90_ms_on: +p90(away.on.frameMs).toFixed(2),
      late_away_p90_ms_off: +p90(away.off.frameMs).toFixed(2),
      late_away_max_ms_on: +Math.max(...away.on.frameMs).toFixed(2),
      late_away_max_ms_off: +Math.max(...away.off.frameMs).toFixed(2),
      late_away_relocalised_at_frame: away.on.lateAt,
      late_relocalisations: late.on.lateRelocalisations,
      ...profile,
    },
  };
}
