/**
 * Where an eval worker's time goes (`npm run bench -- eval`): one sequence's wall time split into
 * - startup: the worker thread's start until its module graph is loaded (posted with the split);
 * - open: planning the sequence, opening the run directory, the world and the roles (navmesh,
 *   WebAssembly instances, view encoder);
 * - render, body: the simulation (the renderer's view; the rest of a body step: navmesh move, noise);
 * - tracking: the pose source's estimate (the tracker's WebAssembly call and its input);
 * - mapping: the occupancy update of each frame and the loop closure's re-integration share;
 * - agent: the acting model's, judge's, wake-up's and consolidator's calls (offline agents here);
 * - recording: the evaluation's watch over each frame (objects seen, the true and estimated
 *   trajectories, the replay's map pictures; inside the body's step, so not counted as body);
 * - writing: the run's files (every harness write of the workspace, and the evaluation files,
 *   replay pictures and maps encoded and written after each task and at the run's end);
 * - other: the rest (the harness's loop, tool results and their pictures, the navigator's glue).
 * Installed only when asked (the bench), on the run's own objects: a plain eval runs unwrapped.
 */
import type { Workspace } from '../memory/index.js';
import type { World } from '../world/index.js';
import type { Roles } from './agents.js';
import { MethodTimer } from './method-timer.js';

export const SPLIT_PARTS = ['startup', 'open', 'render', 'body', 'tracking', 'mapping', 'agent', 'recording', 'writing', 'other'] as const;
export type SplitPart = (typeof SPLIT_PARTS)[number];
/** ms per part and the sequence's whole time in the worker (`total_ms`, startup included) */
export type TimeSplit = Record<SplitPart, number> & { total_ms: number };

export class RunTimer extends MethodTimer<SplitPart> {
  /** Wraps the methods of a run's world, roles and workspace that make up the parts. */
  instrument(world: World, roles: Roles, ws: Workspace): void {
    const nav = world.navigator;
    this.wrap(world.body.renderer, 'render', 'render');
    this.wrap(nav.body, 'execute', 'body');
    this.wrap(nav.poseSource, 'estimate', 'tracking');
    this.wrap(nav.poseSource, 'settle', 'tracking');
    this.wrap(nav.map, 'integrate', 'mapping');
    this.wrap(nav.loopRebuild, 'stepFrame', 'mapping');
    this.wrap(roles.actor, 'complete', 'agent');
    if (roles.consolidator !== roles.actor) this.wrap(roles.consolidator, 'complete', 'agent');
    this.wrap(roles.judge, 'check', 'agent');
    this.wrap(roles.wakeUp, 'brief', 'agent');
    this.wrap(ws, 'writeOwned', 'writing');
  }

  /** The split of a sequence that took `totalMs` in its worker, `startupMs` of it before the run began (other: the rest). */
  split(totalMs: number, startupMs: number): TimeSplit {
    const parts = this.take(SPLIT_PARTS);
    parts.startup = startupMs;
    parts.other = Math.max(0, totalMs - SPLIT_PARTS.reduce((s, p) => s + (p === 'other' ? 0 : parts[p]), 0));
    return { ...parts, total_ms: totalMs };
  }
}
