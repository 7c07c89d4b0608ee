import { SceneBuilder } from '../../src/sim/builder.js';
import type { Scene } from '../../src/sim/scene.js';

/** A bare square room, walls 0.1 m thick with inner faces at ±half, floor y = 0. */
export function squareRoom(half = 2, height = 2.6): Scene {
  const b = new SceneBuilder();
  const tex = b.texture({ kind: 'wallpaper', seed: 3, a: [200, 190, 160], b: [120, 90, 60], pattern: 1, period: 24 }, 128, 128);
  const floor = b.texture({ kind: 'wood', seed: 4, light: [180, 130, 80], dark: [90, 60, 30], plankWidth: 10, plankLength: 60 }, 256, 256);
  const meta = {
    structural: true,
    goal: false,
    room: 0,
    floor: 0,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  };
  const floorId = b.object({ ...meta, category: 'floor' });
  const wallId = b.object({ ...meta, category: 'wall' });
  const h = half,
    t = 0.1;
  b.box([-h - t, -0.05, -h - t], [h + t, 0, h + t], { id: floorId, style: { py: { tex: floor, scale: 2.56 } } });
  const style = { tex, scale: 1.28 };
  b.box([-h - t, 0, -h - t], [h + t, height, -h], { id: wallId, style });
  b.box([-h - t, 0, h], [h + t, height, h + t], { id: wallId, style });
  b.box([-h - t, 0, -h], [-h, height, h], { id: wallId, style });
  b.box([h, 0, -h], [h + t, height, h], { id: wallId, style });
  return b.build({
    name: 'square room',
    rooms: [{ index: 0, type: 'living room', name: 'living room', floor: 0, x0: -h, z0: -h, x1: h, z1: h }],
    doors: [],
    floors: [{ index: 0, y: 0, ceiling: height }],
    start: { position: [0, 0, 0], yaw: 0 },
  });
}

/** A 2 m wide corridor with a straight stair of 8 steps (rise 0.15 m, going 0.3 m) up to a landing. */
export function stairScene(): Scene {
  const b = new SceneBuilder();
  const tex = b.texture({ kind: 'tiles', seed: 5, a: [200, 200, 200], b: [90, 90, 90], grout: [30, 30, 30], tile: 16, groutWidth: 1, checker: true }, 128, 128);
  const meta = {
    structural: true,
    goal: false,
    room: 0,
    floor: 0,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  };
  const id = b.object({ ...meta, category: 'floor' });
  const style = { tex, scale: 1 };
  b.box([-1, -0.05, 0], [1, 0, 4], { id, style });
  for (let i = 0; i < 8; i++) b.box([-1, 0, -0.3 * (i + 1)], [1, 0.15 * (i + 1), -0.3 * i], { id, style });
  b.box([-1, 0, -5.4], [1, 1.2, -2.4], { id, style });
  return b.build({
    name: 'stairs',
    rooms: [],
    doors: [],
    floors: [
      { index: 0, y: 0, ceiling: 3 },
      { index: 1, y: 1.2, ceiling: 4 },
    ],
    start: { position: [0, 0, 2], yaw: 0 },
  });
}
