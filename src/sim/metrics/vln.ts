import type { Vec3 } from '../../geometry/index.js';
import { DistanceToGoal } from './distance-to-goal.js';
import { type DtwMethod, ndtw, sdtw } from './ndtw.js';
import { PathLength } from './path-length.js';
import { spl } from './spl.js';
import { OracleSuccess, Success } from './success.js';
import type { DistanceOracle } from './types.js';

export interface VlnScores {
  /** navigation error: geodesic distance from the final position to the goal, metres */
  ne: number;
  sr: number;
  osr: number;
  spl: number;
  ndtw: number;
  /** success · nDTW */
  sdtw: number;
  pathLength: number;
}

/**
 * The VLN-CE metrics of one instruction episode from the positions the agent passed through
 * (`trajectory[0]` is the start). `stopped` says whether the agent called STOP. Distances are to the
 * nearest goal (`goals` when given, else `goal`); SPL divides by the Euclidean length walked; nDTW's
 * reference is `referencePath` (a benchmark's `_gt` locations), with exact DTW unless `dtw` is 'fast'.
 */
export function scoreVlnEpisode(
  ep: { goal: { position: Vec3 }; goals?: readonly Vec3[]; referencePath: readonly Vec3[]; geodesicDistance: number; successRadius?: number },
  trajectory: readonly Vec3[],
  stopped: boolean,
  oracle: DistanceOracle,
  dtw: DtwMethod = 'exact',
): VlnScores {
  if (trajectory.length === 0) throw new Error('a trajectory has at least the start position');
  const radius = ep.successRadius ?? 3.0;
  const goal = ep.goals?.length ? ep.goals : ep.goal.position;
  const dist = new DistanceToGoal(goal, oracle),
    len = new PathLength();
  const sr = new Success(goal, oracle, radius),
    osr = new OracleSuccess(goal, oracle, radius);
  for (const m of [dist, len, sr, osr]) m.reset(trajectory[0]);
  for (const p of trajectory.slice(1)) for (const m of [dist, len, sr, osr]) m.update(p);
  if (stopped) sr.stop();
  const nd = ndtw(trajectory, ep.referencePath, radius, dtw);
  return {
    ne: dist.value(),
    sr: sr.value(),
    osr: osr.value(),
    spl: spl(sr.value(), ep.geodesicDistance, len.value()),
    ndtw: nd,
    sdtw: sdtw(sr.value(), nd),
    pathLength: len.value(),
  };
}
