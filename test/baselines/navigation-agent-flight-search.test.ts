/**
 * Issue 35: a floor searched down to scraps with no flight of stairs known (house 5 task 2: the ground
 * floor searched, the stair hall behind a door never entered, the goal upstairs). Before the scraps,
 * the robot goes to the map's edges where free space meets unknown space (a doorway seen at a slant)
 * and looks beyond; with a flight known, or the edges looked beyond, it behaves as before.
 */
import { describe, expect, it } from 'vitest';
import { explore } from '../../src/baselines/navigation-agent/explore.js';
import { frontiers } from '../../src/baselines/navigation-agent/flight-search.js';
import { ViewCoverage } from '../../src/baselines/navigation-agent/coverage.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import type { Ctx, Decision } from '../../src/baselines/navigation-agent/context.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { Cell } from '../../src/mapping/index.js';
import type { BodyFrame } from '../../src/body/index.js';

/**
 * A 6 m square room (0.1 m cells, walled) with a gap of `door` cells in its east wall at z 2.5 m; east
 * of the wall the map knows nothing.
 */
function house(door: number): GridView {
  const n = 60,
    w = n + 2 + 20,
    h = n + 2;
  const cells = new Uint8Array(w * h).fill(Cell.Unknown);
  for (let z = 0; z < h; z++) for (let x = 0; x < n + 2; x++) cells[z * w + x] = x === 0 || z === 0 || x === n + 1 || z === n + 1 ? Cell.Obstacle : Cell.Free;
  for (let z = 26; z < 26 + door; z++) cells[z * w + n + 1] = Cell.Free;
  return new GridView({ originX: -1, originZ: -1, width: w, height: h, cells }, 0.1);
}

function ctx(grid: GridView, flights: Flight[] = []): Ctx {
  const coverage = new ViewCoverage();
  // the whole room looked at (short views from everywhere, all round) but for a scrap in its south-west corner
  const K = { fx: 10, fy: 10, cx: 8, cy: 1, width: 16, height: 2 };
  const frame = { width: 16, height: 2, depth: new Float32Array(32).fill(0.5) } as unknown as BodyFrame;
  for (let z = 0.1; z < 6; z += 0.2) {
    for (let x = 0.1; x < 6; x += 0.2) {
      if (x < 1.2 && z < 1.2) continue;
      for (let k = 0; k < 12; k++) coverage.markView(grid, { x, z, yaw: (k * Math.PI) / 6 }, frame, K);
    }
  }
  const task = newTaskState('t');
  task.coverage.set(0, coverage);
  const pose = { x: 1, z: 5, yaw: 0 };
  const nav = {
    floor: 0,
    // a map of this run only: nothing remembered from an earlier run for the walled-in rule to forget
    map: {
      floors: () => [{ id: 0, floorUp: 0, frames: 1 }],
      cellAt: () => 'free',
      params: { cellSize: 0.1 },
      worldToCell: (x: number, z: number) => ({ x: Math.floor(x / 0.1), z: Math.floor(z / 0.1) }),
      gridRef: () => ({ ptr: 0, ox: 0, oz: 0, w: 0, h: 0 }),
      liveCells: () => new Uint8Array(0),
    },
    plan: (goal: { x: number; z: number }) => ({
      status: 'ok',
      path: [{ x: pose.x, z: pose.z }, goal],
      lengthM: Math.hypot(goal.x - pose.x, goal.z - pose.z),
      target: goal,
    }),
  };
  return { nav, task, grid, coverage, pose, flights, sighting: null, turn: { steps: () => null } } as unknown as Ctx;
}
const why = (d: Decision) => (d.kind === 'act' ? d.why : d.kind);
/** one turn of the explore state, as the agent's state loop runs it (a hand-back to explore is run again) */
const turn = (c: Ctx): Decision => {
  const d = explore(c);
  return d.kind === 'goto' && d.state === 'explore' ? explore(c) : d;
};

