/**
 * Issue 34, item 1, with the tracker: a later run starts 1.7 m from where the saving run ended, in a
 * narrow spot of house 7 whose views the saved map does not hold, and its start turn does not
 * relocalise. Turning round there again and again finds nothing; looking for the saved map on purpose
 * (seek.ts: to the open middle nearby and round once there) finds it within a few steps, and the join
 * lands within 0.3 m of the truth.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';
import { generateHouse } from '../../src/sim/index.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { poseErrorM, worldToTruth } from '../../src/eval/relocalisation-truth.js';
import { SavedMapSeek } from '../../src/baselines/navigation-agent/seek.js';
import { GridView } from '../../src/baselines/navigation-agent/grid.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import type { CoarseAction } from '../../src/navigator/index.js';

const GLANCE: CoarseAction[] = Array(12).fill('left');
/** steps the later run is given to find the saved map */
const STEPS = 8;

describe('a later run looks for the saved map on purpose', () => {
  it('finds it from a start whose turn did not, where turning round in place never does; the join within 0.3 m', async () => {
    const scene = generateHouse(7);
    const navmesh = await SceneNavMesh.build(scene);
    const body = await SimBody.create(scene, { navmesh });
    const nav = await Navigator.create({ body, poseSource: await SlamPoseSource.create(simTrackerOptions(body)) });
    await nav.act(['left']);
    const toTruth = worldToTruth(nav.poseMatrix()!, body.groundTruthPose());
    await nav.act(['forward', 'forward', 'forward', 'forward']);
    await nav.turnInPlace(6);
    const saved = nav.savedPoseMap()!;
    const memory = nav.memory()!;
    const end = body.simPose.position;
    nav.poseSource.dispose();
    const start = navmesh.snap([end[0] + 2, end[1], end[2]], 0.3)!.point;
    expect(Math.hypot(start[0] - end[0], start[2] - end[2])).toBeGreaterThan(1.5);

    /** the later run: its start turn, then STEPS steps chosen by `choose` (null: a glance, as the task's search maps round first) */
    async function laterRun(choose: (c: Ctx) => CoarseAction[] | null) {
      const b = await SimBody.create(scene, { navmesh }, { position: start, yaw: 0 });
      const src = await SlamPoseSource.create(simTrackerOptions(b));
      const n = await Navigator.create({ body: b, poseSource: src, memory, poseMap: saved });
      await n.turnInPlace(6, { afterRelocation: true });
      const relocalisedAtStart = n.relocalised;
      if (!relocalisedAtStart) n.abandonSavedMap();
      const task = newTaskState('task-001');
      let steps = 0;
      while (n.savedMapAside && steps++ < STEPS) {
        const c = { nav: n, grid: GridView.of(n), task, pose: n.planar()! } as unknown as Ctx;
        await n.act(choose(c) ?? GLANCE);
      }
      const out = {
        relocalisedAtStart,
        aside: n.savedMapAside,
        steps,
        errorM: n.savedMapAside ? null : poseErrorM(toTruth, n.poseMatrix()!, b.groundTruthPose()),
      };
      src.dispose();
      return out;
    }

    const seek = new SavedMapSeek();
    const sought = await laterRun((c) => {
      const d = seek.next(c);
      return d?.kind === 'act' ? d.actions : null;
    });
    expect(sought.relocalisedAtStart).toBe(false);
    expect(sought.aside).toBe(false);
    expect(sought.errorM!).toBeLessThanOrEqual(0.3);

    // the same start turning round where it stands for every step: the saved map stays aside
    const stayed = await laterRun(() => GLANCE);
    expect(stayed.relocalisedAtStart).toBe(false);
    expect(stayed.aside).toBe(true);
  }, 300_000);
});
