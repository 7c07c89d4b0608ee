/**
 * Issue 14: the offline agent claims a goal only with it in view within reach. A route that ends
 * within reach of where the goal was seen, but on the far side of a wall or counter, shows no goal
 * in the check's stop views: the agent turns to face it once, and when it is still not in view it
 * looks for another side instead of claiming (house 5 task 1 was refused and then lost that way).
 */
import { describe, expect, it } from 'vitest';
import { approach, EDGE_REACH_M, NOISY_REACH_M, REACH_M, retryUnreached, sightLineSpot } from '../../src/baselines/navigation-agent/approach.js';
import { cutRoute, openHeading, planRoute } from '../../src/baselines/navigation-agent/motion.js';
import type { Navigator } from '../../src/navigator/index.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import { Cell } from '../../src/mapping/index.js';
import { newTaskState, type Sighting } from '../../src/baselines/navigation-agent/types.js';

function ctx(goal: { x: number; z: number }, sighting: Sighting | null): Ctx {
  const task = newTaskState('t');
  task.state = 'approach';
  task.goal = goal;
  const oracle = { goalLabel: () => 'fridge' };
  const grid = new GridView({ originX: -20, originZ: -20, width: 40, height: 40, cells: new Uint8Array(1600).fill(Cell.Free) }, 0.1);
  const goals = { label: () => oracle.goalLabel() };
  return { oracle, goals, task, grid, pose: { x: 0, z: 0, yaw: 0 }, sighting, nav: { floor: 0 } } as unknown as Ctx;
}

describe('approach: a claim needs the goal in view', () => {
  it('turns to face a goal within reach that is out of view, before anything else', () => {
    // yaw 0 looks along +z; the goal is behind the body
    const c = ctx({ x: 0, z: -0.6 }, null);
    const d = approach(c);
    expect(d.kind).toBe('act');
    expect(d.kind === 'act' && d.actions.every((a) => a === 'left' || a === 'right')).toBe(true);
    expect(c.task.faced).toBe(true);
  });

  it('facing it and still not seeing it, searches around that spot instead of claiming', () => {
    const c = ctx({ x: 0, z: 0.6 }, null);
    c.task.faced = true;
    const d = approach(c);
    expect(d).toEqual({ kind: 'goto', state: 'explore' });
    expect(c.task.focus).toEqual({ x: 0, z: 0.6 });
    expect(c.task.goal).toBeNull();
    expect(c.task.faced).toBe(false);
    // the spot is not approached again from here
    expect(c.task.rejected).toEqual([{ point: { x: 0, z: 0.6 }, from: { x: 0, z: 0 }, unseen: true, remembered: true }]);
  });

  it('claims a goal in view within reach', () => {
    const c = ctx({ x: 0, z: 2 }, { point: { x: 0, z: 0.7 }, distanceM: 0.7, pixels: 900 });
    const d = approach(c);
    expect(d.kind).toBe('close');
    expect(d.kind === 'close' && d.evidence).toMatch(/fridge\) is in view about 0\.7 m away/);
  });
});

describe('cutRoute: the approach stops where the goal is in sight', () => {
  it('passes a goal behind a wall and stops on its open side', () => {
    // a wall along z = 1 from x = -3 to x = 0.5; the goal is seen on its far side at (0, 1.5)
    const cells = new Uint8Array(80 * 80).fill(Cell.Free);
    for (let cx = -30; cx <= 5; cx++) cells[(10 + 40) * 80 + (cx + 40)] = Cell.Obstacle;
    const grid = new GridView({ originX: -40, originZ: -40, width: 80, height: 80, cells }, 0.1);
    const g = { x: 0, z: 1.5 };
    // the route runs under the wall to its end at x = 1, then back along its far side
    const path = [
      ...Array.from({ length: 11 }, (_, i) => ({ x: i / 10, z: 0.8 })),
      ...Array.from({ length: 8 }, (_, i) => ({ x: 1, z: 0.9 + i / 10 })),
      ...Array.from({ length: 10 }, (_, i) => ({ x: 0.9 - i / 10, z: 1.5 })),
    ];
    const blind = cutRoute(path, g, 0.75);
    expect(blind[blind.length - 1]).toEqual({ x: 0, z: 0.8 });
    const cut = cutRoute(path, g, 0.75, (p) => grid.clearLine(p, g, 0.2));
    const end = cut[cut.length - 1];
    expect(end.z).toBeGreaterThan(1);
    expect(Math.hypot(end.x - g.x, end.z - g.z)).toBeLessThanOrEqual(0.75);
  });
});

