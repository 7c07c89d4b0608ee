/**
 * Loop closing measured on a mapping run (a helper, not a suite): the body's recorded motions are
 * replayed in a fresh simulator body, and every frame goes to two trackers with the navigator's
 * settings, one with loop closing and one without, so that both see exactly the same frames. Drift
 * is the RMSE of the final keyframe trajectory of each tracker's saved map (after SE(3) alignment to
 * the simulator's camera centres) over the path length those keyframes span, ×100.
 */
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { alignRigid } from '../../src/eval/align.js';
import { SimBody } from '../../src/body/sim-body.js';
import type { SubMotion } from '../../src/body/body.js';
import { loadHouse } from '../../src/sim/load-house.js';
import { readMapKeyframes, Tracker } from '../../src/perception/index.js';
import { simTrackerOptions } from '../../src/world/pose-sources.js';

/** a closure whose two keyframes' true camera centres are farther apart than this matched another place */
export const FALSE_CLOSURE_M = 3;

export interface LoopReplay {
  driftPctOpenLoop: number;
  driftPct: number;
  closures: number;
  falseClosures: number;
  /** wall time of the tracking calls that closed a loop, ms */
  closureMs: number[];
  pathM: number;
}

const pos = (m: Mat4): Vec3 => [m[3], m[7], m[11]];
const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function keyframeDriftPct(t: Tracker, gt: Vec3[]): { pct: number; pathM: number } {
  const kfs = readMapKeyframes(t.saveMap()).filter((k) => k.frame >= 1 && k.frame <= gt.length);
  if (kfs.length < 3) return { pct: Number.NaN, pathM: 0 };
  const ref = kfs.map((k) => gt[k.frame - 1]);
  const T = alignRigid(ref, kfs.map((k) => k.centre));
  const rmse = Math.sqrt(kfs.reduce((a, k, i) => a + dist(transformPoint(T, k.centre), ref[i]) ** 2, 0) / kfs.length);
  let pathM = 0;
  for (let f = kfs[0].frame; f < kfs.at(-1)!.frame; f++) pathM += dist(gt[f], gt[f - 1]);
  return { pct: pathM > 0 ? (rmse / pathM) * 100 : Number.NaN, pathM };
}

export async function replayLoopClosing(seed: number, steps: readonly ('observe' | SubMotion)[]): Promise<LoopReplay> {
  const body = await SimBody.create(await loadHouse({ kind: 'procedural', seed }));
  const open = await Tracker.create(simTrackerOptions(body));
  const loop = await Tracker.create({ ...simTrackerOptions(body), loopClosing: true });
  try {
    const gt: Vec3[] = [];
    const closureMs: number[] = [];
    let closures = 0, falseClosures = 0;
    for (const s of steps) {
      const frame = s === 'observe' ? await body.observe() : (await body.execute(s, { transient: true })).frame;
      gt.push(pos(body.simCameraPose()));
      open.track(frame);
      const t0 = performance.now();
      loop.track(frame);
      const ms = performance.now() - t0;
      const c = loop.counts();
      if (c.loopClosures > closures) {
        closures = c.loopClosures;
        closureMs.push(ms);
        if (c.loopMatchFrame < 1 || dist(gt[c.loopMatchFrame - 1], gt.at(-1)!) > FALSE_CLOSURE_M) falseClosures++;
      }
    }
    const a = keyframeDriftPct(open, gt), b = keyframeDriftPct(loop, gt);
    return { driftPctOpenLoop: a.pct, driftPct: b.pct, closures, falseClosures, closureMs, pathM: b.pathM };
  } finally {
    open.dispose();
    loop.dispose();
    body.renderer.dispose();
    body.navmesh.destroy();
  }
}
