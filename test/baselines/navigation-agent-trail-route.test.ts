/**
 * Issue 35: the way back to where a climb arrived, along the body's own trail on the upper floor,
 * when that floor's map has lost the corridor (house 2, tasks 4 and 5 upstairs).
 */
import { describe, expect, it } from 'vitest';
import { routeAlongTrail } from '../../src/baselines/navigation-agent/trail-route.js';

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
