/**
 * Each benchmark's agent, sensor and action setting as its task configuration fixes it
 * (../shared/BENCHMARK-FORMATS.md §6, with the configuration files named in `source`), beside the
 * setting this project's body runs with (the papers' Habitat setup: src/sim/render/camera.ts and the
 * navigator's coarse actions). A run reports both, so a score is never read as if it came from the
 * benchmark's own sensor.
 */
import { FORWARD_M, TURN_DEG } from '../../navigator/index.js';
import { cameraConfig } from '../../sim/index.js';
import type { Benchmark } from './types.js';

export interface SensorActionSetting {
  agentHeightM: number | null;
  agentRadiusM: number | null;
  /** camera height above the floor */
  cameraHeightM: number;
  hfovDeg: number;
  /** RGB width × height */
  width: number;
  height: number;
  forwardM: number;
  turnDeg: number;
  /** look up/down step, null without tilt actions */
  tiltDeg: number | null;
  /** action limit of one episode (GOAT-Bench: the whole multi-subtask episode) */
  maxSteps: number | null;
  /** success: stop within this distance (strict <) */
  successDistanceM: number;
  /** of the goal position(s) (VLN-CE) or the nearest goal view point (GOAT-Bench) */
  successTo: 'goal' | 'view-points' | 'footprint';
  sliding: boolean | null;
  source: string;
}

const VLNCE_R2R: SensorActionSetting = {
  agentHeightM: 1.5,
  agentRadiusM: 0.1,
  cameraHeightM: 1.25,
  hfovDeg: 90,
  width: 224,
  height: 224,
  forwardM: 0.25,
  turnDeg: 15,
  tiltDeg: null,
  maxSteps: 500,
  successDistanceM: 3.0,
  successTo: 'goal',
  sliding: true,
  source: 'VLN-CE habitat_extensions/config/vlnce_task.yaml (camera height: habitat-lab default)',
};

export const BENCHMARK_PRESETS: Readonly<Record<Benchmark, SensorActionSetting>> = {
  'r2r-ce': VLNCE_R2R,
  // IR2R-CE runs R2R-CE episodes in tours with VLN-CE's task settings
  'ir2r-ce': { ...VLNCE_R2R, source: 'IVLN-CE (VLN-CE R2R task settings)' },
  'rxr-ce': {
    agentHeightM: 0.88,
    agentRadiusM: 0.18,
    cameraHeightM: 0.88,
    hfovDeg: 79,
    width: 640,
    height: 480,
    forwardM: 0.25,
    turnDeg: 30,
    tiltDeg: 30,
    maxSteps: 500,
    successDistanceM: 3.0,
    successTo: 'goal',
    sliding: false,
    source: 'VLN-CE habitat_extensions/config/rxr_vlnce_english_task.yaml',
  },
  'goat-bench': {
    agentHeightM: 1.41,
    agentRadiusM: 0.17,
    cameraHeightM: 1.31,
    hfovDeg: 42,
    width: 360,
    height: 640,
    forwardM: 0.25,
    turnDeg: 30,
    tiltDeg: 30,
    maxSteps: 5000,
    successDistanceM: 0.25,
    successTo: 'view-points',
    sliding: null,
    source: 'goat-bench config/tasks/goat_stretch_hm3d.yaml, goat_bench/measurements/nav.py',
  },
};

/** What this project's simulated body runs with (the papers' setting), for every benchmark. */
export function projectSetting(): SensorActionSetting {
  const cam = cameraConfig();
  return {
    agentHeightM: null,
    agentRadiusM: null,
    cameraHeightM: cam.cameraHeight,
    hfovDeg: cam.hfovDeg,
    width: cam.width,
    height: cam.height,
    forwardM: FORWARD_M,
    turnDeg: TURN_DEG,
    tiltDeg: null,
    maxSteps: null,
    successDistanceM: 1.0,
    successTo: 'footprint',
    sliding: true,
    source: "src/sim/render/camera.ts defaults and src/navigator/actions.ts (the papers' Habitat setup)",
  };
}

import { PRESETS, type Preset } from '../choices.js';

export { PRESETS, type Preset };

