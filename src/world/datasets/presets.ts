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
  agentHeightM: 1.5, agentRadiusM: 0.1, cameraHeightM: 1.25, hfovDeg: 90, width: 224, height: 224, forwardM: 0.25, turnDeg: 15, tiltDeg: null,
  maxSteps: 500, successDistanceM: 3.0, successTo: 'goal', sliding: true, source: 'VLN-CE habitat_extensions/config/vlnce_task.yaml (camera height: habitat-lab default)',
};

export const BENCHMARK_PRESETS: Readonly<Record<Benchmark, SensorActionSetting>> = {
  'r2r-ce': VLNCE_R2R,
  // IR2R-CE runs R2R-CE episodes in tours with VLN-CE's task settings
  'ir2r-ce': { ...VLNCE_R2R, source: 'IVLN-CE (VLN-CE R2R task settings)' },
  'rxr-ce': {
    agentHeightM: 0.88, agentRadiusM: 0.18, cameraHeightM: 0.88, hfovDeg: 79, width: 640, height: 480, forwardM: 0.25, turnDeg: 30, tiltDeg: 30,
    maxSteps: 500, successDistanceM: 3.0, successTo: 'goal', sliding: false, source: 'VLN-CE habitat_extensions/config/rxr_vlnce_english_task.yaml',
  },
  'goat-bench': {
    agentHeightM: 1.41, agentRadiusM: 0.17, cameraHeightM: 1.31, hfovDeg: 42, width: 360, height: 640, forwardM: 0.25, turnDeg: 30, tiltDeg: 30,
    maxSteps: 5000, successDistanceM: 0.25, successTo: 'view-points', sliding: null, source: 'goat-bench config/tasks/goat_stretch_hm3d.yaml, goat_bench/measurements/nav.py',
  },
};

/** What this project's simulated body runs with (the papers' setting), for every benchmark. */
export function projectSetting(): SensorActionSetting {
  const cam = cameraConfig();
  return {
    agentHeightM: null, agentRadiusM: null, cameraHeightM: cam.cameraHeight, hfovDeg: cam.hfovDeg, width: cam.width, height: cam.height,
    forwardM: FORWARD_M, turnDeg: TURN_DEG, tiltDeg: null, maxSteps: null, successDistanceM: 1.0, successTo: 'footprint', sliding: true,
    source: 'src/sim/render/camera.ts defaults and src/navigator/actions.ts (the papers\' Habitat setup)',
  };
}

/**
 * The benchmark's setting beside the one a dataset run used: the project's body and actions, scored
 * with the benchmark's own success definition (dataset runs score as the benchmark does).
 */
export function settingsOf(benchmark: Benchmark): { benchmark: SensorActionSetting; run: SensorActionSetting } {
  const b = BENCHMARK_PRESETS[benchmark];
  return { benchmark: b, run: { ...projectSetting(), successDistanceM: b.successDistanceM, successTo: b.successTo } };
}
