/**
 * The staircase of a two-storey house: a stair hall built onto the east end of the hallway. From the
 * ground-floor hallway a door opens onto a bottom landing; a straight flight (rise ≤ 0.18 m, going
 * 0.28 m) climbs east along the hall's south side to a top landing, and a gallery with a railing
 * leads back west to the upstairs hallway's door. Steps are solid boxes, so the navmesh follows them.
 */
import type { SceneBuilder, FaceStyle } from '../builder.js';
import type { Rng } from '../random.js';
import { FLAG_NO_COLLIDE } from '../scene.js';
import type { FloorPlan, PlanDoor } from './layout.js';
import { DOOR_HEIGHT, HALF_WALL, roomLook } from './structure.js';

export interface StairHall {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  /** flight: from xa (bottom) to xb (top) in the band fz0..fz1 */
  xa: number;
  xb: number;
  fz0: number;
  fz1: number;
  steps: number;
  rise: number;
  upperY: number;
  door: { at: number; width: number };
}

export function stairLayout(plan: FloorPlan, upperY: number): StairHall {
  const W = plan.width;
  const z0 = plan.hallZ0,
    z1 = plan.hallZ1 + 1.1;
  const fz1 = z1 - HALF_WALL,
    fz0 = fz1 - 1.0;
  const steps = Math.ceil(upperY / 0.18);
  const xa = W + HALF_WALL + 1.1,
    xb = xa + steps * 0.28;
  const hallW = plan.hallZ1 - plan.hallZ0;
  return {
    x0: W,
    x1: xb + 1.2 + HALF_WALL,
    z0,
    z1,
    xa,
    xb,
    fz0,
    fz1,
    steps,
    rise: upperY / steps,
    upperY,
    door: { at: (plan.hallZ0 + plan.hallZ1) / 2, width: Math.min(1.0, hallW - 0.3) },
  };
}

/** The door joining a storey's hallway (room 0) to the stair hall (local index `stairIndex`). */
export function stairDoor(plan: FloorPlan, s: StairHall, stairIndex: number): PlanDoor {
  return { rooms: [plan.hallway, stairIndex], wallAxis: 'z', line: s.x0, at: s.door.at, width: s.door.width };
}

export function buildStairHall(b: SceneBuilder, rng: Rng, s: StairHall, ceiling: number, rooms: { lower: number; upper: number }): void {
  const look = roomLook(b, rng, 'hallway');
  const meta = (room: number, floor: number) => ({
    structural: true,
    goal: false,
    room,
    floor,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  });
  const floorId = b.object({ ...meta(rooms.lower, 0), category: 'floor' });
  const wallId = b.object({ ...meta(rooms.lower, 0), category: 'wall' });
  const stairsId = b.object({ ...meta(rooms.lower, 0), category: 'stairs' });
  const railId = b.object({ ...meta(rooms.upper, 1), category: 'railing' });
  const ceilId = b.object({ ...meta(rooms.upper, 1), category: 'ceiling' });
  const top = s.upperY + ceiling;
  const floorStyle: FaceStyle = { tex: look.floor, scale: 7.68, offset: [rng.next(), rng.next()] };
  const wallStyle: FaceStyle = { tex: look.wall, scale: 5.12, scaleV: 2.56, offset: [rng.next(), 0] };
  const trim: FaceStyle = { tex: look.trim, scale: 0.5 };
  const ceilStyle: FaceStyle = { tex: look.ceiling, scale: 2.56 };

  b.box([s.x0, -0.05, s.z0], [s.x1, 0, s.z1], { id: floorId, style: { py: floorStyle } });
  b.box([s.x0, top, s.z0], [s.x1, top + 0.05, s.z1], { id: ceilId, style: { ny: ceilStyle }, flags: FLAG_NO_COLLIDE });
  // outer walls, both storeys high
  b.box([s.x0, 0, s.z0], [s.x1, top, s.z0 + HALF_WALL], { id: wallId, style: wallStyle });
  b.box([s.x0, 0, s.z1 - HALF_WALL], [s.x1, top, s.z1], { id: wallId, style: wallStyle });
  b.box([s.x1 - HALF_WALL, 0, s.z0], [s.x1, top, s.z1], { id: wallId, style: wallStyle });
  // west wall with a door on each storey
  const d0 = s.door.at - s.door.width / 2,
    d1 = s.door.at + s.door.width / 2;
  const west = (za: number, zb: number, ya: number, yb: number) => b.box([s.x0, ya, za], [s.x0 + HALF_WALL, yb, zb], { id: wallId, style: wallStyle });
  west(s.z0, d0, 0, top);
  west(d1, s.z1, 0, top);
  west(d0, d1, DOOR_HEIGHT, s.upperY);
  west(d0, d1, s.upperY + DOOR_HEIGHT, top);
  // the flight: one solid box per step
  const stepStyle = { py: floorStyle, nx: trim, pz: wallStyle, nz: wallStyle };
  for (let i = 0; i < s.steps; i++) {
    b.box([s.xa + i * 0.28, 0, s.fz0], [s.xa + (i + 1) * 0.28, (i + 1) * s.rise, s.fz1], { id: stairsId, style: stepStyle });
  }
  // top landing (solid) and the gallery slab back to the upstairs door
  b.box([s.xb, 0, s.z0 + HALF_WALL], [s.x1 - HALF_WALL, s.upperY, s.z1 - HALF_WALL], { id: stairsId, style: { py: floorStyle, nx: wallStyle } });
  b.box([s.x0 + HALF_WALL, s.upperY - 0.2, s.z0 + HALF_WALL], [s.xb, s.upperY, s.fz0], { id: stairsId, style: { py: floorStyle, ny: ceilStyle, pz: trim } });
  // railing along the gallery's edge over the flight
  const rail: FaceStyle = { tex: look.trim, scale: 0.3 };
  for (let x = s.x0 + 0.25; x < s.xb - 0.05; x += 0.14) {
    b.box([x, s.upperY, s.fz0 - 0.04], [x + 0.03, s.upperY + 0.9, s.fz0 - 0.01], { id: railId, style: rail });
  }
  b.box([s.x0 + HALF_WALL, s.upperY + 0.9, s.fz0 - 0.06], [s.xb, s.upperY + 0.96, s.fz0], {
    id: railId,
    style: { ...{ px: rail, nx: rail, py: rail, pz: rail, nz: rail, ny: rail } },
  });
}
