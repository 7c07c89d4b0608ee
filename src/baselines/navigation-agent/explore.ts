/**
 * EXPLORE: each turn, the one step that covers the most of what has not been looked at — a glance
 * (turn in place to the best heading) or a drive (up to 12 actions toward the nearest viewpoint with
 * unseen space around it), judged by what the view at the end of the step would cover.
 */
import { TURN_DEG } from '../../navigator/index.js';
import { act, close, goto, type Ctx, type Decision } from './context.js';
import { driveAndFace, openHeading, planRoute, simulate, turnsTo } from './motion.js';
import { nearestViewpoint, unseenAround } from './viewpoints.js';

const TURN = (TURN_DEG * Math.PI) / 180;
/** a view that would cover fewer new cells than this (0.4 m²) is not worth a turn */
const MIN_GAIN = 40;

export function explore(c: Ctx): Decision {
  const t = c.task;
  if (c.sighting) {
    t.goal = c.sighting.point;
    return goto('approach');
  }
  const glance = bestGlance(c);
  const drive = bestDrive(c);
  if (drive && drive.gain >= glance.gain) {
    t.target = drive.target;
    t.areas++;
    return act(drive.actions, `drive toward unseen space (${drive.gain} cells)`);
  }
  if (glance.gain >= MIN_GAIN) return act(glance.actions, `glance (${glance.gain} cells)`);
  if (drive) {
    t.target = drive.target;
    return act(drive.actions, 'drive toward unseen space');
  }
  if (glance.gain > 0) return act(glance.actions, `last glance (${glance.gain} cells)`);
  // no viewpoint the map can route to (a fresh layer just off the stairs knows little): edge into the open
  if (t.edged++ < 3) {
    return act([...turnsTo(openHeading(c.nav, c.pose), c.pose.yaw), ...(['forward', 'forward', 'forward', 'forward'] as const)].slice(0, 12), 'edge into the open');
  }
  // nothing reachable is left unseen on this floor: another floor, by stairs seen on the way
  t.floorsDone.push(c.nav.floor ?? 0);
  const here = stairsFrom(c);
  if (here) {
    t.stairs = { flight: here, turns: 0, onFlight: false };
    return goto('stairs');
  }
  return close(null);
}

function bestGlance(c: Ctx): { gain: number; actions: ReturnType<typeof turnsTo> } {
  const options: { k: number; gain: number }[] = [];
  for (let k = -12; k <= 12; k++) if (k !== 0) options.push({ k, gain: c.coverage.gain(c.grid, c.pose, c.pose.yaw + k * TURN) });
  const top = Math.max(0, ...options.map((o) => o.gain));
  if (top === 0) return { gain: 0, actions: [] };
  // within 15 % of the best view, the fewest turns: a near-tie must not flip the search to the other
  // side of the house on a few cells of map difference, and every turn costs a step
  const near = options.filter((o) => o.gain >= 0.85 * top).sort((a, b) => Math.abs(a.k) - Math.abs(b.k) || b.gain - a.gain);
  const pick = near[0];
  return { gain: pick.gain, actions: turnsTo(c.pose.yaw + pick.k * TURN, c.pose.yaw) };
}

function bestDrive(c: Ctx): { gain: number; actions: ReturnType<typeof turnsTo>; target: { x: number; z: number } } | null {
  const t = c.task;
  for (let attempt = 0; attempt < 12; attempt++) {
    // keep to the viewpoint chosen before while it is still worth reaching (no thrashing between targets)
    const kept = attempt === 0 && t.target && t.look && stillUnseen(c, t.target) ? { at: t.target, look: t.look } : null;
    const found = kept ?? nearestViewpoint(c.grid, c.coverage, { from: c.pose, ignore: t.ignore, ignoreRadiusM: 0.5, focus: t.focus });
    if (!found) return null;
    const vp = found.at;
    const route = planRoute(c.nav, vp);
    const actions = route.status === 'ok' ? driveAndFace(route.path, c.pose, found.look) : [];
    if (route.status !== 'ok' || route.lengthM < 0.3 || !actions.some((a) => a === 'forward')) {
      // unreachable, or already here (and the glance did not clear it): not a viewpoint
      t.ignore.push(vp);
      continue;
    }
    const end = simulate(c.pose, actions);
    t.look = found.look;
    return { gain: c.coverage.gain(c.grid, end, end.yaw) + 1, actions, target: vp };
  }
  return null;
}

/** A known flight from this floor to a floor not yet searched in this task. */
function stairsFrom(c: Ctx) {
  const floor = c.nav.floor ?? 0;
  return c.flights.find((f) => f.floor === floor && !(f.to !== undefined && c.task.floorsDone.includes(f.to)));
}

function stillUnseen(c: Ctx, p: { x: number; z: number }): boolean {
  return Math.hypot(p.x - c.pose.x, p.z - c.pose.z) > 0.5 && unseenAround(c.grid, c.coverage, p) >= 35;
}
