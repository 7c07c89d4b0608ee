/**
 * Issue 14: with SLAM poses the body did not get onto a remembered flight: seven `take the stairs`
 * turns of twelve forwards that did not move it (house 2, pressed against a wall beside the flight it
 * had walked along), and fourteen turns toward the foot of a flight from the middle of it (house 5).
 * A step of forwards that leaves the body where it was, or a walk along the flight's line past its
 * length without a change of height, is a stall: the flight is approached afresh, and dropped after
 * three stalls.
 */
import { describe, expect, it } from 'vitest';
import { arrived, atFlight, takeBackSetAside, takeStairs } from '../../src/baselines/navigation-agent/climb.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import { offFloor, type Flight } from '../../src/baselines/navigation-agent/stairs.js';
import type { Navigator } from '../../src/navigator/index.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';

const CAMERA = 0.88;

/** The agent's view of a robot at (x, z) facing +z, `rise` m over floor 0, next to a flight at the origin up +z. */
function ctx(): { c: Ctx; at: (x: number, z: number, rise?: number) => void } {
  const flight: Flight = { floor: 0, bottom: { x: 0, z: 0 }, heading: 0, spanM: 3 };
  const task = newTaskState('t');
  task.stairs = { flight, turns: 0, onFlight: false };
  task.state = 'stairs';
  let pose = { x: 0, z: 0, yaw: 0 };
  let height = CAMERA;
  const nav = {
    floor: 0,
    lastView: null,
    status: 'ok',
    planar: () => pose,
    body: { cameraHeight: CAMERA },
    // up is −y in the navigator frame
    poseMatrix: () => new Float64Array([1, 0, 0, pose.x, 0, 1, 0, -height, 0, 0, 1, pose.z, 0, 0, 0, 1]),
    map: { floors: () => [{ id: 0, floorUp: 0, frames: 1 }], cellAt: () => 'unknown' },
    plan: (goal: { x: number; z: number }) => ({
      status: 'ok',
      path: [{ x: pose.x, z: pose.z }, goal],
      lengthM: Math.hypot(goal.x - pose.x, goal.z - pose.z),
      target: goal,
    }),
    trail: (): { x: number; z: number }[] => [],
  };
  const c = { nav, task, pose, flights: [flight] } as unknown as Ctx;
  const at = (x: number, z: number, rise = 0) => {
    pose = { x, z, yaw: 0 };
    height = CAMERA + rise;
    c.pose = pose;
  };
  return { c, at };
}

const why = (d: ReturnType<typeof takeStairs>) => (d.kind === 'act' ? d.why : d.kind);

describe('stairs: forwards that do not move the body are not repeated blindly', () => {
  it('drops the flight after three steps of forwards that went nowhere', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    const whys: string[] = [];
    for (let i = 0; i < 4; i++) whys.push(why(takeStairs(c)));
    expect(whys).toEqual(['take the stairs', 'take the stairs', 'take the stairs', 'goto']);
    expect(c.flights).toHaveLength(0);
    expect(c.task.stairs).toBeNull();
  });

  it('goes back to the foot after walking past the flight with the height unchanged (beside it, not on it)', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    expect(why(takeStairs(c))).toBe('take the stairs');
    at(0, 4.6, 0.02);
    expect(why(takeStairs(c))).toMatch(/^to the foot of the stairs/);
    expect(c.task.stairs?.stalls).toBe(1);
  });

  it('goes on up while the body moves and rises', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    expect(why(takeStairs(c))).toBe('take the stairs');
    at(0, 2.0, 1.1);
    expect(why(takeStairs(c))).toBe('take the stairs');
    at(0, 4.6, 2.6);
    expect(why(takeStairs(c))).toBe('take the stairs');
    expect(c.task.stairs?.stalls ?? 0).toBe(0);
  });

  it('counts a step near the foot that did not move as a stall too, not one from afar', () => {
    const near = ctx();
    near.at(1, -1.1);
    expect(why(takeStairs(near.c))).toMatch(/^to the foot of the stairs/);
    takeStairs(near.c);
    takeStairs(near.c);
    expect(takeStairs(near.c)).toEqual({ kind: 'goto', state: 'explore' });
    const far = ctx();
    far.at(3, -3);
    for (let i = 0; i < 4; i++) expect(why(takeStairs(far.c))).toMatch(/^to the foot of the stairs/);
    expect(far.c.task.stairs?.stalls ?? 0).toBe(0);
  });

  it('does not count steps on the flight that got the body 0.2-0.5 m on (grazing a step) as stalls', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    expect(why(takeStairs(c))).toBe('take the stairs');
    for (const [z, rise] of [
      [0.6, 0.25],
      [0.8, 0.4],
      [1.3, 0.7],
    ]) {
      at(0, z, rise);
      expect(why(takeStairs(c))).toBe('take the stairs');
    }
    expect(c.task.stairs?.stalls ?? 0).toBe(0);
  });
});