describe('frontiers', () => {
  it('finds the doorway onto unknown space, looking through it', () => {
    const found = frontiers(house(10), { x: 1, z: 5 }, []);
    expect(found).toHaveLength(1);
    expect(found[0].at.x).toBeGreaterThan(5.9);
    expect(Math.abs(found[0].at.z - 3.0)).toBeLessThan(0.6);
    expect(found[0].look.x).toBeGreaterThan(found[0].at.x + 0.5);
  });

  it('ignores a crack too narrow to hide a doorway, and a doorway already visited', () => {
    expect(frontiers(house(2), { x: 1, z: 5 }, [])).toHaveLength(0);
    expect(frontiers(house(10), { x: 1, z: 5 }, [{ x: 6, z: 3 }])).toHaveLength(0);
  });
});

describe('explore: looks for a flight before the scraps when none is known', () => {
  it('goes to the doorway instead of the scrap in the corner', () => {
    const c = ctx(house(10));
    const d = explore(c);
    expect(why(d)).toMatch(/look for a flight of stairs/);
    // east, toward the doorway: the scrap is south-west
    expect(d.kind === 'act' && d.actions.filter((a) => a === 'right').length).toBeGreaterThanOrEqual(4);
  });

  it('searches the scraps when no edge of the map is left to look beyond', () => {
    const c = ctx(house(0));
    expect(why(turn(c))).toMatch(/drive toward unseen space/);
    expect(c.task.flightSearch?.done).toBe(true);
  });

  it('searches the scraps once the search has had its turns', () => {
    const c = ctx(house(10));
    for (let i = 0; i < 10; i++) expect(why(turn(c))).toMatch(/look for a flight of stairs/);
    expect(why(turn(c))).toMatch(/drive toward unseen space/);
  });

  it('looks beyond the edges before going over what earlier tasks looked over again', () => {
    const c = ctx(house(10));
    // the corner too, by an earlier task: everything here is taken as looked at
    c.coverage.markAround(c.grid, { x: 0.5, z: 0.5 }, 1.5);
    expect(why(turn(c))).toMatch(/look for a flight of stairs/);
    expect(c.coverage.hasCarried).toBe(true);
  });

  it('takes a known flight instead', () => {
    const c = ctx(house(10), [{ floor: 0, bottom: { x: 3, z: 3 }, heading: 0, spanM: 3 }]);
    expect(explore(c)).toEqual({ kind: 'goto', state: 'stairs' });
    expect(c.task.flightSearch).toBeNull();
  });
});

describe('explore: no drive through where the body was stopped twice', () => {
  // house 2 task 4 with SLAM: backed out of one spot upstairs eight times, each time to drive at it
  // again toward a viewpoint a little to one side (the map showed free space where the body could not go)
  const dense = (a: { x: number; z: number }, b: { x: number; z: number }) =>
    Array.from({ length: 41 }, (_, i) => ({ x: a.x + ((b.x - a.x) * i) / 40, z: a.z + ((b.z - a.z) * i) / 40 }));

  it('leaves out a viewpoint whose route runs through the spot', () => {
    const free = ctx(house(0));
    Object.assign(free.nav, {
      plan: (g: { x: number; z: number }) => ({
        status: 'ok',
        path: dense(free.pose, g),
        lengthM: Math.hypot(g.x - free.pose.x, g.z - free.pose.z),
        target: g,
      }),
    });
    expect(why(turn(free))).toMatch(/drive toward unseen space/);
    const stopped = ctx(house(0));
    Object.assign(stopped.nav, { plan: free.nav.plan });
    // on the straight way from (1, 5) to the scrap in the south-west corner
    stopped.task.blocked.push({ x: 0.8, z: 3.0 });
    expect(why(turn(stopped))).not.toMatch(/drive toward unseen space/);
    expect(stopped.task.ignore.length).toBeGreaterThan(0);
  });
});