describe('openHeading: the way out after bumps', () => {
  it('leaves out the heading the body just failed to move along, however free the map shows it', () => {
    // a map free everywhere: every ray is as long as any other
    const nav = { floor: 0, map: { cellAt: () => 'free' } } as unknown as Navigator;
    const pose = { x: 0, z: 0, yaw: 0.3 };
    expect(openHeading(nav, pose)).toBeCloseTo(0.3);
    const away = openHeading(nav, pose, true);
    const off = Math.abs(Math.atan2(Math.sin(away - pose.yaw), Math.cos(away - pose.yaw)));
    expect(off).toBeGreaterThanOrEqual(Math.PI / 3 - 1e-9);
  });
});

describe('approach: progress along the route, not as the crow flies', () => {
  it('keeps following a detour that leads away from the goal while the route left gets shorter', () => {
    const g = { x: 0, z: 6 };
    const c = ctx(g, null);
    let routeLeft = 14;
    // the map's way to the goal goes round a wall: the body first moves away from it (−z)
    (c as unknown as { nav: unknown }).nav = {
      floor: 0,
      plan: () => ({
        status: 'ok',
        path: [{ x: c.pose.x, z: c.pose.z }, { x: c.pose.x, z: c.pose.z - 3 }, { x: 3, z: -3 }, { x: 3, z: 6 }, g],
        lengthM: routeLeft,
        target: g,
      }),
    };
    for (let turn = 0; turn < 8; turn++) {
      const d = approach(c);
      expect(d.kind).toBe('act');
      c.pose = { ...c.pose, z: c.pose.z - 0.5 };
      routeLeft -= 0.5;
    }
    expect(c.task.rejected).toEqual([]);
  });
});

/** A navigator whose planner reaches every target it is asked for, and records the targets. */
function planningNav(c: Ctx, ends: (to: { x: number; z: number }) => { x: number; z: number } = (to) => to): { x: number; z: number }[] {
  const asked: { x: number; z: number }[] = [];
  (c as unknown as { nav: unknown }).nav = {
    floor: 0,
    plan: (to: { x: number; z: number }) => {
      asked.push(to);
      const end = ends(to);
      return { status: 'ok', path: [{ x: c.pose.x, z: c.pose.z }, end], lengthM: Math.hypot(end.x - c.pose.x, end.z - c.pose.z), target: end };
    },
  };
  return asked;
}

describe('approach: along the line the goal was seen on', () => {
  it('drives to a spot short of the goal on the line of sight, not to the goal point (whose nearest free cell may be behind a wall)', () => {
    const c = ctx({ x: 0, z: 3 }, { point: { x: 0, z: 3 }, distanceM: 3, pixels: 900 });
    const asked = planningNav(c);
    const d = approach(c);
    expect(d.kind).toBe('act');
    expect(c.task.goalFrom).toEqual({ x: 0, z: 0 });
    expect(asked[0].x).toBeCloseTo(0);
    expect(asked[0].z).toBeCloseTo(2.4);
  });

  it('tries the goal point itself when the spot on the line of sight is out of reach (over a counter)', () => {
    const c = ctx({ x: 0, z: 3 }, { point: { x: 0, z: 3 }, distanceM: 3, pixels: 900 });
    // the spot's nearest free cell is 1.3 m short of the goal; the goal point's is on the counter's other side
    const asked = planningNav(c, (to) => (to.z < 2.9 ? { x: 0, z: 1.7 } : { x: 0, z: 3.7 }));
    const d = approach(c);
    expect(d.kind).toBe('act');
    expect(asked.some((p) => p.z === 3)).toBe(true);
    expect(c.task.rejected).toEqual([]);
  });

  it('sightLineSpot keeps to the observer when it is already closer than the standoff', () => {
    expect(sightLineSpot({ x: 0, z: 1 }, { x: 0, z: 0.5 })).toEqual({ x: 0, z: 0.5 });
    expect(sightLineSpot({ x: 0, z: 1 }, null)).toEqual({ x: 0, z: 1 });
  });
});

