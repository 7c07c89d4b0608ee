/**
 * Issue 34 (house memory's SPL): among the remembered instances of the goal's kind, the one to go to
 * is the nearest by the map's route, not by the straight line: one a wall away from the robot is a
 * detour through the door, where another in the robot's own room is a few steps.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SightingMemory } from '../../src/baselines/navigation-agent/memory.js';
import { routeDistance } from '../../src/baselines/navigation-agent/motion.js';
import { Cell, type PlanarPoint, type PlanOptions } from '../../src/mapping/index.js';
import { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import { Planner } from '../../src/mapping/planner.js';
import type { Navigator } from '../../src/navigator/index.js';
import { PlaceStore } from '../../src/navigator/places.js';
import { Navcore } from '../../src/wasm/navcore.js';

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
  const cells = new Uint8Array(W * H).fill(Cell.Free);
  for (let z = 0; z < H; z++) for (let x = 30; x < 32; x++) if (z < 50 || z >= 58) cells[z * W + x] = Cell.Obstacle;
  const map = new OccupancyMap(core);
  map.restoreFloor(0, { originX: 0, originZ: 0, width: W, height: H, cells });
  const planner = new Planner(map);
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
