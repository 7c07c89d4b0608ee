/**
 * Where a coarse action's time goes (`npm run bench -- step --profile`): timers wrapped around the
 * methods a step calls, installed on one world's own objects (nothing in src/ is changed or slowed
 * for other runs). Each part is the time inside its method, the calls nested in it excluded:
 * - render: the simulator's renderer drawing a view (render.wasm);
 * - body: the rest of a sub-motion in the simulated body (navmesh move, actuation noise, clock);
 * - tracking: the tracker's WebAssembly call (`Tracker.trackInPlace`); bench/step.ts splits it
 *   further with the tracker's own stage times (pyramid, FAST, ORB, matching, pose optimisation,
 *   local map, keyframe, mapping, …);
 * - tracker_input: `Tracker.track` outside that call (checking the frame and copying it into the
 *   tracker's memory);
 * - pose_source: the pose source outside the tracker (its counters, the estimate it returns);
 * - mapping: the occupancy update of one frame (`OccupancyMap.integrate`: its TypeScript checks and
 *   navcore.wasm's kernels);
 * - loop_rebuild: the loop closure's re-integration share of the frame (`LoopRebuild.stepFrame`);
 * - glue: the rest of the action (the navigator's anchoring, motion check, floor tracking, banking
 *   the last view, the records).
 */
import { MethodTimer } from '../../src/eval/method-timer.js';
import type { World } from '../../src/world/world.js';

export const PROFILE_PARTS = ['render', 'body', 'tracking', 'tracker_input', 'pose_source', 'mapping', 'loop_rebuild', 'glue'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

export class StepProfile extends MethodTimer<ProfilePart> {
  /** The time of each part since the last call (glue: `totalMs` less the others), and starts afresh. */
  takeAction(totalMs: number): Record<ProfilePart, number> {
    const out = this.take(PROFILE_PARTS);
    out.glue = Math.max(0, totalMs - PROFILE_PARTS.reduce((s, p) => s + (p === 'glue' ? 0 : out[p]), 0));
    return out;
  }
}

/**
 * Installs the timers on a world's renderer, body, pose source (and its tracker when it has one),
 * occupancy map and loop rebuild. The body's `execute` is timed as `body` and the render inside it
 * as `render`, so `body` is what the sub-motion adds around its view.
 */
export function profileWorld(world: World): StepProfile {
  const p = new StepProfile();
  const nav = world.navigator;
  p.wrap(world.body.renderer, 'render', 'render');
  p.wrap(nav.body, 'execute', 'body');
  const source = nav.poseSource as unknown as { tracker?: object };
  p.wrap(source.tracker, 'trackInPlace', 'tracking');
  p.wrap(source.tracker, 'track', 'tracker_input');
  p.wrap(nav.poseSource, 'estimate', 'pose_source');
  p.wrap(nav.map, 'integrate', 'mapping');
  p.wrap(nav.loopRebuild, 'stepFrame', 'loop_rebuild');
  return p;
}
