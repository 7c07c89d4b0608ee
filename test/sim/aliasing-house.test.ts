/**
 * The perceptual-aliasing house (`seed:N:aliasing`): two rooms side by side that are the same room,
 * so that place recognition meets a look-alike it must refuse (loop closing, relocalisation).
 */
import { describe, expect, it } from 'vitest';
import { generateHouseDetailed } from '../../src/sim/house/generate.js';
import { SimBody } from '../../src/body/sim-body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { HouseSpecSchema } from '../../src/world/house-spec.js';

const SEEDS = [7, 11, 23, 3];

describe('the perceptual-aliasing house', () => {
  it.each(SEEDS)('seed %i: two rooms of the same size, type, door offset and furniture at the same relative places', (seed) => {
    const h = generateHouseDetailed(seed, { aliasing: true });
    expect(h.plan.twins).toBeDefined();
    const [a, b] = h.plan.twins!.map((i) => h.plan.rooms[i]);
    expect(b.x1 - b.x0).toBeCloseTo(a.x1 - a.x0, 9);
    expect([b.z0, b.z1]).toEqual([a.z0, a.z1]);
    expect(b.type).toBe(a.type);
    const dx = b.x0 - a.x0;
    expect(dx).toBeGreaterThan(2.5);
    const door = (i: number) => h.plan.doors.find((d) => d.rooms[0] === 0 && d.rooms[1] === i)!;
    expect(door(h.plan.twins![1]).at - dx).toBeCloseTo(door(h.plan.twins![0]).at, 9);
    const inside = (r: typeof a) => h.placed.filter((p) => p.p.cx > r.x0 && p.p.cx < r.x1 && p.p.cz > r.z0 && p.p.cz < r.z1 && p.p.y < 0.5 + 1e-9);
    const rel = (r: typeof a) =>
      inside(r)
        .map((p) => `${p.kind} ${(p.p.cx - r.x0).toFixed(3)} ${(p.p.cz - r.z0).toFixed(3)} ${p.p.rot}`)
        .sort();
    expect(inside(a).length).toBeGreaterThan(2);
    expect(rel(b)).toEqual(rel(a));
    // the ordinary house of the seed has no twins
    expect(generateHouseDetailed(seed).plan.twins).toBeUndefined();
  });

  it('is asked for as seed:N:aliasing, and the twins look alike from the same relative spot', async () => {
    const ref = HouseSpecSchema.parse('seed:7:aliasing');
    const scene = await loadHouse(ref);
    expect(scene.name).toBe('seed:7:aliasing');
    const plan = generateHouseDetailed(7, { aliasing: true }).plan;
    const [a, b] = plan.twins!.map((i) => plan.rooms[i]);
    const body = await SimBody.create(scene);
    try {
      const view = async (x: number, z: number, yaw: number) => {
        body.teleport({ position: [x, 0, z], yaw });
        return (await body.observe()).rgb;
      };
      const diff = (p: Uint8Array, q: Uint8Array) => p.reduce((s, v, i) => s + Math.abs(v - q[i]), 0) / p.length;
      // from the middle of each room looking at its back (south) wall
      const cz = (a.z0 + a.z1) / 2;
      const ya = await view((a.x0 + a.x1) / 2, cz, 0);
      const yb = await view((b.x0 + b.x1) / 2, cz, 0);
      const other = await view((a.x0 + a.x1) / 2, cz, Math.PI / 2);
      const twin = diff(ya, yb),
        unlike = diff(ya, other);
      expect(twin).toBeLessThan(unlike / 3);
    } finally {
      body.renderer.dispose();
      body.navmesh.destroy();
    }
  });
});
