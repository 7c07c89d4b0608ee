/**
 * Floor plans: a rectangular house with a hallway strip across it and rooms on both sides (optionally a
 * living room spanning the whole depth at the west end). Every room opens onto the hallway; the living
 * room and the kitchen also share a door when they touch. Coordinates are wall centre lines in metres.
 */
import type { Rng } from '../random.js';
import type { RoomType } from '../scene.js';

export interface PlanRoom {
  type: RoomType;
  name: string;
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export interface PlanDoor {
  rooms: [number, number];
  wallAxis: 'x' | 'z';
  /** wall line: z for a wall along x, x for a wall along z */
  line: number;
  /** centre of the opening along the wall */
  at: number;
  width: number;
}

export interface FloorPlan {
  width: number;
  depth: number;
  ceiling: number;
  rooms: PlanRoom[];
  doors: PlanDoor[];
  hallway: number;
  /** the hallway band, shared by every storey (the staircase opens onto its east end) */
  hallZ0: number;
  hallZ1: number;
  /**
   * the perceptual-aliasing plan's two identical rooms [original, copy]: the same size side by side,
   * the same type, door offset and window wall; the copy is built and furnished from the original's
   * random streams, so that it looks the same from the same relative spot
   */
  twins?: [number, number];
}

/** Width of each twin room when the strip leaves room for another one beside them. */
const TWIN_WIDTH = 3.6;

/** An upper storey over an existing plan: same footprint and hallway band, bedrooms and bathrooms. */
export interface UpperFloor {
  below: FloorPlan;
  /** room-type counts so far, so names stay unique across storeys */
  seen: Map<RoomType, number>;
}

const ORDINAL = ['', 'second ', 'third ', 'fourth ', 'fifth ', 'sixth ', 'seventh ', 'eighth ', 'ninth ', 'tenth '];

/** Splits [a, b] into pieces of width in [lo, hi] (the last piece absorbs the remainder). */
function split(rng: Rng, a: number, b: number, lo: number, hi: number): number[] {
  const cuts = [a];
  let x = a;
  while (b - x > hi) {
    const w = rng.range(lo, hi);
    if (b - (x + w) < lo) break;
    x += w;
    cuts.push(x);
  }
  cuts.push(b);
  return cuts;
}

/** Interval shared by two rooms along a wall, or null if they do not touch over ≥ minLen. */
function sharedWall(a: PlanRoom, b: PlanRoom, minLen: number): { wallAxis: 'x' | 'z'; line: number; from: number; to: number } | null {
  const eps = 1e-6;
  for (const [p, q] of [
    [a, b],
    [b, a],
  ] as const) {
    if (Math.abs(p.x1 - q.x0) < eps) {
      const from = Math.max(p.z0, q.z0),
        to = Math.min(p.z1, q.z1);
      if (to - from >= minLen) return { wallAxis: 'z', line: p.x1, from, to };
    }
    if (Math.abs(p.z1 - q.z0) < eps) {
      const from = Math.max(p.x0, q.x0),
        to = Math.min(p.x1, q.x1);
      if (to - from >= minLen) return { wallAxis: 'x', line: p.z1, from, to };
    }
  }
  return null;
}

const area = (r: PlanRoom) => (r.x1 - r.x0) * (r.z1 - r.z0);
const smallest = (rooms: PlanRoom[], free: number[]) => free.reduce((best, i) => (area(rooms[i]) < area(rooms[best]) ? i : best), free[0]);

/** Ordinal names per type, counted across floors (`seen` carries the ground floor's counts upstairs). */
function nameRooms(rooms: PlanRoom[], seen: Map<RoomType, number>, upper: boolean): void {
  for (const r of rooms) {
    const n = seen.get(r.type) ?? 0;
    seen.set(r.type, n + 1);
    r.name = r.type === 'hallway' && upper ? 'upstairs hallway' : `${ORDINAL[n] ?? `${n + 1}th `}${r.type}`;
  }
}

/** A door on the wall rooms `a` and `b` share, if they share 1.3 m of it. */
function addDoor(rng: Rng, rooms: PlanRoom[], doors: PlanDoor[], a: number, b: number): boolean {
  const w = sharedWall(rooms[a], rooms[b], 1.3);
  if (!w) return false;
  const width = rng.range(0.9, 1.1);
  const margin = 0.15 + width / 2;
  const at = w.from + margin + rng.next() * Math.max(0, w.to - w.from - 2 * margin);
  doors.push({ rooms: [a, b], wallAxis: w.wallAxis, line: w.line, at, width });
  return true;
}

/** Upstairs: bedrooms, a bathroom (the smallest room) and a study. */
function assignUpperTypes(rooms: PlanRoom[], free: number[]): void {
  const bath = smallest(rooms, free);
  rooms[bath].type = 'bathroom';
  const others = free.filter((i) => i !== bath);
  const kinds: RoomType[] = ['bedroom', 'bedroom', 'office', 'bedroom', 'bathroom'];
  others.forEach((i, k) => (rooms[i].type = kinds[k % kinds.length]));
}

/**
 * Ground floor: living room (largest, unless already at the west end), kitchen next to it, bathroom
 * (smallest), then bedrooms, an office and a dining room. Returns the living room and kitchen.
 */
function assignGroundTypes(rng: Rng, rooms: PlanRoom[], free: number[]): { living: number; kitchen: number } {
  let living = rooms.findIndex((r) => r.type === 'living room');
  if (living < 0) {
    living = free.reduce((best, i) => (area(rooms[i]) > area(rooms[best]) ? i : best), free[0]);
    rooms[living].type = 'living room';
    free.splice(free.indexOf(living), 1);
  }
  const touching = free.filter((i) => sharedWall(rooms[living], rooms[i], 1.6));
  const kitchen = touching.length > 0 ? rng.pick(touching) : free[0];
  rooms[kitchen].type = 'kitchen';
  free.splice(free.indexOf(kitchen), 1);
  if (free.length > 0) {
    const bath = smallest(rooms, free);
    rooms[bath].type = 'bathroom';
    free.splice(free.indexOf(bath), 1);
  }
  const rest: RoomType[] = ['bedroom', 'office', 'bedroom', 'dining room', 'bedroom', 'bathroom', 'office'];
  rng.shuffle(free);
  free.forEach((i, k) => (rooms[i].type = rest[k % rest.length]));
  return { living, kitchen };
}

/** Cuts of the south strip for two twin rooms of equal width at its west end (then ordinary rooms). */
function twinCuts(rng: Rng, a: number, b: number): number[] {
  if (b - a < 2 * TWIN_WIDTH + 2.8) return [a, (a + b) / 2, b];
  return [a, a + TWIN_WIDTH, ...split(rng, a + 2 * TWIN_WIDTH, b, 2.8, 4.8)];
}

/** The copy's door onto the hallway takes the original's width and offset along the wall. */
function copyTwinDoor(rooms: PlanRoom[], doors: PlanDoor[], [a, b]: [number, number]): void {
  const da = doors.find((d) => d.rooms[0] === 0 && d.rooms[1] === a)!,
    db = doors.find((d) => d.rooms[0] === 0 && d.rooms[1] === b)!;
  db.width = da.width;
  db.at = da.at + (rooms[b].x0 - rooms[a].x0);
}

/** `twins`: the perceptual-aliasing plan (ground floor only): two identical rooms side by side. */
export function generatePlan(rng: Rng, upper?: UpperFloor, twins = false): FloorPlan {
  const width = upper ? upper.below.width : rng.range(10, 14);
  const depth = upper ? upper.below.depth : rng.range(8.4, 10.5);
  const ceiling = upper ? upper.below.ceiling : rng.range(2.5, 2.75);
  const hallW = upper ? upper.below.hallZ1 - upper.below.hallZ0 : rng.range(1.35, 1.6);
  const zh = upper ? upper.below.hallZ0 : rng.range(0.45, 0.55) * depth - hallW / 2;
  const westLiving = upper ? false : rng.chance(0.5);
  const hx0 = westLiving ? rng.range(3.6, 4.6) : 0;

  const rooms: PlanRoom[] = [];
  rooms.push({ type: 'hallway', name: 'hallway', x0: hx0, z0: zh, x1: width, z1: zh + hallW });
  if (westLiving) rooms.push({ type: 'living room', name: 'living room', x0: 0, z0: 0, x1: hx0, z1: depth });
  const strips: [number, number][] = [
    [0, zh],
    [zh + hallW, depth],
  ];
  const free: number[] = [];
  let pair: [number, number] | undefined;
  for (const [z0, z1] of strips) {
    const twinStrip = twins && !upper && z0 === 0;
    const cuts = twinStrip ? twinCuts(rng, hx0, width) : split(rng, hx0, width, 2.8, 4.8);
    for (let i = 0; i + 1 < cuts.length; i++) {
      // the twins keep the type 'bedroom' (the most furnished) out of the type draw
      if (twinStrip && i < 2) pair = i === 0 ? [rooms.length, rooms.length + 1] : pair;
      else free.push(rooms.length);
      rooms.push({ type: 'bedroom', name: '', x0: cuts[i], z0, x1: cuts[i + 1], z1 });
    }
  }

  const ground = upper ? null : assignGroundTypes(rng, rooms, free);
  if (upper) assignUpperTypes(rooms, free);
  nameRooms(rooms, upper?.seen ?? new Map<RoomType, number>(), !!upper);
  const doors: PlanDoor[] = [];
  for (let i = 1; i < rooms.length; i++) {
    if (!addDoor(rng, rooms, doors, 0, i)) throw new Error(`floor plan: room ${rooms[i].name} does not touch the hallway`);
  }
  if (ground && sharedWall(rooms[ground.living], rooms[ground.kitchen], 1.6)) addDoor(rng, rooms, doors, ground.living, ground.kitchen);
  if (pair) copyTwinDoor(rooms, doors, pair);
  return { width, depth, ceiling, rooms, doors, hallway: 0, hallZ0: zh, hallZ1: zh + hallW, ...(pair ? { twins: pair } : {}) };
}
