/**
 * The live map following a loop closure (navigator/loop-rebuild.ts): a pose source whose heading drifts
 * and which then closes a loop (its keyframes and later poses put back on the truth) must make the
 * navigator re-integrate the floor from the corrected keyframes, split over frames, and move the
 * places and trail recorded while drifting.
 */
import { describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { REBUILD_EVERY_KEYFRAMES } from '../../src/navigator/loop-rebuild.js';
import { Cell } from '../../src/mapping/params.js';
import type { OccupancyMap } from '../../src/mapping/occupancy-map.js';
import type { CoarseAction } from '../../src/navigator/actions.js';
import type { PoseSource } from '../../src/perception/pose-source.js';
import { simWorld } from '../helpers/sim-world.js';
import { DriftingSource } from '../helpers/drifting-source.js';

const DRIFT_FROM = 10,
  DRIFT_RAD_PER_FRAME = (0.3 * Math.PI) / 180,
  KEYFRAME_EVERY = 5;
const DRIFT = { driftFrom: DRIFT_FROM, radPerFrame: DRIFT_RAD_PER_FRAME, keyframeEvery: KEYFRAME_EVERY };

const ACTIONS: CoarseAction[] = [
  ...Array<CoarseAction>(8).fill('forward'),
  ...Array<CoarseAction>(6).fill('left'),
  ...Array<CoarseAction>(8).fill('forward'),
  ...Array<CoarseAction>(6).fill('right'),
  ...Array<CoarseAction>(6).fill('forward'),
];
/** frames: 1 (the first observation) + 5 per action; the closure comes with the last action's frames */
const CLOSE_AT = 1 + 5 * (ACTIONS.length - 1) + 1;

/** Obstacle cells of `a` that `b` also holds as obstacles, over the obstacle cells of either. */
function obstacleIoU(a: OccupancyMap, b: OccupancyMap): number {
  const sa = a.snapshot(0);
  let both = 0,
    either = 0;
  const bObstacle = (x: number, z: number) => b.cellState(x, z, 0) === Cell.Obstacle;
  const seen = new Set<string>();
  for (let z = 0; z < sa.height; z++) {
    for (let x = 0; x < sa.width; x++) {
      const wx = x + sa.originX,
        wz = z + sa.originZ;
      const inA = sa.cells[z * sa.width + x] === Cell.Obstacle,
        inB = bObstacle(wx, wz);
      seen.add(`${wx},${wz}`);
      if (inA && inB) both++;
      if (inA || inB) either++;
    }
  }
  const sb = b.snapshot(0);
  for (let z = 0; z < sb.height; z++)
    for (let x = 0; x < sb.width; x++) if (sb.cells[z * sb.width + x] === Cell.Obstacle && !seen.has(`${x + sb.originX},${z + sb.originZ}`)) either++;
  return both / either;
}

async function drive(source: (truth: PoseSource) => PoseSource, chunk = 2) {
  const { body, gt } = await simWorld(7);
  const nav = await Navigator.create({ body, poseSource: source(gt), loopRebuild: { chunk } });
  const afterMark: { x: number; z: number }[] = [];
  for (const [i, a] of ACTIONS.entries()) {
    if (i === 20) nav.mark('drifted spot');
    await nav.act([a], { stopOnCollision: false });
    if (i === 20) afterMark.push(...nav.trail(0).slice(-5));
  }
  // frames after the closure: the rebuild's later shares
  for (let i = 0; i < 12 && nav.loopRebuild.pending; i++) await nav.act(['left'], { stopOnCollision: false });
  return { nav, body };
}

describe('loop closing in the live navigator', () => {
  it('a closure re-integrates the floor from the corrected keyframes, split over frames, and moves places and trails', async () => {
    const truth = await drive((gt) => gt);
    const open = await drive((gt) => new DriftingSource(gt, null, DRIFT));
    const closed = await drive((gt) => new DriftingSource(gt, CLOSE_AT, DRIFT));
    const rb = closed.nav.loopRebuild;
    expect(rb.stats.closures).toBe(1);
    expect(rb.stats.floorsRebuilt).toBe(1);
    expect(rb.pending).toBe(false);
    // the work was split: several frames each did at most `chunk` keyframes, together every kept one
    expect(rb.stats.chunks.length).toBeGreaterThan(3);
    expect(Math.max(...rb.stats.chunks)).toBeLessThanOrEqual(2);
    // every keyframe and map frame kept by the time it finished (the rest of that action's frames, at
    // most 4, may each keep one more after)
    const integrated = rb.stats.chunks.reduce((a, b) => a + b, 0);
    expect(integrated).toBeGreaterThanOrEqual(rb.size + rb.mapFrameCount - 4);
    expect(integrated).toBeLessThanOrEqual(rb.size + rb.mapFrameCount);
    expect(open.nav.loopRebuild.stats.floorsRebuilt).toBe(0);

    // the place marked while drifting is back where the true poses put it; the open-loop one is not
    const at = (n: Navigator) => n.places.get('drifted spot')!.pose;
    const off = (p: { x: number; z: number }) => Math.hypot(p.x - at(truth.nav).x, p.z - at(truth.nav).z);
    expect(off(at(open.nav))).toBeGreaterThan(0.1);
    expect(off(at(closed.nav))).toBeLessThan(0.02);
    for (const v of closed.nav.places.get('drifted spot')!.views)
      expect(Math.hypot(v.pose.x - at(truth.nav).x, v.pose.z - at(truth.nav).z)).toBeLessThan(0.75 + 0.02);
    // so is the trail (same frames in each run: the same points); a point between keyframes moves by the
    // correction of the keyframe before it, which leaves the drift of up to 4 frames (4 × 0.3° at ≤ 4 m)
    const trailOff = (n: Navigator) =>
      Math.max(
        ...n
          .trail(0)
          .slice(0, truth.nav.trail(0).length)
          .map((q, i) => Math.hypot(q.x - truth.nav.trail(0)[i].x, q.z - truth.nav.trail(0)[i].z)),
      );
    expect(trailOff(open.nav)).toBeGreaterThan(0.5);
    expect(trailOff(closed.nav)).toBeLessThan(4 * DRIFT_RAD_PER_FRAME * 4);

    // the rebuilt grid's obstacles lie where the true poses' grid has them, far more than the drifted grid's
    const iouOpen = obstacleIoU(open.nav.map, truth.nav.map),
      iouClosed = obstacleIoU(closed.nav.map, truth.nav.map);
    expect(iouClosed).toBeGreaterThan(iouOpen + 0.1);
    for (const r of [truth, open, closed]) {
      r.body.renderer.dispose();
      r.body.navmesh.destroy();
    }
  }, 120_000);

  it('without a closure the floor is rebuilt every REBUILD_EVERY_KEYFRAMES keyframes when asked, and never by default', async () => {
    const { body, gt } = await simWorld(7);
    const run = async (everyKeyframes?: number) => {
      // a keyframe every other frame, no closure: 48 actions (240 frames) make 120 keyframes
      const nav = await Navigator.create({ body, poseSource: new DriftingSource(gt, null, { ...DRIFT, keyframeEvery: 2 }), loopRebuild: { everyKeyframes } });
      for (const a of [...ACTIONS, ...Array<CoarseAction>(14).fill('left')]) await nav.act([a], { stopOnCollision: false });
      return nav.loopRebuild;
    };
    const periodic = await run(REBUILD_EVERY_KEYFRAMES);
    expect(periodic.stats.closures).toBe(0);
    expect(periodic.size).toBeGreaterThan(2 * REBUILD_EVERY_KEYFRAMES);
    // rebuilds do not overlap: the next is due once one has finished and 40 more are kept
    expect(periodic.stats.floorsRebuilt).toBeGreaterThanOrEqual(2);
    expect(periodic.stats.floorsRebuilt).toBeLessThanOrEqual(Math.floor(periodic.size / REBUILD_EVERY_KEYFRAMES));
    const closuresOnly = await run();
    expect(closuresOnly.stats.floorsRebuilt).toBe(0);
    body.renderer.dispose();
    body.navmesh.destroy();
  }, 120_000);

  it('what a navigator saves after a closure is the finished rebuild', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: new DriftingSource(gt, 1 + 5 * 10 + 1, DRIFT), loopRebuild: { chunk: 1 } });
    await nav.act(Array<CoarseAction>(10).fill('forward'), { stopOnCollision: false });
    await nav.act(['left'], { stopOnCollision: false });
    expect(nav.loopRebuild.pending).toBe(true);
    const saved = nav.memory()!;
    expect(nav.loopRebuild.pending).toBe(false);
    expect(nav.loopRebuild.stats.floorsRebuilt).toBe(1);
    const live = nav.map.snapshot(0);
    expect(saved.layers[0].grid.cells).toEqual(live.cells);
    body.renderer.dispose();
    body.navmesh.destroy();
  }, 60_000);
});
