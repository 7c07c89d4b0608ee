/**
 * The cost of late relocalisation per frame (bench tracker). A saved map of house 7 looks one way
 * along a walk; a second run starts at the walk's end facing the other way with no patience for the
 * loaded map, so it tracks in a map of its own, and turns once in place, then walks back. With late
 * relocalisation on, each new keyframe is also searched in the loaded map (and the frames right after
 * while attempts agree) until tracking moves into it; off, it never does. The tracker is
 * deterministic: each setting is run `runs` times, alternately and in alternating order, and each frame
 * keeps its fastest time.
 */
import { performance } from 'node:perf_hooks';
import { SimBody } from '../../src/body/sim-body.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { Mat4 } from '../../src/geometry/pose.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { SlamPoseSource } from '../../src/perception/slam-pose-source.js';
import { generateHouse } from '../../src/sim/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';

/** A pose source that times each tracking call (wall ms). */
class Timed implements PoseSource {
  readonly name: string;
  readonly ms: number[] = [];
  constructor(readonly inner: SlamPoseSource) {
    this.name = inner.name;
  }
  estimate(frame: RgbdFrame, motion?: Mat4): PoseEstimate {
    const t0 = performance.now();
    const est = this.inner.estimate(frame, motion);
    this.ms.push(performance.now() - t0);
    return est;
  }
  exportMap(): Uint8Array | null {
    return this.inner.exportMap();
  }
  importMap(bytes: Uint8Array): void {
    this.inner.importMap(bytes);
  }
  reset(): void {
    this.inner.reset();
  }
  dispose(): void {
    this.inner.dispose();
  }
}

export interface LateRelocRun {
  /** per-frame wall ms of the second run, fastest over the runs */
  frameMs: number[];
  /** frame (1 = first) at which the navigator was back in the saved map; null: never */
  lateAt: number | null;
  lateRelocalisations: number;
}

async function savedWalk() {
  const scene = generateHouse(7);
  const body = await SimBody.create(scene, {});
  const nav = await Navigator.create({ body, poseSource: await SlamPoseSource.create(simTrackerOptions(body)) });
  await nav.act(['forward', 'forward', 'forward', 'forward']);
  const out = { scene, end: body.simPose, saved: nav.savedPoseMap()!, memory: nav.memory()! };
  nav.poseSource.dispose();
  return out;
}

/**
 * `turn`: the body turns once in place (it comes to face what the saved map saw) and walks on;
 * `away`: it walks away from what the map saw without turning back, so every keyframe's search fails
 * (the late path's standing cost).
 */
export type LateRelocPath = 'turn' | 'away';

async function secondRun(
  w: Awaited<ReturnType<typeof savedWalk>>,
  late: boolean,
  path: LateRelocPath,
): Promise<{ ms: number[]; lateAt: number | null; late: number }> {
  const body = await SimBody.create(w.scene, {}, { position: w.end.position, yaw: w.end.yaw + Math.PI });
  const src = new Timed(await SlamPoseSource.create({ ...simTrackerOptions(body), relocPatienceFrames: 0, lateRelocalisation: late }));
  const nav = await Navigator.create({ body, poseSource: src, memory: w.memory, poseMap: w.saved });
  if (!nav.relocalised) nav.abandonSavedMap();
  if (path === 'turn') {
    await nav.turnInPlace(6, { afterRelocation: true });
    await nav.act(['forward', 'forward', 'left', 'left', 'forward']);
  } else {
    await nav.act(['forward', 'forward', 'forward', 'forward', 'left', 'forward', 'forward', 'right', 'right', 'forward', 'forward', 'forward'], {
      stopOnCollision: false,
    });
  }
  const res = { ms: src.ms, lateAt: nav.lateRelocalisedAt, late: src.inner.tracker.counts().lateRelocalisations };
  src.dispose();
  return res;
}

/** Late relocalisation on and off along `path`, `runs` times each, alternately. */
export async function lateRelocCost(runs: number, path: LateRelocPath): Promise<{ on: LateRelocRun; off: LateRelocRun }> {
  const w = await savedWalk();
  let on: LateRelocRun | null = null,
    off: LateRelocRun | null = null;
  const keep = (acc: LateRelocRun | null, r: { ms: number[]; lateAt: number | null; late: number }): LateRelocRun => {
    if (!acc) return { frameMs: [...r.ms], lateAt: r.lateAt, lateRelocalisations: r.late };
    r.ms.forEach((t, i) => (acc.frameMs[i] = Math.min(acc.frameMs[i] ?? t, t)));
    return acc;
  };
  // the order alternates too, so that neither setting always runs first (a fresh tracker each time)
  for (let k = 0; k < runs; k++) {
    if (k % 2 === 0) on = keep(on, await secondRun(w, true, path));
    off = keep(off, await secondRun(w, false, path));
    if (k % 2 === 1) on = keep(on, await secondRun(w, true, path));
  }
  return { on: on!, off: off! };
}
