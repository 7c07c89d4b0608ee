/**
 * Seeded procedural houses: floor plan → walls, floors, ceilings → furniture per room type → start
 * pose. The same seed always gives the same scene (every random draw comes from `Rng` streams forked
 * by name, so one part's draws never shift another's).
 */
import { SceneBuilder } from '../builder.js';
import { Rng } from '../random.js';
import type { Door, Room, Scene, StartPose } from '../scene.js';
import { generatePlan, type FloorPlan, type PlanRoom } from './layout.js';
import { RoomFurnisher, type Placed, type Side } from './placement.js';
import { buildStructure } from './structure.js';

export const HOUSE_CAMERA_HEIGHT = 0.88;

function furnish(f: RoomFurnisher, rng: Rng): void {
  const maybe = (p: number, fn: () => unknown) => {
    if (rng.chance(p)) fn();
  };
  const times = (lo: number, hi: number, fn: () => unknown) => {
    const n = rng.int(lo, hi);
    for (let i = 0; i < n; i++) fn();
  };
  switch (f.room.type) {
    case 'living room': {
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
      times(0, 2, () => f.wall('armchair'));
      maybe(0.6, () => f.wall('bookshelf'));
      times(1, 2, () => f.wall('plant', { corner: true }));
      maybe(0.7, () => f.wall('lamp', { corner: true }));
      maybe(0.6, () => f.center('rug', undefined, undefined, false));
      times(1, 2, () => f.hang('painting'));
      break;
    }
    case 'kitchen': {
      const counter = f.wall('counter');
      f.wall('sink');
      f.wall('oven');
      f.wall('fridge', { corner: true });
      if (counter) {
        maybe(0.8, () => f.on('microwave', counter));
        clutter(f, counter, rng, 2);
      }
      const table = f.center('table');
      if (table) {
        f.chairsAround(table, rng.int(2, 4));
        clutter(f, table, rng, 2);
      }
      maybe(0.5, () => f.wall('plant', { corner: true }));
      maybe(0.5, () => f.hang('painting'));
      break;
    }
    case 'bedroom': {
      const bed = f.wall('bed');
      if (bed) {
        const left = f.beside('nightstand', bed, -1);
        if (left) maybe(0.7, () => f.on('table lamp', left));
        if (left) clutter(f, left, rng, 1);
        maybe(0.6, () => f.beside('nightstand', bed, 1));
        maybe(0.7, () => f.hang('painting', bed));
      }
      f.wall('wardrobe');
      maybe(0.4, () => {
        const desk = f.wall('desk');
        if (desk) f.chairFacing({ x: desk.p.cx, z: desk.p.cz }, f.frontOf(desk, 0.05));
      });
      maybe(0.6, () => f.wall('plant', { corner: true }));
      maybe(0.5, () => f.center('rug', undefined, undefined, false));
      maybe(0.5, () => f.hang('painting'));
      break;
    }
    case 'bathroom': {
      f.wall('toilet');
      const sink = f.wall('sink');
      if (sink) f.hang('mirror', sink);
      maybe(0.7, () => f.wall('bathtub', { corner: true }));
      maybe(0.5, () => f.wall('washing machine'));
      maybe(0.4, () => f.wall('plant', { corner: true }));
      break;
    }
    case 'office': {
      const desk = f.wall('desk');
      if (desk) {
        f.chairFacing({ x: desk.p.cx, z: desk.p.cz }, f.frontOf(desk, 0.05));
        maybe(0.5, () => f.on('table lamp', desk));
        clutter(f, desk, rng, 2);
      }
      times(1, 2, () => f.wall('bookshelf'));
      maybe(0.6, () => f.wall('lamp', { corner: true }));
      maybe(0.5, () => f.wall('armchair'));
      f.wall('plant', { corner: true });
      times(1, 2, () => f.hang('painting'));
      break;
    }
    case 'dining room': {
      const table = f.center('table');
      if (table) {
        f.chairsAround(table, rng.int(4, 6));
        clutter(f, table, rng, 3);
      }
      const cab = f.wall('cabinet');
      if (cab) maybe(0.6, () => f.on('table lamp', cab));
      if (cab) clutter(f, cab, rng, 2);
      times(1, 2, () => f.wall('plant', { corner: true }));
      times(1, 2, () => f.hang('painting'));
      break;
    }
    case 'hallway': {
      maybe(0.7, () => f.wall('plant', { corner: true }));
      maybe(0.3, () => f.wall('cabinet'));
      times(1, 3, () => f.hang('painting'));
      break;
    }
  }
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
  const cx = (r.x0 + r.x1) / 2, cz = (r.z0 + r.z1) / 2;
  let best = -1, bestD = Infinity;
  for (let c = 0; c < seen.length; c++) {
    if (!seen[c]) continue;
    const x = r.x0 + ((c % nx) + 0.5) * 0.1, z = r.z0 + (Math.floor(c / nx) + 0.5) * 0.1;
    const d = Math.hypot(x - cx, z - cz);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  if (best < 0) throw new Error(`house generation: no free floor in the ${f.room.name} for the start pose`);
  const x = r.x0 + ((best % nx) + 0.5) * 0.1, z = r.z0 + (Math.floor(best / nx) + 0.5) * 0.1;
  // look towards the farther wall along the longer axis
  const alongX = r.x1 - r.x0 >= r.z1 - r.z0;
  const yaw = alongX ? (x < cx ? -Math.PI / 2 : Math.PI / 2) : z < cz ? Math.PI : 0;
  return { position: [x, 0, z], yaw };
}

export interface GeneratedHouse {
  scene: Scene;
  plan: FloorPlan;
  placed: Placed[];
}

export function generateHouseDetailed(seed: number): GeneratedHouse {
  const rng = new Rng(seed);
  const plan = generatePlan(rng.fork('plan'));
  const b = new SceneBuilder();
  buildStructure(b, rng.fork('structure'), plan);
  const furnishers = plan.rooms.map((r: PlanRoom, i) => {
    const f = new RoomFurnisher(b, rng.fork(`furniture${i}`), r, i, plan.doors.filter((d) => d.rooms.includes(i)), 0);
    // windows go up first, on the house's outer walls, so furniture keeps clear of radiators
    const exterior: Side[] = [];
    if (r.z0 < 1e-6) exterior.push(0);
    if (r.x0 < 1e-6) exterior.push(1);
    if (r.z1 > plan.depth - 1e-6) exterior.push(2);
    if (r.x1 > plan.width - 1e-6) exterior.push(3);
    if (r.type !== 'bathroom' && r.type !== 'hallway') f.windows(exterior, 2);
    furnish(f, rng.fork(`program${i}`));
    f.ceilingLight(plan.ceiling);
    return f;
  });
  const living = furnishers.find((f) => f.room.type === 'living room') ?? furnishers[0];
  const rooms: Room[] = plan.rooms.map((r, index) => ({ index, type: r.type, name: r.name, floor: 0, x0: r.x0, z0: r.z0, x1: r.x1, z1: r.z1 }));
  const doors: Door[] = plan.doors.map((d, index) => ({
    index, rooms: d.rooms, floor: 0, width: d.width, wallAxis: d.wallAxis,
    x: d.wallAxis === 'x' ? d.at : d.line, z: d.wallAxis === 'x' ? d.line : d.at,
  }));
  const scene = b.build({
    name: `seed:${seed}`,
    rooms,
    doors,
    floors: [{ index: 0, y: 0, ceiling: plan.ceiling }],
    start: startPose(living),
  });
  return { scene, plan, placed: furnishers.flatMap((f) => f.placed) };
}

export function generateHouse(seed: number): Scene {
  return generateHouseDetailed(seed).scene;
}