describe('stairs: the foot far off with no way there on the map (issue 35)', () => {
  type Plan = (
    goal: { x: number; z: number },
    from?: unknown,
    o?: { nearestReachable?: boolean; targetSnapM?: number; avoid?: readonly { x: number; z: number }[] },
  ) => unknown;
  const withPlan = (c: Ctx, plan: Plan) => Object.assign(c.nav, { plan });

  it('drops the flight instead of driving up its line from 10 m away', () => {
    const { c, at } = ctx();
    at(0, -10);
    withPlan(c, () => ({ status: 'unreachable', reason: 'no path', expansions: 1 }));
    expect(takeStairs(c)).toEqual({ kind: 'goto', state: 'explore' });
    expect(c.flights).toHaveLength(0);
    expect(c.task.stairs).toBeNull();
  });

  it('drives to the nearest reachable point by the foot when the foot itself is off the map', () => {
    const { c, at } = ctx();
    at(0, -10);
    const near = { x: 0.5, z: -0.8 };
    withPlan(c, (_g, _f, o) =>
      o?.nearestReachable
        ? { status: 'ok', path: [{ x: 0, z: -10 }, near], lengthM: 9.2, target: near }
        : { status: 'unreachable', reason: 'no path', expansions: 1 },
    );
    expect(why(takeStairs(c))).toMatch(/to the foot of the stairs/);
    expect(c.flights).toHaveLength(1);
  });

  it('follows its own trail on the floor to the foot when the map has lost the way there', () => {
    const { c, at } = ctx();
    at(0, -10);
    withPlan(c, () => ({ status: 'unreachable', reason: 'no path', expansions: 1 }));
    // the body came from the foot along an L: up to (3, -1), then over to (3, -10) and back to here
    const leg = (a: { x: number; z: number }, b: { x: number; z: number }) =>
      Array.from({ length: 40 }, (_, i) => ({ x: a.x + ((b.x - a.x) * i) / 40, z: a.z + ((b.z - a.z) * i) / 40 }));
    const trail = [...leg({ x: 0, z: 0 }, { x: 3, z: -1 }), ...leg({ x: 3, z: -1 }, { x: 3, z: -10 }), ...leg({ x: 3, z: -10 }, { x: 0, z: -10 })];
    Object.assign(c.nav, { trail: () => trail });
    const d = takeStairs(c);
    expect(why(d)).toMatch(/to the foot of the stairs/);
    // along the trail: the first forwards head for (3, -10) (+x: 75-90° right from facing +z), not straight at the foot (+z)
    const before = d.kind === 'act' ? d.actions.slice(0, d.actions.indexOf('forward')) : [];
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before.every((a) => a === 'right')).toBe(true);
    expect(c.flights).toHaveLength(1);
  });

  it('plans the way to a far foot round the spots that stopped the body, through them only when there is no other way', () => {
    const { c, at } = ctx();
    at(0, -10);
    // the straight way up +z ran into a railing at (0, -9.6) that the map shows free; a way round goes by x = 3
    c.task.blocked.push({ x: 0, z: -9.6 });
    const round = [
      { x: 0, z: -10 },
      { x: 3, z: -10 },
      { x: 3, z: 0 },
      { x: 0, z: 0 },
    ];
    const straight = [
      { x: 0, z: -10 },
      { x: 0, z: 0 },
    ];
    const seen: number[] = [];
    withPlan(c, (g, _f, o) => {
      seen.push(o?.avoid?.length ?? 0);
      return { status: 'ok', path: o?.avoid?.length ? round : straight, lengthM: 10, target: g };
    });
    const d = takeStairs(c);
    expect(why(d)).toMatch(/to the foot of the stairs/);
    expect(seen[0]).toBe(1);
    // the first forwards head along +x (turns right from facing +z), round the railing
    const before = d.kind === 'act' ? d.actions.slice(0, d.actions.indexOf('forward')) : [];
    expect(before.length).toBeGreaterThanOrEqual(5);
    expect(before.every((a) => a === 'right')).toBe(true);
    // with no way round, the way through is still taken rather than the flight dropped
    withPlan(c, (g, _f, o) =>
      o?.avoid?.length ? { status: 'unreachable', reason: 'no path', expansions: 1 } : { status: 'ok', path: straight, lengthM: 10, target: g },
    );
    expect(why(takeStairs(c))).toMatch(/to the foot of the stairs/);
    expect(c.flights).toHaveLength(1);
  });

  it('leaves bumps to the flight only on it or near its foot; farther off they are handled as anywhere', () => {
    const { c, at } = ctx();
    at(0, -10);
    expect(atFlight(c)).toBe(false);
    at(0.5, -1.5);
    expect(atFlight(c)).toBe(true);
    at(0, -10);
    c.task.stairs!.onFlight = true;
    expect(atFlight(c)).toBe(true);
    c.task.stairs = null;
    expect(atFlight(c)).toBe(false);
  });

  it('does not count the turns of a long way to the foot against the flight (17 m from upstairs)', () => {
    const { c, at } = ctx();
    for (let i = 0; i < 20; i++) {
      at(0, -17 + i * 0.7);
      expect(why(takeStairs(c))).toMatch(/to the foot of the stairs/);
    }
    // standing still far off: those turns count
    for (let i = 0; i < 14; i++) takeStairs(c);
    expect(c.task.stairs).toBeNull();
  });

  it('does not count the turns that got the body a good way on along the flight (a long way down in short runs)', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    for (let i = 1; i <= 20; i++) {
      expect(why(takeStairs(c))).toBe('take the stairs');
      at(0, 0.2 + 0.6 * i, 0.4 * i);
    }
    expect(c.task.stairs).not.toBeNull();
    expect(c.flights).toHaveLength(1);
  });

  it('turns round toward a foot behind it instead of dropping the flight (house 3 with true poses)', () => {
    // task 4 began on the landing facing away from its only way down: the route there set out with a
    // half turn, a step of twelve turns and no forward, and that was taken for "no way there"
    const { c, at } = ctx();
    at(0, 6);
    // the way there runs back along a trail 0.3 m to one side: more than eleven turns before a forward
    withPlan(c, (g) => ({ status: 'ok', path: [{ x: 0.3, z: 6 }, { x: 0.3, z: 0.5 }, g], lengthM: 6, target: g }));
    const d = takeStairs(c);
    expect(why(d)).toMatch(/^turn round toward the foot of the stairs/);
    expect(d.kind === 'act' && d.actions).toHaveLength(12);
    expect(d.kind === 'act' && d.actions.includes('forward')).toBe(false);
    expect(c.flights).toHaveLength(1);
    expect(c.task.stairs).not.toBeNull();
    // turned round, it drives there
    c.pose = { x: 0, z: 6, yaw: Math.PI };
    withPlan(c, (g) => ({ status: 'ok', path: [{ x: 0, z: 6 }, g], lengthM: 6, target: g }));
    expect(why(takeStairs(c))).toMatch(/^to the foot of the stairs/);
  });

  it('near the foot a route behind it is left to the flight rule, which turns the body up the flight', () => {
    const { c, at } = ctx();
    // 1.9 m from the foot, facing up the flight's line; the route to the foot sets out behind, 0.3 m aside
    at(0, 1.9);
    withPlan(c, (g) => ({ status: 'ok', path: [{ x: 0.3, z: 1.9 }, { x: 0.3, z: 1.7 }, g], lengthM: 1.9, target: g }));
    const d = takeStairs(c);
    expect(why(d)).toBe('take the stairs');
    expect(d.kind === 'act' && d.actions.includes('forward')).toBe(true);
  });

  it('takes the flight from near its foot even without a route (the stall check guards it)', () => {
    const { c, at } = ctx();
    at(0, -1);
    withPlan(c, () => ({ status: 'unreachable', reason: 'no path', expansions: 1 }));
    expect(why(takeStairs(c))).toBe('take the stairs');
  });
});

