import { describe, expect, it } from 'vitest';
import { TrueTrajectoryBody } from '../../src/world/true-trajectory.js';
import { simWorld } from '../helpers/sim-world.js';

describe('TrueTrajectoryBody', () => {
  it("'moved' notes the true position after each sub-motion that moved the body; 'forward' after every forward", async () => {
    const { body } = await simWorld(7);
    const moved = new TrueTrajectoryBody(body);
    expect(moved.points).toEqual([[...body.simPose.position]]);
    await moved.execute('left');
    expect(moved.points).toHaveLength(1);
    const mark = moved.mark;
    await moved.execute('forward');
    expect(moved.points).toEqual([moved.points[0], [...body.simPose.position]]);
    expect(moved.lengthSince(mark)).toBeCloseTo(0.05, 6);
    expect(moved.intrinsics).toBe(body.intrinsics);
    expect(moved.cameraHeight).toBe(body.cameraHeight);

    const forward = new TrueTrajectoryBody(body, 'forward');
    await forward.execute('right');
    expect(forward.points).toHaveLength(1);
    await forward.execute('forward');
    expect(forward.points).toEqual([forward.points[0], [...body.simPose.position]]);
    body.renderer.dispose();
    body.navmesh.destroy();
  });

  it("'action' notes one position per whole forward action (five sub-motions), as VLN-CE logs them", async () => {
    const { body } = await simWorld(7);
    const action = new TrueTrajectoryBody(body, 'action');
    for (let i = 0; i < 5; i++) await action.execute('left');
    expect(action.points).toHaveLength(1);
    for (let i = 0; i < 4; i++) await action.execute('forward');
    expect(action.points).toHaveLength(1);
    await action.execute('forward');
    expect(action.points).toEqual([action.points[0], [...body.simPose.position]]);
    for (let i = 0; i < 5; i++) await action.execute('forward');
    expect(action.points).toHaveLength(3);
    body.renderer.dispose();
    body.navmesh.destroy();
  });
});
