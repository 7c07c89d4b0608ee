/**
 * Issue 35 (house 3 task 2): a flight's foot measured from afar lay on the flight's edge, 0.5 m to the
 * side of its middle; "take the stairs" from there drove along the flight's side into collisions that
 * each still moved the body 0.2 m (no stall) until the flight was dropped. Near the foot the map shows
 * the steps: the foot is moved onto their middle before the body sets off up the flight.
 */
import { describe, expect, it } from 'vitest';
import { takeStairs } from '../../src/baselines/navigation-agent/climb.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { straightPlan } from '../helpers/straight-plan.js';

const CAMERA = 0.88;
type Cell = 'unknown' | 'free' | 'obstacle';

/**
 * A flight measured with its foot at the origin, up +z (heading 0: its left is −x), and a map whose
 * obstacle cells are the steps `steps(x, z)`; the robot stands 0.2 m short of the measured foot.
 */
function ctx(steps: (x: number, z: number) => boolean): { c: Ctx; flight: Flight } {
  const flight: Flight = { floor: 0, bottom: { x: 0, z: 0 }, heading: 0, spanM: 3.4 };
  const task = newTaskState('t');
  task.stairs = { flight, turns: 0, onFlight: false };
  task.state = 'stairs';
  const pose = { x: 0, z: -0.2, yaw: 0 };
  const nav = {
    floor: 0,
    lastView: null,
    status: 'ok',
    odometryErrorM: 0,
    planar: () => pose,
    body: { cameraHeight: CAMERA },
    poseMatrix: () => new Float64Array([1, 0, 0, pose.x, 0, 1, 0, -CAMERA, 0, 0, 1, pose.z, 0, 0, 0, 1]),
    map: {
      floors: () => [{ id: 0, floorUp: 0, frames: 1 }],
      cellAt: (x: number, z: number): Cell => (Math.abs(x) > 2 ? 'unknown' : steps(x, z) ? 'obstacle' : 'free'),
    },
    plan: straightPlan(pose),
    trail: (): { x: number; z: number }[] => [],
  };
  const c = { nav, task, pose, flights: [flight], blocked: [] } as unknown as Ctx;
  return { c, flight };
}

const why = (d: ReturnType<typeof takeStairs>) => (d.kind === 'act' ? d.why : d.kind);
/** a 1 m wide flight from z = 0.35 on, its left edge at x = `left` (cells centred on the tenth of a metre) */
const flightFrom = (left: number) => (x: number, z: number) => z >= 0.35 && x >= left - 0.05 && x <= left + 1.05;

describe("stairs: a foot measured on the flight's edge is centred on the map near it (issue 35)", () => {
  it('moves the foot 0.5 m onto the steps and goes there before taking the flight', () => {
    const { c, flight } = ctx(flightFrom(0));
    const d = why(takeStairs(c));
    expect(flight.bottom.x).toBeCloseTo(0.5, 1);
    expect(flight.bottom.z).toBeCloseTo(0, 5);
    expect(d).toMatch(/^to the foot of the stairs/);
    expect(c.task.stairs?.onFlight).toBe(false);
  });

  it("leaves a foot on the flight's middle where it is, and takes the flight", () => {
    const { c, flight } = ctx(flightFrom(-0.5));
    expect(why(takeStairs(c))).toBe('take the stairs');
    expect(flight.bottom).toEqual({ x: 0, z: 0 });
  });

  it('does not move the foot beside the flight when its lower treads are mapped free between two edges', () => {
    // steps mapped only as their two sides (treads seen from above read as floor): the nearest edge
    // from the middle would send the line 1 m off, onto the free floor beside the flight
    const { c, flight } = ctx((x, z) => z >= 0.35 && (Math.abs(x + 0.5) < 0.06 || Math.abs(x - 0.5) < 0.06));
    expect(why(takeStairs(c))).toBe('take the stairs');
    expect(flight.bottom).toEqual({ x: 0, z: 0 });
  });
});
