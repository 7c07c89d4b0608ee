/**
 * Late relocalisation (issue #16 on #15's map merging): a run starts from a house memory, but the
 * start turn sees nothing the saved map knows, so the saved grids and places are set aside and the
 * run maps in a world of its own. When a later frame is relocalised in the saved map, the saved grids
 * and places come back in their own world and the run's cells, places and trails are carried into it
 * by the rigid transform of that frame's two poses.
 *
 * The pose source here is the ground truth with the tracker's map logic played by the test: it loads
 * the saved world frame but reports poses in a map of its own (another id, its own first frame) until
 * `findable` is set; the next frame then comes in the saved map with the same frame's pose in the map
 * it leaves (PoseEstimate.handover), as the tracker's late relocalisation reports it. Every pose is
 * exact, so the merge can be checked against the true positions.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';
import { LateGroundTruth } from '../helpers/late-ground-truth.js';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { NAVIGATOR_FRAME, planarPose } from '../../src/geometry/frames.js';
import { generateHouse } from '../../src/sim/index.js';

const planarIn = (worldInv: Mat4, truePose: Mat4) => planarPose(NAVIGATOR_FRAME, multiply(worldInv, truePose));

describe('late relocalisation in a saved map', () => {
  it('brings the saved grids and places back in their world and carries the run’s cells, places and trails into it', async () => {
    const scene = generateHouse(7);
    // the saving run: walks, marks a place, and leaves its world frame (its first true pose)
    const body = await SimBody.create(scene, {});
    const savedInv = invert(body.groundTruthPose());
    const nav = await Navigator.create({ body, poseSource: new GroundTruthPoseSource(() => body.groundTruthPose()) });
    await nav.turnInPlace();
    await nav.act(['forward', 'forward', 'forward']);
    expect(nav.mark('hall')).not.toBeNull();
    const hall = nav.places.get('hall')!.pose;
    await nav.act(['left', 'left', 'left', 'forward', 'forward']);
    const spot = body.simPose;
    const saved = nav.savedPoseMap()!;
    const memory = nav.memory()!;
    const savedCells = nav.map.snapshot(0);
    const savedKnown = nav.knownCells();
    expect(savedKnown).toBeGreaterThan(500);

    // the later run starts at that spot but turned away, so its own world differs from the saved one
    const body2 = await SimBody.create(scene, {}, { position: spot.position, yaw: spot.yaw + 2.1 });
    const src = new LateGroundTruth(() => body2.groundTruthPose());
    const nav2 = await Navigator.create({ body: body2, poseSource: src, memory, poseMap: saved });
    await nav2.turnInPlace(6, { afterRelocation: true });
    expect(nav2.relocalised).toBe(false);
    nav2.abandonSavedMap();
    expect(nav2.knownCells()).toBe(0);
    expect(nav2.places.list()).toHaveLength(0);
    expect(nav2.savedMapAside).toBe(true);
    // the run maps and marks in its own world
    await nav2.act(['forward', 'forward', 'right', 'forward']);
    expect(nav2.mark('desk')).not.toBeNull();
    const deskTrue = body2.groundTruthPose();
    const runCells = nav2.map.snapshot(0);
    const runTrail = nav2.trail(0).length;
    // the run's own world: pose = ownInv·true
    const ownInv = multiply(nav2.poseMatrix()!, invert(body2.groundTruthPose()));
    expect(nav2.knownCells()).toBeGreaterThan(300);

    // a later frame is found in the saved map: a look from the same spot, so that what this frame maps
    // is what the run had mapped from there already (the check of the kept saved cells stays clean)
    src.findable = true;
    await nav2.observe();
    expect(nav2.relocalised).toBe(true);
    expect(nav2.lateRelocalisedAt).toBeGreaterThan(0);
    expect(nav2.savedMapAside).toBe(false);
    // poses are in the saved world from here (its own anchor, not a re-anchor at the last pose)
    const now = planarIn(savedInv, body2.groundTruthPose());
    expect(Math.hypot(nav2.planar()!.x - now.x, nav2.planar()!.z - now.z)).toBeLessThan(1e-6);
    // the saved place is back where it was; the run's place is where it truly is in the saved world
    expect(nav2.places.names()).toEqual(['hall', 'desk']);
    const hall2 = nav2.places.get('hall')!.pose;
    expect([hall2.x, hall2.z, hall2.yaw]).toEqual([hall.x, hall.z, hall.yaw]);
    const desk = nav2.places.get('desk')!.pose,
      deskWant = planarIn(savedInv, deskTrue);
    expect(Math.hypot(desk.x - deskWant.x, desk.z - deskWant.z)).toBeLessThan(1e-6);
    expect(Math.abs(Math.atan2(Math.sin(desk.yaw - deskWant.yaw), Math.cos(desk.yaw - deskWant.yaw)))).toBeLessThan(1e-6);
    // trails: the saved trail, then the run's carried one (and the frame after the join)
    expect(nav2.trail(0).length).toBeGreaterThanOrEqual(memory.trails[0].length + runTrail);

    // the grid: saved cells the run did not see are kept; each known run cell lands where its centre
    // truly is in the saved world (nearest-neighbour resampling: a few cells at edges may differ)
    const cs = nav2.map.params.cellSize;
    const T = multiply(savedInv, invert(ownInv)); // run world → saved world
    let agree = 0,
      runKnown = 0;
    const runSeen = new Set<number>();
    for (let z = 0; z < runCells.height; z++) {
      for (let x = 0; x < runCells.width; x++) {
        const v = runCells.cells[z * runCells.width + x];
        if (v === 0) continue;
        runKnown++;
        const px = (runCells.originX + x + 0.5) * cs,
          pz = (runCells.originZ + z + 0.5) * cs;
        const qx = T[0] * px + T[2] * pz + T[3],
          qz = T[8] * px + T[10] * pz + T[11];
        const c = nav2.map.worldToCell(qx, qz);
        runSeen.add(c.x * 100_003 + c.z);
        if (nav2.map.cellState(c.x, c.z, 0) === v) agree++;
      }
    }
    expect(agree / runKnown).toBeGreaterThan(0.9);
    let kept = 0,
      savedOnly = 0;
    for (let z = 0; z < savedCells.height; z++) {
      for (let x = 0; x < savedCells.width; x++) {
        const v = savedCells.cells[z * savedCells.width + x];
        const cx = savedCells.originX + x,
          cz = savedCells.originZ + z;
        if (v === 0 || runSeen.has(cx * 100_003 + cz)) continue;
        // cells next to a carried run cell may have been overwritten by it
        let near = false;
        for (let dz = -1; dz <= 1 && !near; dz++) for (let dx = -1; dx <= 1 && !near; dx++) near = runSeen.has((cx + dx) * 100_003 + cz + dz);
        if (near) continue;
        savedOnly++;
        if (nav2.map.cellState(cx, cz, 0) === v) kept++;
      }
    }
    expect(savedOnly).toBeGreaterThan(100);
    expect(kept / savedOnly).toBeGreaterThan(0.97);
    expect(nav2.knownCells()).toBeGreaterThanOrEqual(savedKnown);
  }, 120_000);
});
