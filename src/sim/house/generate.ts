/**
 * Seeded procedural houses: floor plan → walls, floors, ceilings → furniture per room type → start
 * pose. The same seed always gives the same scene (every random draw comes from `Rng` streams forked
 * by name, so one part's draws never shift another's).
 */
import { SceneBuilder } from '../builder.js';
import { Rng, hashString } from '../random.js';
import type { Door, FloorLevel, Room, RoomType, Scene, StartPose } from '../scene.js';
import { generatePlan, type FloorPlan, type PlanRoom } from './layout.js';
import { RoomFurnisher, type Placed, type Side } from './placement.js';
import { buildStructure } from './structure.js';
import { buildStairHall, stairDoor, stairLayout, type StairHall } from './stairs.js';

/** Draw helpers a furnishing recipe uses; every draw comes from the room's own stream. */
interface Draws {
  maybe: (p: number, fn: () => unknown) => void;
  times: (lo: number, hi: number, fn: () => unknown) => void;
}

type Recipe = (f: RoomFurnisher, rng: Rng, d: Draws) => void;

/** What each room type gets, in draw order (the order fixes the seed's outcome). */
const RECIPES: Partial<Record<RoomType, Recipe>> = {
  'living room': (f, rng, d) => {
    const sofa = f.wall('sofa');
    if (sofa) {
      const table = f.center('coffee table', { ...f.frontOf(sofa, 0.75), spread: 0.2 }, sofa.p.rot);
      if (table) clutter(f, table, rng, 2);
    }
    const stand = f.wall('cabinet');
    if (stand) {
      f.on('tv', stand);
      clutter(f, stand, rng, 1);
    }
    d.times(0, 2, () => f.wall('armchair'));
    d.maybe(0.6, () => f.wall('bookshelf'));
    d.times(1, 2, () => f.wall('plant', { corner: true }));
    d.maybe(0.7, () => f.wall('lamp', { corner: true }));
    d.maybe(0.6, () => f.center('rug', undefined, undefined, false));
    d.times(1, 2, () => f.hang('painting'));
  },
  kitchen: (f, rng, d) => {
    const counter = f.wall('counter');
    f.wall('sink');
    f.wall('oven');
    f.wall('fridge', { corner: true });
    if (counter) {
      d.maybe(0.8, () => f.on('microwave', counter));
      clutter(f, counter, rng, 2);
    }
    const table = f.center('table');
    if (table) {
      f.chairsAround(table, rng.int(2, 4));
      clutter(f, table, rng, 2);
    }
    d.maybe(0.5, () => f.wall('plant', { corner: true }));
    d.maybe(0.5, () => f.hang('painting'));
  },
  bedroom: (f, rng, d) => {
    const bed = f.wall('bed');
    if (bed) {
      const left = f.beside('nightstand', bed, -1);
      if (left) d.maybe(0.7, () => f.on('table lamp', left));
      if (left) clutter(f, left, rng, 1);
      d.maybe(0.6, () => f.beside('nightstand', bed, 1));
      d.maybe(0.7, () => f.hang('painting', bed));
    }
    f.wall('wardrobe');
    d.maybe(0.4, () => {
      const desk = f.wall('desk');
      if (desk) f.chairFacing({ x: desk.p.cx, z: desk.p.cz }, f.frontOf(desk, 0.05));
    });
    d.maybe(0.6, () => f.wall('plant', { corner: true }));
    d.maybe(0.5, () => f.center('rug', undefined, undefined, false));
    d.maybe(0.5, () => f.hang('painting'));
  },
  bathroom: (f, rng, d) => {
    f.wall('toilet');
    const sink = f.wall('sink');
    if (sink) f.hang('mirror', sink);
    d.maybe(0.7, () => f.wall('bathtub', { corner: true }));
    d.maybe(0.5, () => f.wall('washing machine'));
    d.maybe(0.4, () => f.wall('plant', { corner: true }));
  },
  office: (f, rng, d) => {
    const desk = f.wall('desk');
    if (desk) {
      f.chairFacing({ x: desk.p.cx, z: desk.p.cz }, f.frontOf(desk, 0.05));
      d.maybe(0.5, () => f.on('table lamp', desk));
      clutter(f, desk, rng, 2);
    }
    d.times(1, 2, () => f.wall('bookshelf'));
    d.maybe(0.6, () => f.wall('lamp', { corner: true }));
    d.maybe(0.5, () => f.wall('armchair'));
    f.wall('plant', { corner: true });
    d.times(1, 2, () => f.hang('painting'));
  },
  'dining room': (f, rng, d) => {
    const table = f.center('table');
    if (table) {
      f.chairsAround(table, rng.int(4, 6));
      clutter(f, table, rng, 3);
    }
    const cab = f.wall('cabinet');
    if (cab) d.maybe(0.6, () => f.on('table lamp', cab));
    if (cab) clutter(f, cab, rng, 2);
    d.times(1, 2, () => f.wall('plant', { corner: true }));
    d.times(1, 2, () => f.hang('painting'));
  },
  hallway: (f, rng, d) => {
    d.maybe(0.7, () => f.wall('plant', { corner: true }));
    d.maybe(0.3, () => f.wall('cabinet'));
    d.times(1, 3, () => f.hang('painting'));
  },
};