describe('approach: on a base with noisy odometry the claim is made nearer', () => {
  // the close check turns the body in place a full turn for its stop views; habitat's noisy base moves
  // 0.28 m in the median doing so (house 1 task 1: claimed 0.7 m from a desk, judged 1.12 m from it)
  function noisy(sighting: Sighting | null, ends: (to: { x: number; z: number }) => { x: number; z: number } = (to) => to) {
    const c = ctx({ x: 0, z: 2 }, sighting);
    const asked = planningNav(c, ends);
    (c.nav as unknown as { odometryErrorM: number }).odometryErrorM = 0.058;
    return { c, asked };
  }
  const at = (d: number): Sighting => ({ point: { x: 0, z: d }, distanceM: d, pixels: 900 });

  it('drives closer to a goal in view within the usual reach before claiming it', () => {
    const { c, asked } = noisy(at(0.8));
    const d = approach(c);
    expect(d.kind).toBe('act');
    expect(d.kind === 'act' && d.actions.includes('forward')).toBe(true);
    expect(c.task.closer).toBe(1);
    // toward the spot on the line of sight short of the goal by less than the claim reach
    expect(Math.hypot(asked[0].x, asked[0].z - 0.8)).toBeLessThan(NOISY_REACH_M);
  });

  it('claims once within the nearer reach, or from where it is when no route ends nearer or its closer drives are spent', () => {
    expect(approach(noisy(at(NOISY_REACH_M - 0.05)).c).kind).toBe('close');
    // every route ends where the body stands
    const stuck = noisy(at(0.8), () => ({ x: 0, z: 0 }));
    expect(approach(stuck.c).kind).toBe('close');
    const spent = noisy(at(0.8));
    spent.c.task.closer = 3;
    expect(approach(spent.c).kind).toBe('close');
  });

  it('after a closer drive, a goal gone from view (too near for the camera) is claimed, not given up', () => {
    const { c } = noisy(null);
    c.task.goal = { x: 0, z: 0.4 };
    // seen in this task (the closer drives follow a sighting), so not a remembered spot
    c.task.goalFrom = { x: 0, z: 2 };
    c.task.faced = true;
    c.task.closer = 1;
    expect(approach(c).kind).toBe('close');
  });

  it('claims a goal in view within 1 m when every route ends farther from it than the body stands', () => {
    // the routes end 0.2 m behind the body (furniture under a painting keeps it off): 1.15 m from the goal
    const behind = () => ({ x: 0, z: -0.2 });
    const edge = noisy(at(0.95), behind);
    expect(approach(edge.c).kind).toBe('close');
    expect(edge.c.task.rejected).toEqual([]);
    // beyond the success radius it is given up here and approached from elsewhere, as with exact odometry
    const far = noisy(at(EDGE_REACH_M + 0.05), behind);
    expect(approach(far.c)).toEqual({ kind: 'goto', state: 'explore' });
    expect(far.c.task.rejected).toHaveLength(1);
    const exact = ctx({ x: 0, z: 2 }, at(0.95));
    planningNav(exact, behind);
    expect(approach(exact)).toEqual({ kind: 'goto', state: 'explore' });
  });

  it('with exact odometry the usual reach stands', () => {
    const c = ctx({ x: 0, z: 2 }, at(REACH_M - 0.05));
    planningNav(c);
    expect(approach(c).kind).toBe('close');
  });
});

describe('approach: a remembered spot (no sighting in this task) is looked at from short of it', () => {
  /** a wall in the cells z 2.7–2.8: the remembered spot (0, 3) lies 0.3 m behind its face, as a painting's did (seed:2 run 3) */
  function remembered(z: number) {
    const c = ctx({ x: 0, z: 3 }, null);
    const cells = new Uint8Array(80 * 80).fill(Cell.Free);
    for (let cx = -20; cx <= 20; cx++) cells[(27 + 40) * 80 + (cx + 40)] = Cell.Obstacle;
    (c as unknown as { grid: GridView }).grid = new GridView({ originX: -40, originZ: -40, width: 80, height: 80, cells }, 0.1);
    c.pose = { x: 0, z, yaw: 0 };
    // the planner's route runs cell by cell up to the wall's face
    (c as unknown as { nav: unknown }).nav = {
      floor: 0,
      plan: () => {
        const path = Array.from({ length: Math.round((2.5 - c.pose.z) / 0.1) + 1 }, (_, i) => ({ x: 0, z: c.pose.z + i / 10 }));
        return { status: 'ok', path, lengthM: 2.5 - c.pose.z, target: { x: 0, z: 2.5 } };
      },
    };
    return c;
  }

  it('stops its route 0.8 m short of the spot, where an object above or below the camera is still in view', () => {
    const forwards = (d: ReturnType<typeof approach>) => (d.kind === 'act' ? d.actions.filter((a) => a === 'forward').length : -1);
    const c = remembered(0);
    const short = forwards(approach(c));
    // the same route for a goal seen in this task: the line-of-sight cut never passes the wall, so it is driven to its end
    const seen = remembered(0);
    seen.task.goalFrom = { x: 0, z: 0 };
    const long = forwards(approach(seen));
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(long);
    // 0.8 m short of (0, 3) is 2.2 m on: at most 9 steps of 0.25 m
    expect(short).toBeLessThanOrEqual(9);
  });

  it('within 0.8 m it does not edge closer: it faces the spot once, then looks round about instead', () => {
    const c = remembered(2.3);
    c.pose = { x: 0, z: 2.3, yaw: Math.PI / 2 };
    const first = approach(c);
    expect(first.kind === 'act' && first.actions.every((a) => a === 'left' || a === 'right')).toBe(true);
    expect(c.task.faced).toBe(true);
    c.pose = { x: 0, z: 2.3, yaw: 0 };
    expect(approach(c)).toEqual({ kind: 'goto', state: 'explore' });
    expect(c.task.rejected).toEqual([{ point: { x: 0, z: 3 }, from: { x: 0, z: 2.3 }, unseen: true, remembered: true }]);
  });
});

