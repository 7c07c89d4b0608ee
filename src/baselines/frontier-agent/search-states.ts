/**
 * The states that move the robot in search of the goal (besides approach-goal, approach.ts): stop
 * when the step budget is spent, back off after a collision, look around, explore the frontiers
 * of the estimated map and then cover it.
 */
import type { PlanarPose } from '../../geometry/index.js';
import { finish } from './close.js';
import { lastStepSaid, step, type AgentContext, type Reply, type StateResult, type Turn } from './context.js';
import { follow, openHeading, turnsTo } from './motion.js';

export type SearchState = (a: AgentContext, turn: Turn, pose: PlanarPose) => StateResult;

export function budgetSpent(a: AgentContext, turn: Turn): Reply | null {
  return lastStepSaid(turn.messages, /budget is exhausted|terminated/) ? finish(a, turn, null) : null;
}

/** After bumping into something, turn toward the most open direction of the map and step once. */
export function unstick(a: AgentContext, turn: Turn, pose: PlanarPose): Reply | null {
  if (!lastStepSaid(turn.messages, /Collision during/)) return null;
  turn.task.stuck++;
  return step([...turnsTo(openHeading(a.oracle.navigator, pose), pose.yaw), 'forward']);
}

/** Look around (eight 45° glances) at the start of a task and at each coverage stop. */
export function lookAround(_a: AgentContext, turn: Turn, pose: PlanarPose): Reply | null {
  const t = turn.task;
  if (t.lookTurns >= 24) return null;
  t.lookTurns += 3;
  if (t.lookTurns >= 24) t.lookedFrom.push({ x: pose.x, z: pose.z });
  return step(['left', 'left', 'left']);
}

/**
 * Explore: the nearest frontier of the estimated map, skipping ones that proved useless; when no
 * frontier is left, cover the map, stopping to look around wherever no look was taken.
 */
export function exploreFrontier(a: AgentContext, turn: Turn, pose: PlanarPose): Reply {
  const t = turn.task;
  const nav = a.oracle.navigator;
  if (t.target && Math.hypot(t.target.x - pose.x, t.target.z - pose.z) < 0.5) {
    if (t.coverage) t.arrived = true;
    else t.ignore.push(t.target);
    t.target = null;
  }
  if (t.stuck >= 4 && t.target) {
    t.ignore.push(t.target);
    t.target = null;
    t.stuck = 0;
  }
  if (!t.target) {
    const floor = nav.floor ?? 0;
    if (t.coverage && t.arrived) {
      t.arrived = false;
      t.lookTurns = 0;
      return step(['left', 'left', 'left']);
    }
    const f = t.coverage ? null : a.frontiers.nearest(pose, floor, { minDistM: 0.5, ignore: t.ignore, ignoreRadiusM: 0.6 });
    // No known free space around the robot yet (tracking just recovered, a fresh layer): look and edge forward.
    if (!f && !t.coverage && !a.frontiers.lastStartFound) return step(['left', 'left', 'forward']);
    if (f) {
      t.target = f.point;
    } else {
      t.coverage = true;
      const c = a.frontiers.nearest(pose, floor, { minDistM: 1.0, minUnknown: 0, ignore: [...t.ignore, ...t.lookedFrom], ignoreRadiusM: 2.0 });
      if (!c) return finish(a, turn, null);
      t.target = c.point;
    }
    t.searched.push(`area ${t.searched.length + 1}`);
  }
  const actions = follow(nav, t.target, pose, 0.0, a.perStep);
  if (!actions) {
    t.ignore.push(t.target);
    t.target = null;
    return step(['left']);
  }
  return step(actions);
}
