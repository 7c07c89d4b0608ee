/**
 * Issue 34, item 1: a later run whose start turn did not find the saved map keeps looking for it on
 * purpose — to the open middle of the room it stands in and round once there, then round again at each
 * new open spot its search reaches — and stops as soon as the saved map is back.
 */
import { describe, expect, it } from 'vitest';
import { clearance, LOOK_SPACING_M, LOOKS_PER_TASK, OPEN_M, openSpot, SavedMapSeek } from '../../src/baselines/navigation-agent/seek.js';
import type { Ctx, Decision } from '../../src/baselines/navigation-agent/context.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';

/** A 6 m × 6 m room of free cells (0.1 m) walled round, with the body in its south-west corner. */
function room(): GridView {
  const w = 62;
  const cells = new Uint8Array(w * w);
  for (let z = 0; z < w; z++) for (let x = 0; x < w; x++) cells[z * w + x] = x === 0 || z === 0 || x === w - 1 || z === w - 1 ? 2 : 1;
  return new GridView({ originX: -1, originZ: -1, width: w, height: w, cells }, 0.1);
}

function ctx(grid: GridView, at: { x: number; z: number }) {
  const nav = {
    savedMapAside: true,
    floor: 0,
    plan: (goal: { x: number; z: number }) => ({
      status: 'ok',
      path: [{ x: c.pose.x, z: c.pose.z }, goal],
      lengthM: Math.hypot(goal.x - c.pose.x, goal.z - c.pose.z),
      target: goal,
    }),
  };
  const c = { nav, grid, task: newTaskState('task-001'), pose: { ...at, yaw: 0 } } as unknown as Ctx;
  return c;
}

const acts = (d: Decision | null) => (d?.kind === 'act' ? d.actions : []);

describe('looking for the saved map', () => {
  it('measures how open a spot is', () => {
    const g = room();
    expect(clearance(g, { x: 3, z: 3 })).toBeGreaterThan(1.9);
    expect(clearance(g, { x: 0.3, z: 3 })).toBeLessThan(0.5);
    // the floor right round the body is never seen: unknown there is not a wall, unknown farther off is
    const blind = room();
    for (const [dx, dz] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
      [2, 0],
    ])
      blind.g.cells[(31 + dz) * 62 + 31 + dx] = 0;
    expect(clearance(blind, blind.centre(30, 30))).toBeGreaterThan(1.9);
    blind.g.cells[31 * 62 + 36] = 0;
    expect(clearance(blind, blind.centre(30, 30))).toBeCloseTo(0.5, 5);
  });

  it("waits for the run's own map before it looks for an open spot (the start turn's map was set aside)", () => {
    const empty = new GridView({ originX: 0, originZ: 0, width: 10, height: 10, cells: new Uint8Array(100) }, 0.1);
    const c = ctx(empty, { x: 0.5, z: 0.5 });
    const seek = new SavedMapSeek();
    expect(seek.next(c)).toBeNull();
    c.grid = room();
    c.pose = { x: 0.4, z: 0.4, yaw: 0 };
    expect(acts(seek.next(c))).toContain('forward');
  });

  it('finds the open middle nearby, away from where it looked round', () => {
    const g = room();
    const spot = openSpot(g, { x: 0.5, z: 0.5 }, [{ x: 0.5, z: 0.5 }])!;
    expect(clearance(g, spot)).toBeGreaterThanOrEqual(1.5);
    expect(Math.hypot(spot.x - 0.5, spot.z - 0.5)).toBeGreaterThanOrEqual(LOOK_SPACING_M);
    // a corridor 0.6 m wide has no spot open enough
    const w = 40;
    const cells = new Uint8Array(w * 10).fill(2);
    for (let x = 1; x < w - 1; x++) for (let z = 2; z < 8; z++) cells[z * w + x] = 1;
    expect(openSpot(new GridView({ originX: 0, originZ: 0, width: w, height: 10, cells }, 0.1), { x: 0.5, z: 0.5 }, [])).toBeNull();
    expect(OPEN_M).toBeGreaterThan(0.3);
  });

  it('drives from a corner to the open middle, looks all the way round there, then leaves the search to the task', () => {
    const c = ctx(room(), { x: 0.4, z: 0.4 });
    const seek = new SavedMapSeek();
    const first = seek.next(c)!;
    expect(acts(first)).toContain('forward');
    // arrived: a full turn (24 × 15°) in two steps
    c.pose = { x: 3, z: 3, yaw: 0 };
    seek['open'] = { at: { x: 3, z: 3 }, steps: 1 };
    const turns = [...acts(seek.next(c)), ...acts(seek.next(c))];
    expect(turns).toEqual(Array(24).fill('left'));
    // standing where it looked round: nothing more here
    expect(seek.next(c)).toBeNull();
    // a new open spot 2 m on: round again
    c.pose = { x: 3, z: 5, yaw: 0 };
    expect(acts(seek.next(c))).toEqual(Array(12).fill('left'));
  });

  it('stops the moment the saved map is back, and looks at most LOOKS_PER_TASK times in a task', () => {
    const c = ctx(room(), { x: 3, z: 3 });
    const seek = new SavedMapSeek();
    expect(seek.next(c)).not.toBeNull();
    (c.nav as unknown as { savedMapAside: boolean }).savedMapAside = false;
    expect(seek.next(c)).toBeNull();
    // never aside: never looks
    const d = ctx(room(), { x: 0.4, z: 0.4 });
    (d.nav as unknown as { savedMapAside: boolean }).savedMapAside = false;
    expect(new SavedMapSeek().next(d)).toBeNull();
    // aside all task long: LOOKS_PER_TASK look rounds, then the task's own search
    const e = ctx(room(), { x: 0.4, z: 0.4 });
    const s = new SavedMapSeek();
    let halfTurns = 0;
    const spots = [
      { x: 0.4, z: 0.4 },
      { x: 2, z: 2 },
      { x: 4, z: 2 },
      { x: 4, z: 4 },
      { x: 2, z: 4 },
      { x: 3, z: 5.5 },
    ];
    for (const p of spots) {
      e.pose = { ...p, yaw: 0 };
      s['open'] = null;
      for (let i = 0; i < 3; i++) if (acts(s.next(e)).join() === Array(12).fill('left').join()) halfTurns++;
    }
    expect(halfTurns).toBe(2 * LOOKS_PER_TASK);
    // the next task looks again
    e.task = newTaskState('task-002');
    e.pose = { x: 5.2, z: 0.9, yaw: 0 };
    expect(acts(s.next(e))).toEqual(Array(12).fill('left'));
  });

  it('looks round once before a claim while the saved map is aside (turns only: it ends facing the goal), not again nearby, not once the map is back', () => {
    const c = ctx(room(), { x: 3, z: 3 });
    const seek = new SavedMapSeek();
    const look = [...acts(seek.beforeClose(c)), ...acts(seek.beforeClose(c))];
    expect(look).toEqual(Array(24).fill('left'));
    expect(seek.beforeClose(c)).toBeNull();
    c.pose = { x: 3.5, z: 3, yaw: 0 };
    expect(seek.beforeClose(c)).toBeNull();
    c.pose = { x: 5, z: 3, yaw: 0 };
    (c.nav as unknown as { savedMapAside: boolean }).savedMapAside = false;
    expect(seek.beforeClose(c)).toBeNull();
  });
});
