/**
 * A start turn that relocalises in a saved map where the saved poses are off along up (seed:1's third
 * run stood 1.66 m low): the turn's views choose the saved floor they agree with, and the body stands
 * on it from the end of the turn, as a late join's floor does (join-floor.ts). The saved memory here
 * has a second floor 2.5 m up whose walls are elsewhere: 1.6 m up, the pose is nearer that floor than
 * the one the body stands on, so only the views, not the height, can tell.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import type { GridSnapshot } from '../../src/mapping/occupancy-map.js';
import { LateGroundTruth, savedRunAndReturn } from '../helpers/late-ground-truth.js';

/** A floor 2.5 m up over the same ground: free, with walls every 7 cells across (none where the ground's are). */
function upperFloor(like: GridSnapshot): GridSnapshot {
  const cells = new Uint8Array(like.width * like.height);
  for (let z = 0; z < like.height; z++) for (let x = 0; x < like.width; x++) cells[z * like.width + x] = (z + like.originZ) % 7 === 0 ? 2 : 1;
  return { ...like, cells };
}

/** A run that saves its map, then a later run whose start turn relocalises in it with the saved poses `upOffset` up. */
async function startTurn(upOffset: number) {
  const { nav, body2, heightError: heightOff } = await savedRunAndReturn({ lookRoundAgain: true });
  const memory = nav.memory()!;
  const ground = memory.layers[0];
  const src = new LateGroundTruth(() => body2.groundTruthPose(), upOffset);
  src.findable = true;
  const layers = [ground, { floorUp: ground.floorUp + 2.5, frames: 1, grid: upperFloor(ground.grid) }];
  const nav2 = await Navigator.create({ body: body2, poseSource: src, memory: { ...memory, layers }, poseMap: nav.savedPoseMap()! });
  await nav2.turnInPlace(6, { afterRelocation: true });
  const heightError = heightOff(nav2.poseMatrix()!);
  await nav2.act(['forward', 'left', 'left', 'forward']);
  return { heightError, relocalised: nav2.relocalised, floor: nav2.floor, floors: nav2.map.floors().length, corrections: nav2.state.verticalCorrections };
}

describe('a start turn relocalised where the saved poses are off along up', () => {
  it('stands the body on the saved floor its views agree with, not on the one nearer its height', async () => {
    const exact = await startTurn(0);
    expect(exact.relocalised).toBe(true);
    expect(Math.abs(exact.heightError)).toBeLessThan(1e-6);
    expect(exact.corrections).toBe(0);
    const high = await startTurn(1.6);
    expect(high.relocalised).toBe(true);
    expect(Math.abs(high.heightError)).toBeLessThan(0.02);
    expect(high.floor).toBe(0);
    expect(high.floors).toBe(2);
  }, 180_000);
});
