/**
 * A navigator relocalises in a map saved by an earlier navigator of the same house (a house memory):
 * the body stands somewhere else, the pose source loads the saved map and the saved anchor carries
 * its poses into the old navigator frame, so the saved grids and places line up again. Without the
 * saved map the new navigator's frame is its own first frame, which differs.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';
import { createPoseSource } from '../../src/world/pose-sources.js';
import { generateHouse } from '../../src/sim/index.js';

const dist = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);

describe('relocalisation in a saved map', () => {
  it('SLAM: a new navigator at another spot of the walk relocalises in the saved map and agrees with the old frame', async () => {
    const scene = generateHouse(7);
    const body = await SimBody.create(scene, {});
    const nav = await Navigator.create({ body, poseSource: await createPoseSource('slam', body) });
    await nav.turnInPlace();
    await nav.act(['forward', 'forward']);
    // the spot the second navigator will start from, as the first one estimated it
    const spot = body.simPose;
    const there = nav.planar()!;
    await nav.turnInPlace();
    await nav.act(['left', 'left', 'forward', 'forward']);
    const saved = nav.savedPoseMap();
    const memory = nav.memory();
    expect(saved).not.toBeNull();
    const knownBefore = nav.knownCells();
    nav.poseSource.dispose();

    const body2 = await SimBody.create(scene, {}, spot);
    const nav2 = await Navigator.create({ body: body2, poseSource: await createPoseSource('slam', body2), memory: memory!, poseMap: saved! });
    expect(nav2.knownCells()).toBe(knownBefore);
    const views = await nav2.turnInPlace(6, { afterRelocation: true });
    expect(views).toHaveLength(4);
    expect(nav2.relocalised).toBe(true);
    const here = nav2.planar()!;
    expect(dist(here, there)).toBeLessThan(0.3);
    nav2.poseSource.dispose();
  }, 120_000);

  it('ground truth (ablation): the saved world frame is taken back; a lost relocalisation can drop the saved map', async () => {
    const scene = generateHouse(7);
    const body = await SimBody.create(scene, {});
    const nav = await Navigator.create({ body, poseSource: new GroundTruthPoseSource(() => body.groundTruthPose()) });
    await nav.act(['forward', 'forward']);
    const spot = body.simPose;
    const there = nav.planar()!;
    await nav.act(['left', 'left', 'forward']);
    expect(nav.mark('hall')).not.toBeNull();
    const saved = nav.savedPoseMap()!;
    const memory = nav.memory()!;

    const body2 = await SimBody.create(scene, {}, spot);
    const nav2 = await Navigator.create({ body: body2, poseSource: new GroundTruthPoseSource(() => body2.groundTruthPose()), memory, poseMap: saved });
    expect(nav2.relocalised).toBe(true);
    expect(dist(nav2.planar()!, there)).toBeLessThan(0.01);
    expect(nav2.places.list().map((p) => p.name)).toEqual(['hall']);
    // without the saved map, the frame is the new first frame: the same spot reads as the origin
    const fresh = await Navigator.create({ body: await SimBody.create(scene, {}, spot), poseSource: new GroundTruthPoseSource(() => body2.groundTruthPose()) });
    expect(dist(fresh.planar()!, { x: 0, z: 0 })).toBeLessThan(0.01);

    nav2.abandonSavedMap();
    expect(nav2.knownCells()).toBe(0);
    expect(nav2.places.list()).toHaveLength(0);
    expect(() => new GroundTruthPoseSource(() => null).importMap(new Uint8Array(5))).toThrow(/128 bytes/);
  }, 60_000);
});
