import type { Vec3 } from '../../geometry/index.js';
import { DistanceToGoal } from './distance-to-goal.js';
import { ndtw } from './ndtw.js';
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
  pathLength: number;
}

/**
 * The VLN-CE metrics of one instruction episode from the positions the agent passed through
 * (`trajectory[0]` is the start). `stopped` says whether the agent called STOP.
 */
export function scoreVlnEpisode(
  ep: { goal: { position: Vec3 }; referencePath: readonly Vec3[]; geodesicDistance: number; successRadius?: number },
  trajectory: readonly Vec3[],
  stopped: boolean,
  oracle: DistanceOracle,
): VlnScores {
  if (trajectory.length === 0) throw new Error('a trajectory has at least the start position');
  const radius = ep.successRadius ?? 3.0;
  const goal = ep.goal.position;
  const dist = new DistanceToGoal(goal, oracle), len = new PathLength();
  const sr = new Success(goal, oracle, radius), osr = new OracleSuccess(goal, oracle, radius);
  for (const m of [dist, len, sr, osr]) m.reset(trajectory[0]);
  for (const p of trajectory.slice(1)) for (const m of [dist, len, sr, osr]) m.update(p);
  if (stopped) sr.stop();
  return {
    ne: dist.value(),
    sr: sr.value(),
    osr: osr.value(),
    spl: spl(sr.value(), ep.geodesicDistance, len.value()),
    ndtw: ndtw(trajectory, ep.referencePath, radius),
    pathLength: len.value(),
  };
}
