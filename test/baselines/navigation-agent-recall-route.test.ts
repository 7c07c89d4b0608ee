/**
 * Issue 34 (house memory's SPL): among the remembered instances of the goal's kind, the one to go to
 * is the nearest by the map's route, not by the straight line: one a wall away from the robot is a
 * detour through the door, where another in the robot's own room is a few steps. And on the way to the
 * remembered one, another instance seen across the room does not take over.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { approach } from '../../src/baselines/navigation-agent/approach.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { straightPlan } from '../helpers/straight-plan.js';
import { SightingMemory } from '../../src/baselines/navigation-agent/memory.js';
import { routeDistance } from '../../src/baselines/navigation-agent/motion.js';
import { Cell, type PlanarPoint, type PlanOptions } from '../../src/mapping/index.js';
import type { Navigator } from '../../src/navigator/index.js';
import { PlaceStore } from '../../src/navigator/places.js';
import { Navcore } from '../../src/wasm/navcore.js';
import { plannerOn, wallWithDoor } from '../helpers/door-wall.js';

let core: Navcore;
beforeAll(async () => {
  core = await Navcore.load();
});

const W = 100,
  H = 60;
/** where the robot stands: the west room, beside the wall */
const ROBOT = { x: 2.0, z: 1.0 };

/**
 * 10 × 6 m of 0.1 m cells: a wall at x = 3.0–3.2 m with its only door at z 5.0–5.8 m; the west room
 * (x < 3 m) holds the robot, the east room (x > 3.2 m) the other instance.
 */
function navigator(): Navigator {
  const planner = plannerOn(core, W, H, wallWithDoor(W, H, 50, 58));
  return {
    floor: 0,
    plan: (to: PlanarPoint, _floor: number | undefined, opts: PlanOptions) => planner.plan(ROBOT, to, 0, opts),
  } as unknown as Navigator;
}

/** Two bowls remembered: 11 a wall away (1.6 m in a straight line), 12 in the robot's own room (3.5 m). */
function memory(places: PlaceStore): SightingMemory {
  places.mark('east', { x: 4.0, z: 1.0, yaw: 0 }, 0, []);
  places.mark('west', { x: 1.0, z: 4.0, yaw: 0 }, 0, []);
  const m = new SightingMemory();
  m.readHandover("Objects seen near 'east': 11 (0.0a 0.4r).\nObjects seen near 'west': 12 (0.5a 0.0r).", (name) => places.get(name)?.floor ?? null);
  return m;
}

describe('the remembered instance to go to', () => {
  it('is the nearest by the route: the one in the robot’s room, not the one a wall away', () => {
    const nav = navigator();
    const places = new PlaceStore();
    const m = memory(places);
    const from = { point: ROBOT, floor: 0, distance: (p: PlanarPoint) => routeDistance(nav, ROBOT, p) };
    expect(m.recall([11, 12], places.list(), from)?.place).toBe('west');
  });

  it('the route to the one behind the wall goes round through the door: longer than the other', () => {
    const nav = navigator();
    const behind = routeDistance(nav, ROBOT, { x: 3.6, z: 1.0 });
    const own = routeDistance(nav, ROBOT, { x: 1.0, z: 4.5 });
    expect(behind).toBeGreaterThan(8);
    expect(own).toBeLessThan(4.5);
  });

  it('without a route length, by the straight line (the wall not known)', () => {
    const places = new PlaceStore();
    const m = memory(places);
    expect(m.recall([11, 12], places.list(), { point: ROBOT, floor: 0 })?.place).toBe('east');
  });

  it('asks for no route when one instance only is remembered on this floor', () => {
    const places = new PlaceStore();
    const m = memory(places);
    let asked = 0;
    const from = { point: ROBOT, floor: 0, distance: () => ++asked };
    expect(m.recall([11], places.list(), from)?.place).toBe('east');
    expect(asked).toBe(0);
  });
});

describe('on the way to a remembered instance, another one seen farther off', () => {
  /** driving to a remembered plant 2 m ahead; another plant is in view 5 m off to the side */
  function driving(ids: number[]): Ctx {
    const task = newTaskState('t');
    task.state = 'approach';
    task.goal = { x: 0, z: 2 };
    task.goalFrom = null;
    const pose = { x: 0, z: 0, yaw: 0 };
    const grid = new GridView({ originX: -20, originZ: -20, width: 400, height: 400, cells: new Uint8Array(160000).fill(Cell.Free) }, 0.1);
    const goals = { label: () => 'plant', recallIds: () => ids };
    const nav = { floor: 0, plan: straightPlan(pose), odometryErrorM: 0 };
    const sighting = { point: { x: -4, z: -3 }, distanceM: 5, pixels: 300 };
    return { task, grid, pose, sighting, goals, nav } as unknown as Ctx;
  }

  it('is left for now when the goal has several instances: the remembered one is driven to', () => {
    const c = driving([5, 6]);
    const d = approach(c);
    expect(c.task.goal).toEqual({ x: 0, z: 2 });
    expect(c.task.goalFrom).toBeNull();
    expect(d.kind === 'act' && d.actions.includes('forward')).toBe(true);
  });

  it('is taken up when the goal has one instance (the remembered spot is the one that is off)', () => {
    const c = driving([5]);
    approach(c);
    expect(c.task.goal).toEqual({ x: -4, z: -3 });
    expect(c.task.goalFrom).toEqual({ x: 0, z: 0 });
  });

  it('is taken up when it is near the remembered spot (the same instance, placed anew)', () => {
    const c = driving([5, 6]);
    c.sighting = { point: { x: 0.5, z: 3.2 }, distanceM: 3.2, pixels: 300 };
    approach(c);
    expect(c.task.goal).toEqual({ x: 0.5, z: 3.2 });
  });
});