describe('stairs: no flight is noted from the middle of one', () => {
  // house 5 with SLAM: 0.7 m up a flight on the way down, the navigator still on the upper layer (in
  // transit), the flight's upper steps were noted as a flight up from the upper floor and climbed
  const nav = (rise: number) =>
    ({
      floor: 1,
      body: { cameraHeight: CAMERA },
      poseMatrix: () => new Float64Array([1, 0, 0, 0, 0, 1, 0, -(CAMERA + rise), 0, 0, 1, 0, 0, 0, 0, 1]),
      map: {
        floors: () => [
          { id: 0, floorUp: 0, frames: 1 },
          { id: 1, floorUp: 2.9, frames: 1 },
        ],
      },
    }) as unknown as Navigator;

  it('tells a height on a flight from one on the floor layer the navigator is on', () => {
    expect(offFloor(nav(0.7))).toBe(true);
    expect(offFloor(nav(2.9))).toBe(false);
    expect(offFloor(nav(2.75))).toBe(false);
  });
});

describe('stairs: the way back starts at the top of the flight climbed (issue 35)', () => {
  it("is noted on the flight's middle line, facing down, not where the robot settled to one side of it", () => {
    const up: Flight = { floor: 0, bottom: { x: 0, z: 0 }, heading: 0, spanM: 3 };
    const flights = [up];
    // settled 5.6 m up the flight's line and 0.5 m to its side (house 2: on the gallery beside the flight)
    arrived(flights, up, 1, { x: 0.5, z: 5.6 });
    expect(up.to).toBe(1);
    const down = flights[1];
    expect(down).toMatchObject({ floor: 1, to: 0, spanM: 0 });
    expect(down.bottom.x).toBeCloseTo(0, 6);
    expect(down.bottom.z).toBeCloseTo(5.6, 6);
    expect(Math.cos(down.heading)).toBeCloseTo(-1, 6);
  });
});