/** What a dataset run applies to the simulated body and the episode. */
export interface AppliedPreset {
  preset: Preset;
  /** the body's camera (height above the floor, HFOV, RGB-D size) */
  camera: { cameraHeight: number; hfovDeg: number; width: number; height: number };
  /** action limit of one episode (coarse actions of 0.25 m or 15°); null: the harness's per-task budgets */
  maxSteps: number | null;
  /** parts of the benchmark's setting the body cannot take, recorded beside the scores */
  notApplied: string[];
}

/**
 * The setting `preset` applies to a `benchmark` run. A benchmark preset must be the run's own
 * benchmark (IR2R-CE runs with R2R-CE's). Applied: camera height, HFOV and resolution, the forward
 * step (0.25 m in every benchmark, as here) and the episode's action limit (VLN-CE 500, GOAT-Bench
 * 5000 per episode). Not applied, and listed: 30° turns and tilt (the navigator and its agents turn
 * in 15° actions), agent height and radius beyond the navmesh (the body stays the 0.88 m / 0.18 m cylinder).
 * 'papers' keeps the project's body; VLN-CE runs keep their benchmark's 500-action limit.
 */
export function applyPreset(preset: Preset, benchmark: Benchmark): AppliedPreset {
  const own = benchmark === 'ir2r-ce' ? 'r2r-ce' : benchmark;
  if (preset !== 'papers' && preset !== own) throw new Error(`preset '${preset}' is the ${preset} setting; a ${benchmark} run takes --preset papers or ${own}`);
  const b = BENCHMARK_PRESETS[benchmark];
  if (preset === 'papers') {
    const p = projectSetting();
    return {
      preset,
      camera: { cameraHeight: p.cameraHeightM, hfovDeg: p.hfovDeg, width: p.width, height: p.height },
      maxSteps: benchmark === 'goat-bench' ? null : b.maxSteps,
      notApplied: [],
    };
  }
  const notApplied: string[] = [];
  if (b.turnDeg !== TURN_DEG) notApplied.push(`turn ${b.turnDeg}° (the body turns ${TURN_DEG}° per action)`);
  if (b.tiltDeg !== null) notApplied.push(`tilt ${b.tiltDeg}° (no look up/down actions)`);
  if (b.forwardM !== FORWARD_M) notApplied.push(`forward ${b.forwardM} m (the body steps ${FORWARD_M} m)`);
  notApplied.push(
    `agent ${b.agentHeightM} m / ${b.agentRadiusM} m for the body (the body stays the simulator's; the agent each scene's navmesh was built for is in navmesh_agent: a rebuilt navmesh is the benchmark's agent's, a loaded .navmesh file's its own)`,
  );
  return { preset, camera: { cameraHeight: b.cameraHeightM, hfovDeg: b.hfovDeg, width: b.width, height: b.height }, maxSteps: b.maxSteps, notApplied };
}

/**
 * The benchmark's setting beside the one a dataset run used: the project's actions with the preset's
 * camera and action limit, scored with the benchmark's own success definition (dataset runs score as
 * the benchmark does), and what of the benchmark's setting was not applied.
 */
export function settingsOf(
  benchmark: Benchmark,
  preset: Preset = 'papers',
): { benchmark: SensorActionSetting; run: SensorActionSetting; preset: Preset; not_applied: string[] } {
  const b = BENCHMARK_PRESETS[benchmark];
  const a = applyPreset(preset, benchmark);
  const run: SensorActionSetting = {
    ...projectSetting(),
    cameraHeightM: a.camera.cameraHeight,
    hfovDeg: a.camera.hfovDeg,
    width: a.camera.width,
    height: a.camera.height,
    maxSteps: a.maxSteps,
    // a rebuilt navmesh is the benchmark agent's; a loaded .navmesh keeps its own (metrics.json navmesh_agent)
    agentHeightM: b.agentHeightM,
    agentRadiusM: b.agentRadiusM,
    successDistanceM: b.successDistanceM,
    successTo: b.successTo,
    ...(preset === 'papers' ? {} : { source: `${b.source}, as far as applied (see not_applied)` }),
  };
  return { benchmark: b, run, preset, not_applied: a.notApplied };
}
