/**
 * The navmesh layout (src/sim/navmesh-build.ts): a grid wider than SOLO_MAX_CELLS is built in tiles
 * whose mesh walks and routes as the one-tile mesh does; a house stays one tile, byte for byte the
 * mesh habitat-sim's layout gives; a second build of the same triangles and agent is the first's mesh
 * (from the cache), and any change of triangles or agent builds anew.
 */
import { describe, expect, it } from 'vitest';
import { SceneBuilder } from '../../src/sim/builder.js';
import { clearNavMeshCache, DEFAULT_AGENT, recastConfig, SceneNavMesh, type Scene } from '../../src/sim/index.js';
import { SOLO_MAX_CELLS, tileCellsFor } from '../../src/sim/navmesh-build.js';
import { navMeshGeometry } from '../../src/sim/node.js';
import { squareRoom } from '../helpers/sim-scenes.js';

/** An open floor `size` m square (a pillar in the middle), centred on the origin. */
function openFloor(size: number): Scene {
  const b = new SceneBuilder();
  const tex = b.texture({ kind: 'wallpaper', seed: 3, a: [200, 190, 160], b: [120, 90, 60], pattern: 1, period: 24 }, 16, 16);
  const meta = {
    structural: true,
    goal: false,
    room: 0,
    floor: 0,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  };
  const id = b.object({ ...meta, category: 'floor' });
  const h = size / 2;
  b.box([-h, -0.05, -h], [h, 0, h], { id, style: { tex, scale: 1 } });
  b.box([-1, 0, -1], [1, 2, 1], { id, style: { tex, scale: 1 } });
  return b.build({
    name: `open floor ${size} m`,
    rooms: [],
    doors: [],
    floors: [{ index: 0, y: 0, ceiling: 3 }],
    start: { position: [-h + 1, 0, -h + 1], yaw: 0 },
  });
}

const bytesOf = async (scene: Scene, layout: 'auto' | 'solo', agent = DEFAULT_AGENT) => {
  const nav = await SceneNavMesh.build(scene, agent, recastConfig(agent), layout);
  try {
    return Buffer.from(nav.toRecastBytes());
  } finally {
    nav.destroy();
  }
};

describe('navmesh layout and cache', () => {
  it('tiles a grid past the one-tile limit, and only then', () => {
    const cs = recastConfig(DEFAULT_AGENT).cs;
    const side = (cells: number) => new Float32Array([0, 0, 0, cells * cs, 0, 0, 0, 0, cells * cs]);
    expect(tileCellsFor(side(SOLO_MAX_CELLS - 1), cs, 'auto')).toBe(0);
    expect(tileCellsFor(side(SOLO_MAX_CELLS + 2), cs, 'auto')).toBeGreaterThan(0);
    expect(tileCellsFor(side(SOLO_MAX_CELLS + 2), cs, 'solo')).toBe(0);
  });

  it('a 30 m open floor in tiles walks and routes as in one tile', async () => {
    const scene = openFloor(30);
    const tiled = await SceneNavMesh.build(scene);
    const solo = await SceneNavMesh.build(scene, DEFAULT_AGENT, recastConfig(DEFAULT_AGENT), 'solo');
    try {
      const gt = navMeshGeometry(tiled.toRecastBytes()),
        gs = navMeshGeometry(solo.toRecastBytes());
      expect(gs.tiles).toBe(1);
      expect(gt.tiles).toBeGreaterThan(4);
      expect(gt.areaM2).toBeCloseTo(gs.areaM2, -1);
      expect(Math.abs(gt.areaM2 - gs.areaM2) / gs.areaM2).toBeLessThan(0.01);
      // corner to corner, around the pillar: across many tiles, the same length as in one tile
      const a: [number, number, number] = [-14, 0, -14],
        b: [number, number, number] = [14, 0, 14];
      const dt = tiled.geodesic(a, b),
        ds = solo.geodesic(a, b);
      expect(dt).toBeGreaterThan(Math.hypot(28, 28));
      expect(Math.abs(dt - ds)).toBeLessThan(0.05);
      // a straight walk across tile borders ends where it was sent
      let at = tiled.snap([-14, 0, 0])!;
      for (let x = -13; x <= -2; x++) at = tiled.moveAlong(at, [x, 0, 0]);
      expect(at.point[0]).toBeCloseTo(-2, 2);
      expect(at.point[1]).toBeCloseTo(0, 1);
    } finally {
      tiled.destroy();
      solo.destroy();
    }
  }, 120_000);

  it('a house stays one tile: the same bytes as the one-tile layout', async () => {
    clearNavMeshCache();
    const room = squareRoom(4);
    const auto = await bytesOf(room, 'auto');
    expect(navMeshGeometry(new Uint8Array(auto)).tiles).toBe(1);
    clearNavMeshCache();
    expect(auto.equals(await bytesOf(room, 'solo'))).toBe(true);
  });

  it('a second build of the same triangles and agent is the first mesh; another agent or triangle builds anew', async () => {
    clearNavMeshCache();
    const room = squareRoom(3);
    const first = await bytesOf(room, 'auto');
    expect((await bytesOf(room, 'auto')).equals(first)).toBe(true);
    const wide = { ...DEFAULT_AGENT, radius: 0.3 };
    const other = await bytesOf(room, 'auto', wide);
    expect(other.equals(first)).toBe(false);
    clearNavMeshCache();
    expect((await bytesOf(room, 'auto', wide)).equals(other)).toBe(true);
    // one wall moved 0.5 m: the cache is keyed by content, not by the scene's name
    const moved = squareRoom(3);
    const tris = moved.triangles;
    for (let i = 0; i < tris.length; i += 5) if (tris[i] > 3.05) tris[i] += 0.5;
    const m = await bytesOf(moved, 'auto');
    expect(m.equals(first)).toBe(false);
  });
});