describe('retryUnreached: a goal given up as out of reach is tried again as the map grows', () => {
  function givenUp() {
    const c = ctx({ x: 0, z: 0 }, null);
    c.task.state = 'explore';
    c.task.goal = null;
    // seen at (0, 3) from (0, 0); given up from (2, 3), where the map's route ended across a wall
    c.task.unreached = [{ point: { x: 0, z: 3 }, from: { x: 0, z: 0 }, floor: 0 }];
    c.task.rejected = [{ point: { x: 0, z: 3 }, from: { x: 2, z: 3 } }];
    return c;
  }

  it('records a goal given up for lack of a route, with where it was seen from', () => {
    const c = ctx({ x: 0, z: 0.6 }, null);
    c.task.faced = true;
    c.task.goalFrom = { x: 0, z: -2 };
    approach(c);
    expect(c.task.unreached).toEqual([{ point: { x: 0, z: 0.6 }, from: { x: 0, z: -2 }, floor: 0 }]);
  });

  it('approaches it again when a route now ends within reach somewhere else', () => {
    const c = givenUp();
    planningNav(c);
    expect(retryUnreached(c)).toEqual({ kind: 'goto', state: 'approach' });
    expect(c.task.goal).toEqual({ x: 0, z: 3 });
    expect(c.task.goalFrom).toEqual({ x: 0, z: 0 });
  });

  it('does not go back to where it was given up from, nor try a spot given up from three places', () => {
    const c = givenUp();
    planningNav(c, () => ({ x: 1.6, z: 3 }));
    expect(retryUnreached(c)).toBeNull();
    const d = givenUp();
    d.task.rejected.push({ point: { x: 0, z: 3 }, from: { x: 5, z: 5 } }, { point: { x: 0, z: 3 }, from: { x: -5, z: 5 } });
    planningNav(d);
    expect(retryUnreached(d)).toBeNull();
  });

  it('tries it again on its own floor only: the same spot a floor away is another place', () => {
    // seed:1 run 2: a remembered goal upstairs had no route from the landing; back downstairs, the
    // ground floor's map routed to the same x, z and the body drove there, faced nothing and searched
    // the wrong floor
    const c = givenUp();
    c.task.unreached[0].floor = 1;
    planningNav(c);
    expect(retryUnreached(c)).toBeNull();
    (c.nav as unknown as { floor: number }).floor = 1;
    expect(retryUnreached(c)).toEqual({ kind: 'goto', state: 'approach' });
  });

  it('does not try a route that still ends out of reach', () => {
    const c = givenUp();
    planningNav(c, () => ({ x: 0, z: 1.7 }));
    expect(retryUnreached(c)).toBeNull();
  });
});

describe('planRoute: getting close to something seen', () => {
  /** a planner whose routes end `gapOf(options)` m short of the goal along −z (null: no route) */
  function nav(gapOf: (o: { clearanceM?: number; nearestReachable?: boolean }) => number | null): Navigator {
    return {
      plan: (to: { x: number; z: number }, _f: unknown, o: { clearanceM?: number; nearestReachable?: boolean }) => {
        const gap = gapOf(o);
        if (gap === null) return { status: 'unreachable', reason: 'none', expansions: 0 };
        const end = { x: to.x, z: to.z - gap };
        return { status: 'ok', path: [{ x: 0, z: -5 }, end], lengthM: 5, target: end, targetSnapped: gap > 0, startSnapped: false, expansions: 1 };
      },
    } as unknown as Navigator;
  }
  const g = { x: 0, z: 0 };

  it('takes the narrower margin when only it ends within reach (the wide one snaps round the table)', () => {
    const r = planRoute(
      nav((o) => (o.clearanceM === 0.3 ? 1.2 : o.nearestReachable ? 0.6 : null)),
      g,
      1.5,
    );
    expect(r.status === 'ok' && r.target.z).toBeCloseTo(-0.6);
  });

  it('keeps the wide margin when the narrower one gains little, and the bare map is a last resort', () => {
    const r = planRoute(
      nav((o) => (o.clearanceM === 0.3 ? 0.9 : o.clearanceM === 0.2 ? 0.75 : 0.1)),
      g,
      1.5,
    );
    expect(r.status === 'ok' && r.target.z).toBeCloseTo(-0.9);
    const bare = planRoute(
      nav((o) => (o.clearanceM === undefined ? 0.1 : null)),
      g,
      1.5,
    );
    expect(bare.status === 'ok' && bare.target.z).toBeCloseTo(-0.1);
  });
});
