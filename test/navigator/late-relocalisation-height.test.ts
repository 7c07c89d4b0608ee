/**
 * A late relocalisation found where the saved map's poses are off along up (its keyframes there were
 * made at a height the tracker had wrong after a flight of stairs): the join lands the run's floor on
 * the saved floor, so the navigator's height is right from the joined frame on. Before, the pose rode
 * 0.7 m high until the floor tracker found the drift a metre of travel later, and every frame mapped
 * from there saw the floor as an obstacle (seed:5's third run lost its first room that way).
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { LateGroundTruth, savedRunAndReturn } from '../helpers/late-ground-truth.js';

/** A run that saves its map, then a later run found late in it with the saved poses `upOffset` high. */
async function lateJoin(upOffset: number) {
  const { nav, body2, heightError: heightOff } = await savedRunAndReturn();
  const src = new LateGroundTruth(() => body2.groundTruthPose(), upOffset);
  const nav2 = await Navigator.create({ body: body2, poseSource: src, memory: nav.memory()!, poseMap: nav.savedPoseMap()! });
  await nav2.turnInPlace(6, { afterRelocation: true });
  nav2.abandonSavedMap();
  await nav2.act(['forward', 'forward', 'right', 'forward']);
  src.findable = true;
  await nav2.observe();
  const joined = nav2.poseMatrix()!;
  const heightError = heightOff(joined);
  // a look round from there, mapped from the joined height
  await nav2.act(['left', 'left', 'left', 'left', 'left', 'left', 'left', 'left']);
  return { heightError, relocalised: nav2.relocalised, floors: nav2.map.floors().length, obstacles: nav2.map.counts(0).obstacle };
}

describe('a late relocalisation whose saved poses are off along up', () => {
  it('lands the run’s floor on the saved floor: the height is right and the floor is not mapped as an obstacle', async () => {
    const exact = await lateJoin(0);
    const high = await lateJoin(0.7);
    expect(exact.relocalised && high.relocalised).toBe(true);
    expect(Math.abs(exact.heightError)).toBeLessThan(1e-6);
    expect(Math.abs(high.heightError)).toBeLessThan(0.02);
    expect(high.floors).toBe(1);
    // the same frames mapped from the right height: the same obstacles, give or take a few edge cells
    expect(high.obstacles).toBeLessThan(exact.obstacles * 1.05);
  }, 120_000);
});
