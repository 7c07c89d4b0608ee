/**
 * Issue 14: exploration does not spend the task on the scraps of a floor when a floor the task has
 * not looked at is a known flight away (house 5 task 2 drove after 20-cell corners for ten turns
 * while the goal was upstairs, and ended on the wrong floor). With no other floor to try, the
 * scraps are still searched. When only scraps are near, the largest unseen spaces farther off are
 * weighed too (house 5 task 2 found the stairs only at the far end of the floor). A floor earlier
 * tasks looked over mostly is left for a floor no one has mapped (house 6 task 4 searched the rest
 * of the ground floor for 260 steps, then ran out of steps upstairs where the goal was).
 */
import { describe, expect, it } from 'vitest';
import { choose, explore, lookedShare, type Option } from '../../src/baselines/navigation-agent/explore.js';
import { richestViewpoints, viewpointCandidates } from '../../src/baselines/navigation-agent/viewpoints.js';
import { ViewCoverage } from '../../src/baselines/navigation-agent/coverage.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { Cell } from '../../src/mapping/index.js';

const drive = (gain: number, cost: number): Option => ({ actions: ['forward'], gain, cost, target: { x: 1, z: 1 } });
const glance = (gain: number): Option => ({ actions: ['left'], gain, cost: 9 });

describe('explore: choose', () => {
  it('takes the step that shows the most new cells per step when one is worth it', () => {
    const best = choose([glance(30)], [drive(300, 50), drive(400, 40)], { carried: false, newFloor: true });
    expect(best?.gain).toBe(400);
  });

  it('searches the scraps when no other floor is known', () => {
    const best = choose([glance(10)], [drive(20, 40), drive(30, 35)], { carried: false, newFloor: false });
    expect(best?.gain).toBe(30);
  });

  it('leaves the scraps for a floor this task has not looked at', () => {
    expect(choose([glance(10)], [drive(20, 40), drive(30, 35)], { carried: false, newFloor: true })).toBeNull();
  });

  it('leaves the scraps when earlier tasks looked the floor over', () => {
    expect(choose([glance(10)], [drive(20, 40)], { carried: true, newFloor: false })).toBeNull();
  });
});

/** a free square room of `n` cells a side at the origin, 0.1 m cells, walls round it */
function room(n: number): GridView {
  const w = n + 2;
  const cells = new Uint8Array(w * w).fill(Cell.Obstacle);
  for (let z = 1; z <= n; z++) for (let x = 1; x <= n; x++) cells[z * w + x] = Cell.Free;
  return new GridView({ originX: -1, originZ: -1, width: w, height: w, cells }, 0.1);
}

describe('viewpoints: the richest unseen space is weighed, not only the nearest scraps', () => {
  it('finds a large unseen area beyond a ring of nearer scraps', () => {
    const grid = room(120); // 12 m square
    // everything looked at except a 4 m square far corner and a few small scraps near the robot
    const far = new ViewCoverage();
    for (let z = 0; z < 120; z++) {
      for (let x = 0; x < 120; x++) {
        const inCorner = x >= 80 && z >= 80;
        const scrap = [10, 20, 30, 40, 50, 60, 70].some((s) => Math.abs(x - s) <= 3 && Math.abs(z - 5) <= 3);
        if (!inCorner && !scrap) far.markAround(grid, grid.centre(x, z), 0);
      }
    }
    const q = { from: { x: 0.5, z: 0.5 }, ignore: [], ignoreRadiusM: 0.5 };
    const nearest = viewpointCandidates(grid, far, { ...q, max: 6, spacingM: 1.0, extraM: 6 });
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.every((v) => v.at.x < 8 && v.at.z < 8)).toBe(true);
    const rich = richestViewpoints(grid, far, { ...q, max: 3, spacingM: 2.0 });
    expect(rich[0].at.x).toBeGreaterThan(7.5);
    expect(rich[0].at.z).toBeGreaterThan(7.5);
  });
});

describe('explore: a floor no one has mapped before the rest of a floor looked over', () => {
  function ctx(lookedOver: boolean, layers: number[]): Ctx {
    const grid = room(60);
    const coverage = new ViewCoverage();
    // earlier tasks looked over all but a 1.5 m strip along one wall
    if (lookedOver) for (let z = 0; z < 60; z++) for (let x = 0; x < 45; x++) coverage.markAround(grid, grid.centre(x, z), 0);
    const task = newTaskState('t');
    task.coverage.set(0, coverage);
    const flight: Flight = { floor: 0, bottom: { x: 1, z: 1 }, heading: 0, spanM: 3 };
    const nav = {
      floor: 0,
      map: { floors: () => layers.map((id) => ({ id, floorUp: 0, frames: 1 })) },
      plan: (goal: { x: number; z: number }) => ({ status: 'ok', path: [{ x: 3, z: 3 }, goal], lengthM: Math.hypot(goal.x - 3, goal.z - 3), target: goal }),
    };
    return { nav, task, grid, coverage, pose: { x: 3, z: 3, yaw: 0 }, flights: [flight], sighting: null, turn: { steps: () => null } } as unknown as Ctx;
  }

  it('measures how much of the floor has been looked at', () => {
    expect(lookedShare(ctx(true, [0]))).toBeCloseTo(0.75, 1);
    expect(lookedShare(ctx(false, [0]))).toBe(0);
  });

  it('takes the stairs to the unmapped floor while unseen space is still left here', () => {
    const c = ctx(true, [0]);
    expect(explore(c)).toEqual({ kind: 'goto', state: 'stairs' });
    expect(c.task.stairs?.flight).toBe(c.flights[0]);
  });

  it('searches on here when the other floor is mapped already', () => {
    const c = ctx(true, [0, 1]);
    expect(explore(c).kind).toBe('act');
    expect(c.task.stairs).toBeNull();
  });
});
