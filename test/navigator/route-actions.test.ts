import { describe, expect, it } from 'vitest';
import { routeActions } from '../../src/navigator/route-following.js';

const line = (x0: number, z0: number, x1: number, z1: number, n = 20) =>
  Array.from({ length: n + 1 }, (_, i) => ({ x: x0 + ((x1 - x0) * i) / n, z: z0 + ((z1 - z0) * i) / n }));

describe('routeActions: a whole route in one step call', () => {
  it('drives a straight route with up to 12 forwards', () => {
    const a = routeActions(line(0, 0, 0, 5), { x: 0, z: 0, yaw: 0 }, { maxActions: 12 });
    expect(a).toEqual(Array(12).fill('forward'));
  });

  it('stops at the end of a short route, and short of it when asked', () => {
    expect(routeActions(line(0, 0, 0, 1), { x: 0, z: 0, yaw: 0 }, { maxActions: 12 }).filter((x) => x === 'forward').length).toBe(4);
    expect(routeActions(line(0, 0, 0, 1), { x: 0, z: 0, yaw: 0 }, { maxActions: 12, stopShortM: 0.5 }).filter((x) => x === 'forward').length).toBe(2);
  });

  it('turns round a corner within the same call', () => {
    // +z for 1 m, then toward −x (a left turn: yaw positive is left, facing +z at yaw 0 means −x is left)
    const path = [...line(0, 0, 0, 1, 10), ...line(0, 1, -2, 1, 20).slice(1)];
    const a = routeActions(path, { x: 0, z: 0, yaw: 0 }, { maxActions: 12 });
    expect(a.length).toBe(12);
    expect(a).toContain('left');
    expect(a).not.toContain('right');
    expect(a.filter((x) => x === 'forward').length).toBeGreaterThanOrEqual(5);
  });
});

describe('routeActions: the 15° headings against a route between them', () => {
  /** An 8-connected staircase of 5 cm cells along heading `deg` (left of +z positive), 6 m long. */
  function staircase(deg: number) {
    const dx = -Math.sin((deg * Math.PI) / 180),
      dz = Math.cos((deg * Math.PI) / 180);
    return Array.from({ length: 121 }, (_, s) => ({ x: Math.round(dx * s) * 0.05, z: Math.round(dz * s) * 0.05 }));
  }

  it('drives a route at 22.5° with a turn every few metres, not one per forward, staying on it', () => {
    const path = staircase(22.5);
    const a = routeActions(path, { x: 0, z: 0, yaw: 0 }, { maxActions: 200 });
    const turns = a.filter((x) => x !== 'forward').length;
    expect(a.filter((x) => x === 'forward').length).toBe(24);
    // the old follower turned before 19 of the 24 forwards
    expect(turns).toBeLessThanOrEqual(8);
    // every simulated position stays within 0.1 m of the route's line
    let x = 0,
      z = 0,
      yaw = 0;
    for (const act of a) {
      if (act === 'forward') {
        x -= Math.sin(yaw) * 0.25;
        z += Math.cos(yaw) * 0.25;
        const off = Math.abs(x * Math.cos((22.5 * Math.PI) / 180) + z * Math.sin((22.5 * Math.PI) / 180));
        expect(off).toBeLessThanOrEqual(0.1);
      } else yaw += ((act === 'left' ? 15 : -15) * Math.PI) / 180;
    }
  });
});
