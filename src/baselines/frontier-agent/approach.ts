/**
 * The approach-goal state: once the goal is seen, check the route, walk to it and close when near;
 * when it drops out of view, walk on to where it was seen.
 */
import type { PlanarPoint } from '../../mapping/index.js';
import type { PlanarPose } from '../../geometry/index.js';
import { finish, goalName } from './close.js';
import { call, step, type AgentContext, type Reply, type Turn } from './context.js';
import { goalInView, imageGoalInView } from './goal-sighting.js';
import { follow } from './motion.js';

type ImageSighting = { point: PlanarPoint; similarity: number };

export async function approachGoal(a: AgentContext, turn: Turn, pose: PlanarPose): Promise<Reply | null> {
  const t = turn.task;
  const nav = a.oracle.navigator;
  const sighting = t.perception === 'image' ? await imageGoalInView(nav, a.imageGoals, nav.lastView) : null;
  const seen = t.perception === 'image' ? (sighting?.point ?? null) : goalInView(nav, nav.lastView, a.oracle.goalInstanceIds());
  if (sighting) t.matched = sighting.similarity;
  const fresh = seen && !t.rejected.some((r) => Math.hypot(r.x - seen.x, r.z - seen.z) < 1.0);
  if (fresh) return approachInView(a, turn, pose, seen, sighting);
  if (t.approaching) return approachLastSeen(a, turn, pose);
  return null;
}

/** The goal is in view (and was not rejected before). */
function approachInView(a: AgentContext, turn: Turn, pose: PlanarPose, seen: PlanarPoint, sighting: ImageSighting | null): Reply | null {
  const t = turn.task;
  const d = Math.hypot(seen.x - pose.x, seen.z - pose.z);
  if (d <= a.closeEnough || (t.approaching && t.stuck >= 4 && d <= 0.95)) {
    return finish(a, turn, sighting
      ? `The view ahead matches the goal photograph (encoder similarity ${sighting.similarity.toFixed(2)}); what it centres on is about ${d.toFixed(1)} m away.`
      : `The goal (${goalName(a, t)}) is in view about ${d.toFixed(1)} m away, right in front of the robot.`);
  }
  if (!t.approaching) {
    // The first sighting: check the route on the map before committing to it.
    t.approaching = true;
    t.stuck = 0;
    t.target = seen;
    return call('preview_path', { x: +seen.x.toFixed(2), z: +seen.z.toFixed(2) });
  }
  t.target = seen;
  if (t.stuck < 8) {
    const actions = follow(a.oracle.navigator, seen, pose, 0.45, a.perStep);
    if (actions) return step(actions);
  }
  // This sighting cannot be reached from here: search on, and come back if it shows up elsewhere.
  t.rejected.push(seen);
  t.approaching = false;
  t.target = null;
  t.stuck = 0;
  return null;
}

/** Lost sight of it while approaching: keep going to where it was seen. */
function approachLastSeen(a: AgentContext, turn: Turn, pose: PlanarPose): Reply | null {
  const t = turn.task;
  const d = t.target ? Math.hypot(t.target.x - pose.x, t.target.z - pose.z) : Infinity;
  if (t.target && t.stuck < 8 && d > a.closeEnough) {
    const actions = follow(a.oracle.navigator, t.target, pose, 0.45, a.perStep);
    if (actions) return step(actions);
  }
  // A photograph matches only from where it was taken, so arriving closer loses the match:
  // the earlier sighting is the evidence.
  if (t.perception === 'image' && t.matched !== null && d <= a.closeEnough) {
    return finish(a, turn, `A view matched the goal photograph (encoder similarity ${t.matched.toFixed(2)}); the robot is now about ${d.toFixed(1)} m from what that view centred on.`);
  }
  t.approaching = false;
  t.target = null;
  t.stuck = 0;
  t.lookTurns = 0; // look around here: the goal must be near
  return null;
}