describe('stairs on a base with noisy odometry (issue 35, habitat noise)', () => {
  // habitat's LoCoBot base as the navigator declares it (ActuationNoise.bound(): 5.8 cm a sub-motion)
  const noisy = (c: Ctx) => Object.assign(c.nav, { odometryErrorM: 0.058 });
  const forwards = (d: ReturnType<typeof takeStairs>) => (d.kind === 'act' ? d.actions.filter((a) => a === 'forward').length : 0);

  it('sets a flight given up on aside for the task only: the next task knows it again', () => {
    // houses 3 and 6: the flights dropped after bumps on a noisy climb were unknown to every later task
    const { c, at } = ctx();
    noisy(c);
    at(0, 0.2);
    for (let i = 0; i < 3; i++) expect(why(takeStairs(c))).toBe('take the stairs');
    expect(takeStairs(c)).toEqual({ kind: 'goto', state: 'explore' });
    expect(c.flights).toHaveLength(0);
    expect(c.task.setAside).toHaveLength(1);
    takeBackSetAside(c.flights, c.task);
    expect(c.flights).toEqual([{ floor: 0, bottom: { x: 0, z: 0 }, heading: 0, spanM: 3 }]);
    expect(c.task.setAside).toHaveLength(0);
  });

  it('does not take a set-aside flight back twice when it was seen again meanwhile', () => {
    const { c, at } = ctx();
    noisy(c);
    at(0, -10);
    Object.assign(c.nav, { plan: () => ({ status: 'unreachable', reason: 'no path', expansions: 1 }) });
    expect(takeStairs(c)).toEqual({ kind: 'goto', state: 'explore' });
    c.flights.push({ floor: 0, bottom: { x: 0.1, z: 0.1 }, heading: 0.05, spanM: 3 });
    takeBackSetAside(c.flights, c.task);
    expect(c.flights).toHaveLength(1);
  });

  it('drops the flight for good with exact odometry, as before', () => {
    const { c, at } = ctx();
    at(0, 0.2);
    for (let i = 0; i < 4; i++) takeStairs(c);
    expect(c.task.setAside).toHaveLength(0);
    takeBackSetAside(c.flights, c.task);
    expect(c.flights).toHaveLength(0);
  });

  it('goes up the flight in runs of four forwards, each re-aimed from the tracked pose (twelve with exact odometry)', () => {
    const exact = ctx();
    exact.at(0, 0.2);
    expect(forwards(takeStairs(exact.c))).toBe(12);
    const { c, at } = ctx();
    noisy(c);
    at(0, 0.2);
    expect(forwards(takeStairs(c))).toBe(4);
    // drifted 0.4 m to the left of the line (−x, facing +z) after the run: turned back right toward the middle
    at(-0.4, 1.2, 0.7);
    const d = takeStairs(c);
    expect(why(d)).toBe('take the stairs');
    expect(d.kind === 'act' && d.actions[0]).toBe('right');
    expect(forwards(d)).toBe(4);
  });

  it('takes the flight from a little behind its foot on its line, instead of circling the foot', () => {
    const exact = ctx();
    exact.at(0.1, -0.8);
    expect(why(takeStairs(exact.c))).toMatch(/^to the foot of the stairs/);
    const lined = ctx();
    noisy(lined.c);
    lined.at(0.1, -0.8);
    expect(why(takeStairs(lined.c))).toBe('take the stairs');
    // beside the foot, off the line: driven to the foot first
    const aside = ctx();
    noisy(aside.c);
    aside.at(0.7, -0.3);
    expect(why(takeStairs(aside.c))).toMatch(/^to the foot of the stairs/);
  });
});
