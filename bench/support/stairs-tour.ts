/**
 * A lap over a flight of stairs (a helper, not a suite): in a two-storey procedural house the body
 * drives from its start up the staircase to the middle of the upstairs hallway and back down to the
 * start, along navmesh shortest paths with sub-motions only (loop-tour.ts). Ground truth drives the
 * body here (evaluation only, never the tracker).
 */
import type { Vec3 } from '../../src/geometry/pose.js';
import type { SimBody } from '../../src/body/sim-body.js';
import { TourDriver, type TourStep } from './loop-tour.js';

/** Two-storey procedural houses among seeds 0..29 (generate.ts: the seed decides the storeys). */
export const STAIRS_HOUSES = [11];

/**
 * The middle of the upstairs hallway, on the navmesh: the way there climbs the whole flight, crosses
 * the top landing and the gallery. Throws for a house with one storey.
 */
export function upstairsStop(body: SimBody): Vec3 {
  const hall = body.scene.rooms.find((r) => r.floor === 1 && r.type === 'hallway');
  if (!hall || body.scene.floors.length < 2) throw new Error(`house ${body.scene.name} has no upper floor`);
  const y = body.scene.floors[1].y;
  const s = body.navmesh.snap([(hall.x0 + hall.x1) / 2, y, (hall.z0 + hall.z1) / 2], 1.5);
  if (!s || Math.abs(s.point[1] - y) > 0.3) throw new Error(`house ${body.scene.name}: the upstairs hallway is not on the navmesh`);
  return s.point;
}

/**
 * The last corner at the start's floor height on the navmesh's way from the start up to `top`: the
 * foot of the flight (where the climb begins).
 */
export function footStop(body: SimBody, top: Vec3): Vec3 {
  const start = body.simPose.position;
  const path = body.navmesh.path(start, top);
  const up = path?.findIndex((p) => p[1] > start[1] + 0.1) ?? -1;
  if (!path || up < 1) throw new Error(`house ${body.scene.name}: no way up from the start`);
  return path[up - 1];
}

/**
 * Start → upstairs hallway → start, `laps` times, yielding every frame. `fromFoot`: the body first
 * drives to the foot of the flight unseen (no frame is yielded on the way), and the laps go from there.
 */
export async function* stairsTour(body: SimBody, laps = 1, maxFrames = 20000, fromFoot = false): AsyncGenerator<TourStep> {
  const top = upstairsStop(body);
  if (fromFoot) for await (const _ of new TourDriver(body, maxFrames).driveTo(footStop(body, top)));
  const start = body.simPose.position;
  const drive = new TourDriver(body, maxFrames);
  yield* drive.observe();
  for (let i = 0; i < laps && !drive.spent; i++) {
    yield* drive.driveTo(top);
    yield* drive.driveTo(start);
  }
}
