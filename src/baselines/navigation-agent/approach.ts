/**
 * APPROACH: drive to where the goal was seen, stopping within reach and turned toward it. A goal the
 * map offers no way to (the route ends far from it) is approached from another side: exploration
 * resumes with viewpoints near it preferred. A sighting that stops getting closer is given up.
 */
import type { PlanarPoint } from '../../mapping/index.js';
import { act, close, goto, type Ctx, type Decision } from './context.js';
import { cutRoute, driveAndFace, headingTo, planRoute, turnsTo } from './motion.js';

/** claim when the nearest seen goal surface is this close (success counts within 1 m of the object) */
export const REACH_M = 0.9;
/** the seen goal point lies on its surface, an obstacle cell of the map: the sight line stops short of it */
const SURFACE_SPARE_M = 0.2;
/** a goal whose own free cell is out of reach is approached to the nearest reachable cell this close */
const NEAR_M = 1.5;
/** turns without getting closer before a sighting is given up */
const MAX_STALLS = 5;

export function approach(c: Ctx): Decision {
  const t = c.task;
  if (c.sighting) t.goal = c.sighting.point;
  const g = t.goal;
  if (!g) return goto('explore');
  const d = Math.hypot(g.x - c.pose.x, g.z - c.pose.z);
  // within reach across a wall is not within reach: the route goes round to the open side
  if (d <= REACH_M && (c.sighting || c.grid.clearLine(c.pose, g, SURFACE_SPARE_M))) {
    // within reach of where it was seen but not in view: look at it once before claiming
    if (!c.sighting && !t.faced) {
      t.faced = true;
      const turns = turnsTo(headingTo(c.pose, g), c.pose.yaw);
      if (turns.length) return act(turns, 'face the goal before claiming');
    }
    // facing it and still not seeing it: the route ended on the wrong side of a wall or counter
    // (the check's stop views would not show it either), so it is approached from elsewhere
    if (!c.sighting) return aroundIt(c, g);
    return close(`The goal (${c.oracle.goalLabel()}) is in view about ${d.toFixed(1)} m away, within reach of the robot.`);
  }
  const route = planRoute(c.nav, g, NEAR_M);
  if (route.status !== 'ok') return aroundIt(c, g);
  // progress is the route still to drive: a way round a wall first leads away from the goal
  if (route.lengthM < t.bestGoalDistM - 0.1) {
    t.bestGoalDistM = route.lengthM;
    t.stalls = 0;
  } else t.stalls++;
  if (t.stalls > MAX_STALLS) return giveUp(c, g);
  const gap = Math.hypot(route.target.x - g.x, route.target.z - g.z);
  if (gap > REACH_M + 0.1 && Math.hypot(route.target.x - c.pose.x, route.target.z - c.pose.z) < 0.4) return aroundIt(c, g);
  const path = cutRoute(route.path, g, REACH_M - 0.15, (p) => c.grid.clearLine(p, g, SURFACE_SPARE_M));
  const actions = driveAndFace(path, c.pose, g);
  if (actions.length) return act(actions, `approach the goal (${d.toFixed(1)} m)`);
  return act(turnsTo(headingTo(c.pose, g), c.pose.yaw).concat(['forward']).slice(0, 12), 'edge toward the goal');
}

/** The map has no way to the goal from here: explore near it (another side, a door). */
function aroundIt(c: Ctx, g: PlanarPoint): Decision {
  c.task.focus = g;
  c.task.goal = null;
  c.task.faced = false;
  c.task.stalls = 0;
  c.task.bestGoalDistM = Infinity;
  // this sighting point is not approached again until it is seen from elsewhere
  c.task.rejected.push({ point: g, from: { x: c.pose.x, z: c.pose.z } });
  return goto('explore');
}

function giveUp(c: Ctx, g: PlanarPoint): Decision {
  c.task.rejected.push({ point: g, from: null });
  c.task.goal = null;
  c.task.faced = false;
  c.task.focus = null;
  c.task.stalls = 0;
  c.task.bestGoalDistM = Infinity;
  return goto('explore');
}
