/**
 * One coarse action end to end: five sub-motions, each rendered (320×240), fed to the pose source
 * and integrated into the map. With the SLAM pose source when the tracker is built in, and with
 * ground-truth poses. A coarse action is 0.5 s of the synthetic 10 Hz clock.
 */
import { POSE_SOURCES, type PoseSourceKind } from '../src/world/pose-sources.js';
import { World } from '../src/world/world.js';
import type { CoarseAction } from '../src/navigator/actions.js';
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';

async function stepTask(pose: PoseSourceKind): Promise<() => Promise<void>> {
  const world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: pose });
  // A loop that keeps the body moving through open space: forward until blocked, then turn.
  const pattern: CoarseAction[] = ['forward', 'forward', 'forward', 'left', 'forward', 'forward', 'right', 'right'];
  let i = 0;
  return async () => {
    const r = await world.navigator.act([pattern[i++ % pattern.length]], { stopOnCollision: false });
    if (r.collisions.length) await world.navigator.act(['left', 'left', 'left']);
  };
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const tasks: Record<string, () => Promise<void>> = {};
  for (const p of POSE_SOURCES) {
    try {
      tasks[p] = await stepTask(p);
    } catch (err) {
      opts.log(`step: ${p} unavailable: ${(err as Error).message}`);
    }
  }
  const m = await medians(tasks, { time: opts.quick ? 1000 : 4000, iterations: opts.quick ? 10 : 40 });
  const table = Object.entries(m).map(([pose, ms]) => ({ pose, median_ms_per_action: +ms.toFixed(2), x_faster_than_10hz_clock: +(500 / ms).toFixed(1) }));
  return {
    table,
    summary: {
      median_ms_step_320: m.slam !== undefined ? +m.slam.toFixed(2) : null,
      median_ms_step_320_gt: +m['ground-truth'].toFixed(2),
    },
  };
}
