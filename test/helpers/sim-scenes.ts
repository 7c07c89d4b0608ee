import { SceneBuilder } from '../../src/sim/builder.js';
import type { Scene } from '../../src/sim/scene.js';

/** A bare square room, walls 0.1 m thick with inner faces at ±half, floor y = 0. */
export function squareRoom(half = 2, height = 2.6): Scene {
  const b = new SceneBuilder();
  const tex = b.texture({ kind: 'wallpaper', seed: 3, a: [200, 190, 160], b: [120, 90, 60], pattern: 1, period: 24 }, 128, 128);
  const floor = b.texture({ kind: 'wood', seed: 4, light: [180, 130, 80], dark: [90, 60, 30], plankWidth: 10, plankLength: 60 }, 256, 256);
  const meta = { structural: true, goal: false, room: 0, floor: 0, min: [Infinity, Infinity, Infinity] as const, max: [-Infinity, -Infinity, -Infinity] as const };
  const floorId = b.object({ ...meta, category: 'floor' });
  const wallId = b.object({ ...meta, category: 'wall' });
  const h = half, t = 0.1;
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
