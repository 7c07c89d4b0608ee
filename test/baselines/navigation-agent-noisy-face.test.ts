/**
 * Issue 35, habitat actuation noise: house 4 task 3 ended "reached but not claimed". The agent faced a
 * remembered counter spot at 0.8 m, drove on to 0.57 m and gave the spot up there 30° off it without
 * facing it again; later the counter was in view 0.44 m away (33,811 goal pixels in truth) and that
 * sighting was hidden as rejected from around there. On a noisy base a drive ends the facing, and a spot
 * given up as "not in view when faced" does not hide the goal seen there later.
 */
import { describe, expect, it } from 'vitest';
import { approach } from '../../src/baselines/navigation-agent/approach.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import { blocksSighting, newTaskState, type Rejection } from '../../src/baselines/navigation-agent/types.js';
import { Cell } from '../../src/mapping/index.js';

/** a remembered goal spot at (0, 3), 0.3 m behind a wall's face at z 2.7; the planner's route runs up to the face */
function remembered(z: number, odometryErrorM: number): Ctx {
  const task = newTaskState('t');
  task.state = 'approach';
  task.goal = { x: 0, z: 3 };
  const cells = new Uint8Array(80 * 80).fill(Cell.Free);
  for (let cx = -20; cx <= 20; cx++) cells[(27 + 40) * 80 + (cx + 40)] = Cell.Obstacle;
  const grid = new GridView({ originX: -40, originZ: -40, width: 80, height: 80, cells }, 0.1);
  const c = { task, grid, pose: { x: 0, z, yaw: 0 }, sighting: null, goals: { label: () => 'counter' } } as unknown as Ctx;
  (c as unknown as { nav: unknown }).nav = {
    floor: 0,
    odometryErrorM,
    plan: () => {
      const path = Array.from({ length: Math.round((2.5 - c.pose.z) / 0.1) + 1 }, (_, i) => ({ x: 0, z: c.pose.z + i / 10 }));
      return { status: 'ok', path, lengthM: 2.5 - c.pose.z, target: { x: 0, z: 2.5 } };
    },
  };
  return c;
}

const NOISY = 0.058;

describe('approach on a noisy base: a spot faced from one place is faced again after driving on', () => {
  it('a drive toward the spot ends the facing with noise, and keeps it with exact odometry', () => {
    for (const [err, facedAfter] of [
      [NOISY, false],
      [0, true],
    ] as const) {
      const c = remembered(1.0, err);
      c.task.faced = true;
      const d = approach(c);
      expect(d.kind === 'act' && d.actions.includes('forward')).toBe(true);
      expect(c.task.faced).toBe(facedAfter);
    }
  });

  it('so within view range it turns to the spot before giving it up, instead of giving it up unfaced', () => {
    const c = remembered(1.0, NOISY);
    c.task.faced = true;
    approach(c);
    // the drive ended beside the line, the spot 30° off
    c.pose = { x: 0.3, z: 2.4, yaw: -Math.PI / 6 };
    const d = approach(c);
    expect(d.kind === 'act' && d.actions.length > 0 && d.actions.every((a) => a === 'left' || a === 'right')).toBe(true);
    expect(c.task.rejected).toEqual([]);
  });
});

describe('a spot given up as not in view when faced', () => {
  function givenUp(err: number): { c: Ctx; r: Rejection } {
    const c = remembered(2.3, err);
    c.task.faced = true;
    expect(approach(c)).toEqual({ kind: 'goto', state: 'explore' });
    expect(c.task.rejected).toHaveLength(1);
    return { c, r: c.task.rejected[0] };
  }

  it('is recorded as unseen (and, a spot no sighting of this task placed, as remembered)', () => {
    expect(givenUp(NOISY).r).toEqual({ point: { x: 0, z: 3 }, from: { x: 0, z: 2.3 }, unseen: true, remembered: true });
  });

  it('does not hide the goal seen there later on a noisy base; with exact odometry a sighted spot it does', () => {
    const seenAt = { x: 0, z: 2.9 };
    const from = { x: 0.1, z: 2.4 };
    expect(blocksSighting(givenUp(NOISY).r, seenAt, from, true)).toBe(false);
    const sighted: Rejection = { point: { x: 0, z: 3 }, from: { x: 0, z: 2.3 }, unseen: true };
    expect(blocksSighting(sighted, seenAt, from, true)).toBe(false);
    expect(blocksSighting(sighted, seenAt, from, false)).toBe(true);
  });

  it('a sighting the check rejected still hides it from around there, noise or not', () => {
    const checked: Rejection = { point: { x: 0, z: 3 }, from: { x: 0, z: 2.3 } };
    expect(blocksSighting(checked, { x: 0, z: 2.9 }, { x: 0.1, z: 2.4 }, true)).toBe(true);
    expect(blocksSighting(checked, { x: 0, z: 2.9 }, { x: 0.1, z: 3.5 }, true)).toBe(false);
    expect(blocksSighting({ point: checked.point, from: null }, { x: 0, z: 2.9 }, { x: 5, z: 5 }, true)).toBe(true);
  });
});