function furnish(f: RoomFurnisher, rng: Rng): void {
  const draws: Draws = {
    maybe: (p, fn) => {
      if (rng.chance(p)) fn();
    },
    times: (lo, hi, fn) => {
      const n = rng.int(lo, hi);
      for (let i = 0; i < n; i++) fn();
    },
  };
  RECIPES[f.room.type]?.(f, rng, draws);
}

/** Small things on a surface: vases, bowls, book stacks. */
function clutter(f: RoomFurnisher, base: Placed, rng: Rng, n: number): void {
  for (let i = 0; i < n; i++) {
    if (rng.chance(0.75)) f.on(rng.pick(['vase', 'bowl', 'book stack', 'vase']), base, true);
  }
}

/** A free spot in the living room near its centre, looking along the room's longer axis. */
function startPose(f: RoomFurnisher): StartPose {
  const g = f.freeGrid();
  const seen = f.reachable(g) ?? g;
  const r = f.inner;
  const nx = Math.ceil((r.x1 - r.x0) / 0.1);
  const cx = (r.x0 + r.x1) / 2,
    cz = (r.z0 + r.z1) / 2;
  let best = -1,
    bestD = Infinity;
  for (let c = 0; c < seen.length; c++) {
    if (!seen[c]) continue;
    const x = r.x0 + ((c % nx) + 0.5) * 0.1,
      z = r.z0 + (Math.floor(c / nx) + 0.5) * 0.1;
    const d = Math.hypot(x - cx, z - cz);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  if (best < 0) throw new Error(`house generation: no free floor in the ${f.room.name} for the start pose`);
  const x = r.x0 + ((best % nx) + 0.5) * 0.1,
    z = r.z0 + (Math.floor(best / nx) + 0.5) * 0.1;
  // look towards the farther wall along the longer axis
  const alongX = r.x1 - r.x0 >= r.z1 - r.z0;
  const yaw = alongX ? (x < cx ? -Math.PI / 2 : Math.PI / 2) : z < cz ? Math.PI : 0;
  return { position: [x, 0, z], yaw };
}

export interface GeneratedHouse {
  scene: Scene;
  plan: FloorPlan;
  /** the upstairs plan of a two-storey house */
  upper: FloorPlan | null;
  placed: Placed[];
}

export interface HouseOptions {
  /** 1 or 2 storeys; by default the seed decides (about half the houses have an upper floor) */
  storeys?: 1 | 2;
  /**
   * perceptual aliasing: two identical rooms side by side on the ground floor (same size, type,
   * door offset, windows, finishes and furniture), so that place recognition has a look-alike to refuse
   */
  aliasing?: boolean;
}

function exteriorSides(r: PlanRoom, plan: FloorPlan, stair: StairHall | null): Side[] {
  const out: Side[] = [];
  if (r.z0 < 1e-6) out.push(0);
  if (r.x0 < 1e-6) out.push(1);
  if (r.z1 > plan.depth - 1e-6) out.push(2);
  // no window onto the stair hall built against the east wall
  if (r.x1 > plan.width - 1e-6 && !(stair && r.z0 < stair.z1 && r.z1 > stair.z0)) out.push(3);
  return out;
}

/** The ground floor's rooms furnished, in room order (twin rooms of an aliasing house draw the same). */
function furnishGroundFloor(b: SceneBuilder, rng: Rng, plan: FloorPlan, stair: StairHall | null): RoomFurnisher[] {
  const twinStreams: Rng[] = [];
  return plan.rooms.map((r: PlanRoom, i) => {
    const twin = plan.twins?.includes(i) === true;
    let streams = [rng.fork(`furniture${i}`), rng.fork(`program${i}`)];
    // a twin copy draws what its original drew; windows only on the south wall both have
    if (plan.twins?.[0] === i) twinStreams.push(...streams.map((s) => s.clone()));
    if (plan.twins?.[1] === i) streams = twinStreams;
    const f = new RoomFurnisher(
      b,
      streams[0],
      r,
      i,
      plan.doors.filter((d) => d.rooms.includes(i)),
      0,
    );
    // windows go up first, on the house's outer walls, so furniture keeps clear of radiators
    if (r.type !== 'bathroom' && r.type !== 'hallway')
      f.windows(
        exteriorSides(r, plan, stair).filter((s) => !twin || s === 0),
        2,
      );
    furnish(f, streams[1]);
    f.ceilingLight(plan.ceiling);
    return f;
  });
}

export function generateHouseDetailed(seed: number, opts: HouseOptions = {}): GeneratedHouse {
  const rng = new Rng(seed);
  const plan = generatePlan(rng.fork('plan'), undefined, opts.aliasing === true);
  const storeys = opts.storeys ?? (new Rng(hashString(`storeys:${seed}`)).chance(0.5) ? 2 : 1);
  const upperY = plan.ceiling + 0.2;
  let upper: FloorPlan | null = null;
  let stair: StairHall | null = null;
  if (storeys === 2) {
    const seen = new Map<RoomType, number>();
    for (const r of plan.rooms) seen.set(r.type, (seen.get(r.type) ?? 0) + 1);
    upper = generatePlan(new Rng(hashString(`upper:${seed}`)), { below: plan, seen });
    stair = stairLayout(plan, upperY);
    plan.doors.push(stairDoor(plan, stair, plan.rooms.length));
    upper.doors.push(stairDoor(upper, stair, upper.rooms.length));
  }
  const n0 = plan.rooms.length,
    n1 = upper?.rooms.length ?? 0;
  const stairRoom = n0 + n1,
    landingRoom = n0 + n1 + 1;

  const b = new SceneBuilder();
  buildStructure(b, rng.fork('structure'), plan);
  const furnishers = furnishGroundFloor(b, rng, plan, stair);
  if (upper && stair) {
    const ur = new Rng(hashString(`upper-build:${seed}`));
    buildStructure(b, ur.fork('structure'), upper, upperY, { floor: 1, roomOffset: n0 });
    upper.rooms.forEach((r, i) => {
      const f = new RoomFurnisher(
        b,
        ur.fork(`furniture${i}`),
        r,
        n0 + i,
        upper!.doors.filter((d) => d.rooms.includes(i)),
        upperY,
        1,
      );
      if (r.type !== 'bathroom' && r.type !== 'hallway') f.windows(exteriorSides(r, upper!, stair), 2);
      furnish(f, ur.fork(`program${i}`));
      f.ceilingLight(upper!.ceiling);
      furnishers.push(f);
    });
    buildStairHall(b, ur.fork('stairs'), stair, plan.ceiling, { lower: stairRoom, upper: landingRoom });
  }
  const living = furnishers.find((f) => f.room.type === 'living room') ?? furnishers[0];
  const rooms: Room[] = plan.rooms.map((r, index) => ({ index, type: r.type, name: r.name, floor: 0, x0: r.x0, z0: r.z0, x1: r.x1, z1: r.z1 }));
  const global = (local: number, floor: number) => (floor === 0 ? (local < n0 ? local : stairRoom) : local < n1 ? n0 + local : landingRoom);
  const doors: Door[] = [];
  const addDoors = (p: FloorPlan, floor: number) => {
    for (const d of p.doors) {
      doors.push({
        index: doors.length,
        rooms: [global(d.rooms[0], floor), global(d.rooms[1], floor)],
        floor,
        width: d.width,
        wallAxis: d.wallAxis,
        x: d.wallAxis === 'x' ? d.at : d.line,
        z: d.wallAxis === 'x' ? d.line : d.at,
      });
    }
  };
  addDoors(plan, 0);
  const floors: FloorLevel[] = [{ index: 0, y: 0, ceiling: plan.ceiling }];
  if (upper && stair) {
    upper.rooms.forEach((r, i) => rooms.push({ index: n0 + i, type: r.type, name: r.name, floor: 1, x0: r.x0, z0: r.z0, x1: r.x1, z1: r.z1 }));
    const rect = { x0: stair.x0, z0: stair.z0, x1: stair.x1, z1: stair.z1 };
    rooms.push({ index: stairRoom, type: 'staircase', name: 'staircase', floor: 0, ...rect });
    rooms.push({ index: landingRoom, type: 'staircase', name: 'upstairs landing', floor: 1, ...rect });
    addDoors(upper, 1);
    floors.push({ index: 1, y: upperY, ceiling: upperY + upper.ceiling });
  }
  const scene = b.build({ name: `seed:${seed}${opts.aliasing ? ':aliasing' : ''}`, rooms, doors, floors, start: startPose(living) });
  return { scene, plan, upper, placed: furnishers.flatMap((f) => f.placed) };
}

export function generateHouse(seed: number, opts: HouseOptions = {}): Scene {
  return generateHouseDetailed(seed, opts).scene;
}
