/**
 * Issue 35, "reached but not claimed" in two-storey houses: house 18 task 3 started 2.8 m from its
 * goal (a television), glanced five headings left, was sent to the stairs by the unmapped floor's rule
 * and turned seven more headings on the way, five of them showing the television. The agent looked
 * for the goal in each step's last view only, and the stairs state ignored even that: it searched the
 * floor above to the end of its budget. Now the step's earlier views are looked through too (the
 * navigator banks each action's view with its depth), and a goal seen on the way to a flight's foot
 * is approached instead of the flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeStairs } from '../../src/baselines/navigation-agent/climb.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import { explore } from '../../src/baselines/navigation-agent/explore.js';
import { goalInStepViews, goalInView } from '../../src/baselines/navigation-agent/perception.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';
import { newTaskState, type Sighting } from '../../src/baselines/navigation-agent/types.js';
import { Navigator } from '../../src/navigator/navigator.js';
import { simWorld } from '../helpers/sim-world.js';

/** house 18's television (instance 96) and where task 3 began, 2.8 m from it */
const TV = 96;
const START: [number, number, number] = [10.7, 0.02, 6.4];
const deg = (d: number) => (d * Math.PI) / 180;

describe('the goal in a step’s earlier views (house 18, simulator, true poses)', () => {
  let world: Awaited<ReturnType<typeof simWorld>>;
  beforeAll(async () => {
    world = await simWorld(18);
  });
  afterAll(() => {
    world?.body.renderer.dispose();
    world?.body.navmesh.destroy();
  });

  it('is found in the views a turn swept past, and placed where the current view places it', async () => {
    const { body, gt } = world;
    // a half turn left from 150° ends at 330°, past the headings (210°–300°) that show the television
    body.teleport({ position: START, yaw: deg(150) });
    const nav = await Navigator.create({ body, poseSource: gt });
    nav.viewBank.takeFresh();
    await nav.act(Array(12).fill('left'));
    expect(goalInView(nav, [TV])).toBeNull();
    const glimpse = goalInStepViews(nav, nav.viewBank.takeFresh(), [TV]);
    expect(glimpse).not.toBeNull();
    const here = nav.planar()!;
    expect(Math.hypot(glimpse!.from!.x - here.x, glimpse!.from!.z - here.z)).toBeLessThan(0.05);
    expect(glimpse!.distanceM).toBeGreaterThan(2);
    expect(glimpse!.distanceM).toBeLessThan(4);
    // turned back to the latest heading that showed it (300°): the current view places it at the same spot
    await nav.act(['right', 'right']);
    const seen = goalInView(nav, [TV]);
    expect(seen).not.toBeNull();
    expect(Math.hypot(glimpse!.point.x - seen!.point.x, glimpse!.point.z - seen!.point.z)).toBeLessThan(0.05);
  }, 120_000);

  it('finds nothing in views of another floor, nor when no view shows the goal', async () => {
    const { body, gt } = world;
    body.teleport({ position: START, yaw: deg(330) });
    const nav = await Navigator.create({ body, poseSource: gt });
    nav.viewBank.takeFresh();
    await nav.act(['left', 'left']);
    const views = nav.viewBank.takeFresh();
    expect(goalInStepViews(nav, views, [TV])).toBeNull();
    await nav.act(Array(8).fill('right'));
    const shown = nav.viewBank.takeFresh();
    expect(goalInStepViews(nav, shown, [TV])).not.toBeNull();
    const elsewhere = shown.map((v) => ({ ...v, view: { ...v.view, floor: 1 } }));
    expect(goalInStepViews(nav, elsewhere, [TV])).toBeNull();
  }, 120_000);
});

/** A robot at (x, z) on floor 0 facing +z, a flight's foot 4 m ahead, on its way there. */
function onTheWay(sighting: Sighting | null, glimpse: Sighting | null): Ctx {
  const flight: Flight = { floor: 0, bottom: { x: 0, z: 4 }, heading: 0, spanM: 3 };
  const task = newTaskState('t');
  task.stairs = { flight, turns: 0, onFlight: false };
  task.state = 'stairs';
  const pose = { x: 0, z: 0, yaw: 0 };
  const nav = {
    floor: 0,
    lastView: null,
    status: 'ok',
    planar: () => pose,
    body: { cameraHeight: 0.88 },
    poseMatrix: () => new Float64Array([1, 0, 0, pose.x, 0, 1, 0, -0.88, 0, 0, 1, pose.z, 0, 0, 0, 1]),
    map: { floors: () => [{ id: 0, floorUp: 0, frames: 1 }], cellAt: () => 'unknown' },
    plan: (goal: { x: number; z: number }) => ({ status: 'ok', path: [{ x: pose.x, z: pose.z }, goal], lengthM: Math.hypot(goal.x, goal.z), target: goal }),
    trail: (): { x: number; z: number }[] => [],
  };
  return { nav, task, pose, flights: [flight], sighting, glimpse } as unknown as Ctx;
}

describe('a goal seen on the way to a flight’s foot (issue 35)', () => {
  const tv: Sighting = { point: { x: 2.5, z: 1 }, distanceM: 2.7, pixels: 4000, from: { x: 0, z: -0.5 } };

  it('is approached instead of the flight when an earlier view of the step showed it', () => {
    const c = onTheWay(null, tv);
    expect(takeStairs(c)).toEqual({ kind: 'goto', state: 'approach' });
    expect(c.task.stairs).toBeNull();
    expect(c.task.goal).toEqual(tv.point);
    // approached along the line it was seen on, from where that view was taken
    expect(c.task.goalFrom).toEqual(tv.from);
    expect(c.task.faced).toBe(false);
  });

  it('is approached instead of the flight when the current view shows it', () => {
    const c = onTheWay({ ...tv, from: undefined }, null);
    expect(takeStairs(c)).toEqual({ kind: 'goto', state: 'approach' });
    expect(c.task.stairs).toBeNull();
    expect(c.task.goal).toEqual(tv.point);
  });

  it('does not turn the body back once it is on the flight', () => {
    const c = onTheWay(null, tv);
    c.task.stairs!.onFlight = true;
    const d = takeStairs(c);
    expect(d.kind).toBe('act');
    expect(c.task.stairs).not.toBeNull();
  });

  it('is taken up by exploration too', () => {
    const c = onTheWay(null, tv);
    c.task.stairs = null;
    c.task.state = 'explore';
    expect(explore(c)).toEqual({ kind: 'goto', state: 'approach' });
    expect(c.task.goal).toEqual(tv.point);
    expect(c.task.goalFrom).toEqual(tv.from);
  });
});
