/**
 * The tracker's late relocalisation, seen by the navigator: a saved map that only ever looked one way
 * along a corridor of the house, and a later run that starts at the walk's end looking the other way.
 * With no patience for the loaded map, the first frame (which the map cannot know) opens a new map;
 * the start is taken as failed and the saved grids and places are set aside. As the body turns, a
 * keyframe faces what the saved map saw, the tracker relocalises it there (its loaded-map safeguards:
 * depth check, ambiguity, consecutive agreement) and moves into the saved map; the navigator then
 * takes the saved grids and places back and continues in the saved world.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { generateHouse } from '../../src/sim/index.js';

const dist = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.hypot(a.x - b.x, a.z - b.z);

describe('late relocalisation with the tracker', () => {
  it('a run that starts in a new map moves into the saved map when it turns to face what the map saw', async () => {
    const scene = generateHouse(7);
    const body = await SimBody.create(scene, {});
    const nav = await Navigator.create({ body, poseSource: await SlamPoseSource.create(simTrackerOptions(body)) });
    await nav.act(['forward', 'forward', 'forward', 'forward']);
    expect(nav.mark('hall')).not.toBeNull();
    const hall = nav.places.get('hall')!.pose;
    const end = body.simPose;
    const there = nav.planar()!;
    const saved = nav.savedPoseMap()!;
    const memory = nav.memory()!;
    nav.poseSource.dispose();

    const body2 = await SimBody.create(scene, {}, { position: end.position, yaw: end.yaw + Math.PI });
    const src = await SlamPoseSource.create({ ...simTrackerOptions(body2), relocPatienceFrames: 0 });
    const nav2 = await Navigator.create({ body: body2, poseSource: src, memory, poseMap: saved });
    expect(nav2.relocalised).toBe(false);
    nav2.abandonSavedMap();
    expect(nav2.places.list()).toHaveLength(0);
    await nav2.turnInPlace(6, { afterRelocation: true });
    expect(src.tracker.counts().lateRelocalisations).toBe(1);
    expect(nav2.relocalised).toBe(true);
    expect(nav2.lateRelocalisedAt).toBeGreaterThan(1);
    expect(nav2.savedMapAside).toBe(false);
    expect(nav2.places.get('hall')!.pose).toEqual(hall);
    // a full turn later the body stands where the saving run ended, in the saved world
    expect(dist(nav2.planar()!, there)).toBeLessThan(0.3);
    expect(nav2.knownCells()).toBeGreaterThanOrEqual(memory.layers[0].grid.cells.filter((c) => c !== 0).length);
    src.dispose();

    // the same start with late relocalisation switched off: the run stays in its own map
    const body3 = await SimBody.create(scene, {}, { position: end.position, yaw: end.yaw + Math.PI });
    const off = await SlamPoseSource.create({ ...simTrackerOptions(body3), relocPatienceFrames: 0, lateRelocalisation: false });
    const nav3 = await Navigator.create({ body: body3, poseSource: off, memory, poseMap: saved });
    nav3.abandonSavedMap();
    await nav3.turnInPlace(6, { afterRelocation: true });
    expect(off.tracker.counts().lateRelocalisations).toBe(0);
    expect(nav3.relocalised).toBe(false);
    expect(nav3.savedMapAside).toBe(true);
    expect(nav3.places.list()).toHaveLength(0);
    off.dispose();
  }, 240_000);
});
