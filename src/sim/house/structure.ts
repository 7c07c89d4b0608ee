/**
 * Walls, floors, ceilings and door casings of a floor plan. Each room builds its own half of every
 * wall (a 5 cm slab on its side of the centre line) with its own wallpaper, cutting the same openings
 * as its neighbour, so two rooms never share a textured face.
 */
import type { SceneBuilder, FaceStyle } from '../builder.js';
import type { Rng } from '../random.js';
import { FLAG_NO_COLLIDE, type Rgb, type RoomType } from '../scene.js';
import type { FloorPlan, PlanRoom } from './layout.js';
import { mixRgb, scaleRgb } from './palette.js';

export const HALF_WALL = 0.05;
export const DOOR_HEIGHT = 2.05;

export interface RoomLook {
  floor: number;
  wall: number;
  ceiling: number;
  trim: number;
}

const WALL_TONES: Rgb[] = [
  [214, 196, 160],
  [168, 196, 214],
  [200, 214, 178],
  [226, 210, 214],
  [190, 180, 210],
  [222, 222, 210],
  [214, 176, 140],
  [150, 176, 160],
];
const WOOD_TONES: Rgb[] = [
  [176, 126, 78],
  [140, 96, 58],
  [206, 168, 120],
  [110, 76, 48],
  [190, 150, 110],
];
const TILE_TONES: Rgb[] = [
  [226, 226, 222],
  [190, 200, 210],
  [120, 124, 130],
  [214, 200, 176],
  [70, 74, 80],
];

export function roomLook(b: SceneBuilder, rng: Rng, type: RoomType): RoomLook {
  const wet = type === 'kitchen' || type === 'bathroom';
  // floors at 2 cm per texel over 7.68 m (about the largest room), walls at 1 cm
  const fw = 384,
    fd = 384;
  let floor: number;
  if (wet) {
    const a = rng.pick(TILE_TONES),
      c = rng.pick(TILE_TONES);
    floor = b.texture(
      { kind: 'tiles', seed: rng.u32(), a, b: c, grout: scaleRgb(mixRgb(a, c, 0.5), 0.45), tile: rng.int(14, 24), groutWidth: 1, checker: rng.chance(0.5) },
      fw,
      fd,
    );
  } else {
    const light = rng.pick(WOOD_TONES);
    floor = b.texture({ kind: 'wood', seed: rng.u32(), light, dark: scaleRgb(light, 0.5), plankWidth: rng.int(7, 11), plankLength: rng.int(45, 90) }, fw, fd);
  }
  let wall: number;
  const a = rng.pick(WALL_TONES);
  if (type === 'bathroom' || (type === 'kitchen' && rng.chance(0.5))) {
    wall = b.texture(
      { kind: 'tiles', seed: rng.u32(), a, b: scaleRgb(a, 0.8), grout: scaleRgb(a, 0.55), tile: rng.int(10, 18), groutWidth: 1, checker: rng.chance(0.3) },
      512,
      256,
    );
  } else {
    const c = rng.chance(0.5) ? scaleRgb(a, rng.range(0.55, 0.75)) : rng.pick(WALL_TONES);
    wall = b.texture({ kind: 'wallpaper', seed: rng.u32(), a, b: c, pattern: rng.int(0, 2) as 0 | 1 | 2, period: rng.int(18, 40) }, 512, 256);
  }
  const ceiling = b.texture({ kind: 'fabric', seed: rng.u32(), base: [236, 234, 228], amplitude: 0.12, scale: 12, weave: 0 }, 128, 128);
  const trimC = rng.pick<Rgb>([
    [245, 245, 240],
    [90, 60, 40],
    [60, 60, 64],
    [160, 120, 80],
  ]);
  const trim = b.texture({ kind: 'fabric', seed: rng.u32(), base: trimC, amplitude: 0.1, scale: 8, weave: 0.02 }, 64, 64);
  return { floor, wall, ceiling, trim };
}

interface Opening {
  at: number;
  width: number;
}

