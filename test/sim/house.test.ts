import { describe, expect, it } from 'vitest';
import { generateHouse, generateHouseDetailed } from '../../src/sim/house/generate.js';
import { Rng } from '../../src/sim/random.js';
import { roomAt } from '../../src/sim/scene.js';

describe('seeded PRNG', () => {
  it('repeats a stream for a seed and differs between seeds', () => {
    const a = new Rng(42),
      b = new Rng(42),
      c = new Rng(43);
    const xa = Array.from({ length: 8 }, () => a.u32());
    expect(Array.from({ length: 8 }, () => b.u32())).toEqual(xa);
    expect(Array.from({ length: 8 }, () => c.u32())).not.toEqual(xa);
    const r = new Rng(7);
    for (let i = 0; i < 1000; i++) {
      const v = r.next();
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });
});

describe('procedural houses', () => {
  it('gives the same house for the same seed and a different one for another seed', () => {
    const a = generateHouse(11),
      b = generateHouse(11),
      c = generateHouse(12);
    expect(b.triangles).toEqual(a.triangles);
    expect(b.attrs).toEqual(a.attrs);
    expect(b.objects).toEqual(a.objects);
    expect(b.textures).toEqual(a.textures);
    expect(b.start).toEqual(a.start);
    expect(c.triangles.length === a.triangles.length && c.triangles.every((v, i) => v === a.triangles[i])).toBe(false);
  });

  it('has typed rooms joined to a hallway by 0.9–1.1 m doors', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = generateHouse(seed);
      const types = new Set(s.rooms.map((r) => r.type));
      for (const t of ['hallway', 'living room', 'kitchen', 'bathroom'] as const) expect(types.has(t), `seed ${seed} lacks a ${t}`).toBe(true);
      expect(s.rooms.length).toBeGreaterThanOrEqual(5);
      for (const r of s.rooms) {
        const hall = s.rooms.find((h) => h.type === 'hallway' && h.floor === r.floor)!;
        if (r === hall) continue;
        expect(
          s.doors.some((d) => d.rooms.includes(r.index) && d.rooms.includes(hall.index)),
          `${r.name} opens onto the hallway`,
        ).toBe(true);
      }
      for (const d of s.doors) {
        expect(d.width).toBeGreaterThanOrEqual(0.9);
        expect(d.width).toBeLessThanOrEqual(1.1);
      }
      expect(new Set(s.rooms.map((r) => r.name)).size).toBe(s.rooms.length);
    }
  });

  it('offers at least 15 goal categories over a few houses, with instances differing in colour and size', () => {
    const cats = new Map<string, Set<string>>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const o of generateHouse(seed).objects) {
        if (!o.goal) continue;
        if (!cats.has(o.category)) cats.set(o.category, new Set());
        cats.get(o.category)!.add(`${o.colour}/${o.size}`);
      }
    }
    expect(cats.size).toBeGreaterThanOrEqual(15);
    const varied = [...cats.values()].filter((v) => v.size >= 3).length;
    expect(varied).toBeGreaterThanOrEqual(10);
  });

  it('keeps furniture inside its room, off the door zones and apart from other furniture', () => {
    for (const seed of [1, 2, 3]) {
      const { scene, placed } = generateHouseDetailed(seed);
      const solids = placed.filter((p) => p.solid);
      for (const p of solids) {
        const o = scene.objects[p.id - 1];
        const room = scene.rooms[o.room!];
        expect(p.rect.x0).toBeGreaterThanOrEqual(room.x0);
        expect(p.rect.x1).toBeLessThanOrEqual(room.x1);
        expect(p.rect.z0).toBeGreaterThanOrEqual(room.z0);
        expect(p.rect.z1).toBeLessThanOrEqual(room.z1);
        for (const d of scene.doors) {
          if (d.floor !== o.floor) continue;
          // the doorway itself (0.5 m either side of the wall line) stays clear
          const inX =
            d.wallAxis === 'x'
              ? Math.abs(d.x - (p.rect.x0 + p.rect.x1) / 2) < d.width / 2 + (p.rect.x1 - p.rect.x0) / 2
              : Math.abs(d.x - (p.rect.x0 + p.rect.x1) / 2) < 0.5 + (p.rect.x1 - p.rect.x0) / 2;
          const inZ =
            d.wallAxis === 'z'
              ? Math.abs(d.z - (p.rect.z0 + p.rect.z1) / 2) < d.width / 2 + (p.rect.z1 - p.rect.z0) / 2
              : Math.abs(d.z - (p.rect.z0 + p.rect.z1) / 2) < 0.5 + (p.rect.z1 - p.rect.z0) / 2;
          expect(inX && inZ, `${o.category} blocks door ${d.index} in seed ${seed}`).toBe(false);
        }
        for (const q of solids) {
          if (q === p || scene.objects[q.id - 1].floor !== o.floor) continue;
          const overlap = p.rect.x0 < q.rect.x1 && q.rect.x0 < p.rect.x1 && p.rect.z0 < q.rect.z1 && q.rect.z0 < p.rect.z1;
          expect(overlap).toBe(false);
        }
      }
      const start = roomAt(scene, scene.start.position[0], scene.start.position[2], 0);
      expect(start?.type).toBe('living room');
    }
  });

  it('builds two-storey houses joined by a staircase, and single-storey ones on request', () => {
    const two = generateHouse(1, { storeys: 2 });
    expect(two.floors.map((f) => f.index)).toEqual([0, 1]);
    expect(two.floors[1].y).toBeGreaterThan(two.floors[0].ceiling);
    const stairs = two.rooms.filter((r) => r.type === 'staircase');
    expect(stairs.map((r) => r.floor).sort()).toEqual([0, 1]);
    for (const f of [0, 1]) {
      const hall = two.rooms.find((r) => r.type === 'hallway' && r.floor === f)!;
      const st = stairs.find((r) => r.floor === f)!;
      expect(two.doors.some((d) => d.floor === f && d.rooms.includes(hall.index) && d.rooms.includes(st.index))).toBe(true);
    }
    expect(two.rooms.filter((r) => r.floor === 1 && r.type === 'bathroom').length).toBeGreaterThanOrEqual(1);
    expect(two.objects.some((o) => o.goal && o.floor === 1)).toBe(true);
    expect(new Set(two.rooms.map((r) => r.name)).size).toBe(two.rooms.length);
    const one = generateHouse(1, { storeys: 1 });
    expect(one.floors.length).toBe(1);
    expect(one.rooms.every((r) => r.floor === 0)).toBe(true);
  });
});
