/**
 * Issue 35: the way back to where a climb arrived, along the body's own trail on the upper floor,
 * when that floor's map has lost the corridor (house 2, tasks 4 and 5 upstairs).
 */
import { describe, expect, it } from 'vitest';
import { offFlights, routeAlongTrail } from '../../src/baselines/navigation-agent/trail-route.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';

type P = { x: number; z: number };
/** points every 5 cm from a to b (the navigator's trail has one per mapped frame) */
const leg = (a: P, b: P): P[] => {
  const n = Math.max(1, Math.round(Math.hypot(b.x - a.x, b.z - a.z) / 0.05));
  return Array.from({ length: n }, (_, i) => ({ x: a.x + ((b.x - a.x) * i) / n, z: a.z + ((b.z - a.z) * i) / n }));
};
const length = (path: P[]) => path.slice(1).reduce((s, p, i) => s + Math.hypot(p.x - path[i].x, p.z - path[i].z), 0);

describe('routeAlongTrail', () => {
  it('goes back along the way the body came, ending at the target', () => {
    const trail = [...leg({ x: 0, z: 0 }, { x: 4, z: 0 }), ...leg({ x: 4, z: 0 }, { x: 4, z: 4 })];
    const path = routeAlongTrail(trail, { x: 4, z: 4 }, { x: 0, z: 0.1 }, 1)!;
    expect(path.at(-1)).toEqual({ x: 0, z: 0.1 });
    expect(length(path)).toBeGreaterThan(7.5);
    expect(length(path)).toBeLessThan(8.6);
    // never cuts the corner the trail went round
    expect(path.every((p) => p.x > 3.7 || p.z < 0.3)).toBe(true);
  });

  it('takes the shortcut where the trail crossed itself', () => {
    // out east, a loop north and back west across the outward leg, then far off north-west
    const trail = [
      ...leg({ x: 0, z: 0 }, { x: 6, z: 0 }),
      ...leg({ x: 6, z: 0 }, { x: 6, z: 3 }),
      ...leg({ x: 6, z: 3 }, { x: 3, z: 3 }),
      ...leg({ x: 3, z: 3 }, { x: 3, z: -3 }),
    ];
    const path = routeAlongTrail(trail, { x: 3, z: -3 }, { x: 0, z: 0 }, 1)!;
    // back up to the crossing at (3, 0), then west: not round the loop
    expect(length(path)).toBeLessThan(6.5);
  });

  it('does not join the two sides of a jump (a re-anchor moved the pose)', () => {
    const trail = [...leg({ x: 0, z: 0 }, { x: 2, z: 0 }), ...leg({ x: 5, z: 0 }, { x: 7, z: 0 })];
    expect(routeAlongTrail(trail, { x: 7, z: 0 }, { x: 0, z: 0 }, 1)).toBeNull();
  });

  it('is null when the trail passes nowhere near the robot or the target', () => {
    const trail = leg({ x: 0, z: 0 }, { x: 4, z: 0 });
    expect(routeAlongTrail(trail, { x: 4, z: 0 }, { x: 0, z: 3 }, 1)).toBeNull();
    expect(routeAlongTrail(trail, { x: 4, z: 3 }, { x: 0, z: 0 }, 1)).toBeNull();
    expect(routeAlongTrail([], { x: 0, z: 0 }, { x: 0, z: 0 }, 1)).toBeNull();
  });
});

describe('offFlights', () => {
  // a flight from floor 0 climbs north (+z) from its foot at (0, 0); the climb arrived upstairs at (0, 4)
  const up: Flight = { floor: 0, to: 1, bottom: { x: 0, z: 0 }, heading: 0, spanM: 2.5 };
  const down: Flight = { floor: 1, to: 0, bottom: { x: 0, z: 4 }, heading: Math.PI, spanM: 0 };
  // the upper floor's trail: the climb's frames over the flight, the landing, a gallery back south beside the stairwell
  const climb = leg({ x: 0, z: 0.1 }, { x: 0, z: 4 });
  const upstairs = [...climb, ...leg({ x: 0, z: 4 }, { x: 1.2, z: 4 }), ...leg({ x: 1.2, z: 4 }, { x: 1.2, z: 1 })];
  const onFlight = (p: P) => Math.abs(p.x) < 0.6 && p.z > 0.25 && p.z < 4;

  it('drops the trail points over a flight known both ways, from its foot to where the climb arrived, and keeps the rest', () => {
    const kept = offFlights(upstairs, [up, down], 1);
    expect(kept.some(onFlight)).toBe(false);
    // the landing and the gallery 1.2 m beside the flight's line stay
    const landingAndGallery = upstairs.filter((p) => p.z >= 4 || p.x === 1.2);
    expect(landingAndGallery.every((p) => kept.includes(p))).toBe(true);
    expect(kept.length).toBe(landingAndGallery.length);
  });

  it('a route along the upper floor toward a spot beside the stairwell does not lead down the flight', () => {
    const spot = { x: 0.5, z: 1 };
    const raw = routeAlongTrail(upstairs, { x: 1.2, z: 1.2 }, spot, 1)!;
    expect(raw.some(onFlight)).toBe(true); // what the planar trail gave before: down the flight
    const path = routeAlongTrail(offFlights(upstairs, [up, down], 1), { x: 1.2, z: 1.2 }, spot, 1);
    expect(path === null || !path.slice(0, -1).some(onFlight)).toBe(true);
  });

  it('a flight known only from below spans what was seen of it; other floors and no flights keep the trail whole', () => {
    const kept = offFlights(climb, [{ ...up, to: undefined }], 0);
    expect(kept.every((p) => p.z <= 0.25 || p.z >= 2.5)).toBe(true);
    expect(kept.some((p) => p.z > 2.5)).toBe(true);
    expect(offFlights(climb, [up, down], 2)).toEqual(climb);
    expect(offFlights(climb, [], 1)).toEqual(climb);
  });
});