/** Builds one room's floor, ceiling, wall halves with openings, baseboards and door casings. */
function buildRoom(b: SceneBuilder, rng: Rng, plan: FloorPlan, r: PlanRoom, index: number, floorY: number, level: { floor: number; roomOffset: number }): void {
  const look = roomLook(b, rng, r.type);
  const H = plan.ceiling;
  const base = {
    structural: true,
    goal: false,
    room: level.roomOffset + index,
    floor: level.floor,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  };
  const floorId = b.object({ ...base, category: 'floor' });
  const ceilId = b.object({ ...base, category: 'ceiling' });
  const wallId = b.object({ ...base, category: 'wall' });
  const trimId = b.object({ ...base, category: 'door frame' });

  b.box([r.x0, floorY - 0.05, r.z0], [r.x1, floorY, r.z1], { id: floorId, style: { py: { tex: look.floor, scale: 7.68, offset: [rng.next(), rng.next()] } } });
  b.box([r.x0, floorY + H, r.z0], [r.x1, floorY + H + 0.05, r.z1], { id: ceilId, style: { ny: { tex: look.ceiling, scale: 2.56 } }, flags: FLAG_NO_COLLIDE });

  const trimStyle: FaceStyle = { tex: look.trim, scale: 0.5 };
  const y0 = floorY,
    y1 = floorY + H,
    yd = floorY + DOOR_HEIGHT;

  // four walls: (wall axis, line, inward direction, from, to)
  const walls: { axis: 'x' | 'z'; line: number; inward: 1 | -1; from: number; to: number }[] = [
    { axis: 'x', line: r.z0, inward: 1, from: r.x0, to: r.x1 },
    { axis: 'x', line: r.z1, inward: -1, from: r.x0, to: r.x1 },
    { axis: 'z', line: r.x0, inward: 1, from: r.z0, to: r.z1 },
    { axis: 'z', line: r.x1, inward: -1, from: r.z0, to: r.z1 },
  ];
  for (const w of walls) {
    const wallStyle: FaceStyle = { tex: look.wall, scale: 5.12, scaleV: 2.56, offset: [rng.next(), 0] };
    const openings: Opening[] = plan.doors
      .filter((d) => d.rooms.includes(index) && d.wallAxis === w.axis && Math.abs(d.line - w.line) < 1e-6 && d.at > w.from && d.at < w.to)
      .map((d) => ({ at: d.at, width: d.width }))
      .sort((p, q) => p.at - q.at);
    // slab across the wall thickness on this room's side
    const t0 = w.inward > 0 ? w.line : w.line - HALF_WALL,
      t1 = w.inward > 0 ? w.line + HALF_WALL : w.line;
    const box = (a0: number, a1: number, ya: number, yb: number, t0_: number, t1_: number, style: FaceStyle, id: number) => {
      if (a1 - a0 < 1e-4) return;
      if (w.axis === 'x') b.box([a0, ya, t0_], [a1, yb, t1_], { id, style });
      else b.box([t0_, ya, a0], [t1_, yb, a1], { id, style });
    };
    // baseboard protrudes 1.2 cm into the room
    const b0 = w.inward > 0 ? t1 : t0 - 0.012,
      b1 = w.inward > 0 ? t1 + 0.012 : t0;
    let cursor = w.from;
    for (const o of openings) {
      const oa = o.at - o.width / 2,
        ob = o.at + o.width / 2;
      box(cursor, oa, y0, y1, t0, t1, wallStyle, wallId);
      box(cursor, oa, y0, y0 + 0.08, b0, b1, trimStyle, trimId);
      box(oa, ob, yd, y1, t0, t1, wallStyle, wallId);
      // casing: two jambs and a head, 6 cm wide, protruding 1.5 cm
      const c0 = w.inward > 0 ? t1 : t0 - 0.015,
        c1 = w.inward > 0 ? t1 + 0.015 : t0;
      box(oa - 0.06, oa, y0, yd + 0.06, c0, c1, trimStyle, trimId);
      box(ob, ob + 0.06, y0, yd + 0.06, c0, c1, trimStyle, trimId);
      box(oa, ob, yd, yd + 0.06, c0, c1, trimStyle, trimId);
      cursor = ob;
    }
    box(cursor, w.to, y0, y1, t0, t1, wallStyle, wallId);
    box(cursor, w.to, y0, y0 + 0.08, b0, b1, trimStyle, trimId);
  }
}

export function buildStructure(b: SceneBuilder, rng: Rng, plan: FloorPlan, floorY = 0, level = { floor: 0, roomOffset: 0 }): void {
  // a twin copy draws what its original drew: the same floor, walls and trim
  let original: Rng | null = null;
  plan.rooms.forEach((r, i) => {
    let stream = rng.fork(`room${i}`);
    if (plan.twins?.[0] === i) original = stream.clone();
    if (plan.twins?.[1] === i && original) stream = original;
    buildRoom(b, stream, plan, r, i, floorY, level);
  });
}
