/**
 * A long trajectory with loops (a helper, not a suite): the body drives laps through the rooms of
 * the ground floor, the same cycle every lap, along navmesh shortest paths, with sub-motions only
 * (turn towards the next corner in 3° steps, then 0.05 m steps). Every lap passes the same rooms in
 * the same direction, so a tracker sees each place again after a whole lap of drift: the loops
 * loop closing must find. Ground truth drives the body here (evaluation only, never the tracker).
 */
import type { Vec3 } from '../../src/geometry/pose.js';
import { wrapAngle } from '../../src/geometry/index.js';
import type { SimBody } from '../../src/body/sim-body.js';
import type { BodyFrame, SubMotion } from '../../src/body/body.js';

export interface TourStep {
  frame: BodyFrame;
  /** the sub-motion that produced the frame ('observe' for the first) */
  motion: SubMotion | 'observe';
  /** the body reported a collision during that sub-motion */
  collided: boolean;
}

const TURN_TOLERANCE = (2 * Math.PI) / 180;
const REACHED_M = 0.08;

/** Room centres of the ground floor that the navmesh reaches, as a cycle from the start room. */
export function tourStops(body: SimBody): Vec3[] {
  const rooms = body.scene.rooms.filter((r) => r.floor === 0 && r.type !== 'staircase');
  const start = body.simPose.position;
  const stops: Vec3[] = [];
  for (const r of rooms) {
    const c: Vec3 = [(r.x0 + r.x1) / 2, start[1], (r.z0 + r.z1) / 2];
    const s = body.navmesh.snap(c, 1.2);
    if (s && Number.isFinite(body.navmesh.geodesic(start, s.point))) stops.push(s.point);
  }
  // nearest-neighbour order from the start: a lap visits rooms next to each other in turn
  const order: Vec3[] = [];
  let at = start;
  const left = [...stops];
  while (left.length) {
    let best = 0;
    for (let i = 1; i < left.length; i++) if (body.navmesh.geodesic(at, left[i]) < body.navmesh.geodesic(at, left[best])) best = i;
    at = left.splice(best, 1)[0];
    order.push(at);
  }
  return order;
}

function headingTo(from: Vec3, to: Vec3): number {
  return Math.atan2(-(to[0] - from[0]), -(to[2] - from[2]));
}

/**
 * Drives the body along navmesh shortest paths with sub-motions only (turn towards the next corner in
 * 3° steps, then 0.05 m steps), counting frames and the path driven (horizontal, as the laps count it).
 */
export class TourDriver {
  frames = 0;
  pathM = 0;
  constructor(
    private readonly body: SimBody,
    private readonly maxFrames: number,
  ) {}

  get spent(): boolean {
    return this.frames >= this.maxFrames;
  }

  async *observe(): AsyncGenerator<TourStep> {
    this.frames++;
    yield { frame: await this.body.observe(), motion: 'observe', collided: false };
  }

  async *step(m: SubMotion): AsyncGenerator<TourStep> {
    const before = this.body.simPose.position;
    const r = await this.body.execute(m, { transient: true });
    const after = this.body.simPose.position;
    this.pathM += Math.hypot(after[0] - before[0], after[2] - before[2]);
    this.frames++;
    yield { frame: r.frame, motion: m, collided: r.collided };
  }

  /** to `stop` along the navmesh's shortest path (over flights of stairs where it leads there) */
  async *driveTo(stop: Vec3): AsyncGenerator<TourStep> {
    const body = this.body;
    const path = body.navmesh.path(body.simPose.position, stop) ?? [stop];
    for (const corner of path.slice(1)) {
      let stuck = 0;
      while (!this.spent) {
        const p = body.simPose.position;
        if (Math.hypot(corner[0] - p[0], corner[2] - p[2]) < REACHED_M) break;
        const err = wrapAngle(headingTo(p, corner) - body.simPose.yaw);
        if (Math.abs(err) > TURN_TOLERANCE) {
          yield* this.step(err > 0 ? 'left' : 'right');
          continue;
        }
        const before = this.pathM;
        yield* this.step('forward');
        // sliding along a wall: give up this corner after a few blocked steps (the next one replans)
        if (this.pathM - before < 0.01 && ++stuck > 3) break;
      }
    }
  }
}

/**
 * Drives laps of `tourStops` until `minPathM` metres have been driven (at least `minLaps` laps),
 * yielding every frame. `maxFrames` bounds a tour that cannot make progress. `overrun`: each lap
 * drives on to the second room after the return to the first, so that a one-lap tour still makes
 * the keyframes after the return (the place search needs two that agree) before it ends.
 */
export async function* loopTour(body: SimBody, minPathM: number, minLaps = 2, maxFrames = 20000, overrun = false): AsyncGenerator<TourStep> {
  const stops = tourStops(body);
  if (stops.length < 2) throw new Error(`house ${body.scene.name}: fewer than two reachable rooms for a loop`);
  const drive = new TourDriver(body, maxFrames);
  yield* drive.observe();
  let laps = 0;
  while ((drive.pathM < minPathM || laps < minLaps) && !drive.spent) {
    for (const stop of overrun ? [...stops, stops[0], stops[1]] : [...stops, stops[0]]) yield* drive.driveTo(stop);
    laps++;
  }
}
