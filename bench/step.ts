/**
 * One coarse action end to end: five sub-motions, each rendered (320×240), fed to the pose source
 * and integrated into the map. With the SLAM pose source when the tracker is built in, and with
 * ground-truth poses. A coarse action is 0.5 s of the synthetic 10 Hz clock.
 *
 * `--profile`: after the medians, each pose source's world takes more actions with timers around
 * the methods a step calls (support/step-profile.ts), and the median of each part per action is
 * reported (`profile_<pose>_<part>_ms`) with its share of the median action; with a tracker, its
 * own split of the tracking part (Tracker.stageTimes: pyramid, FAST, ORB, …) likewise
 * (`profile_slam_tracking_<stage>_ms`, medians per action, so they need not add up exactly).
 */
import { POSE_SOURCES, type PoseSourceKind } from '../src/world/pose-sources.js';
import { World } from '../src/world/world.js';
import type { CoarseAction } from '../src/navigator/actions.js';
import { STAGE, type StageTimes } from '../src/perception/tracker-abi.js';
import type { Tracker } from '../src/perception/tracker.js';
import type { BenchOptions, BenchResult } from './run.js';
import { median, medians } from './stats.js';
import { PROFILE_PARTS, profileWorld, type ProfilePart } from './support/step-profile.js';

async function stepTask(pose: PoseSourceKind): Promise<{ world: World; act: () => Promise<void> }> {
  const world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: pose });
  // A loop that keeps the body moving through open space: forward until blocked, then turn.
  const pattern: CoarseAction[] = ['forward', 'forward', 'forward', 'left', 'forward', 'forward', 'right', 'right'];
  let i = 0;
  const act = async () => {
    const r = await world.navigator.act([pattern[i++ % pattern.length]], { stopOnCollision: false });
    if (r.collisions.length) await world.navigator.act(['left', 'left', 'left']);
  };
  return { world, act };
}

type Stage = keyof StageTimes;
const STAGES = Object.keys(STAGE) as Stage[];

interface ProfileResult {
  total: number;
  parts: Record<ProfilePart, number>;
  /** the tracker's own split of its calls (Tracker.stageTimes), per action; null without a tracker */
  stages: Record<Stage, number> | null;
}

/** The median time of each part (and tracker stage) per action over `n` timed actions, and of the whole action. */
async function profile(task: { world: World; act: () => Promise<void> }, n: number): Promise<ProfileResult> {
  const p = profileWorld(task.world);
  const tracker = (task.world.navigator.poseSource as unknown as { tracker?: Tracker }).tracker;
  let seen = tracker?.stageTimes();
  const totals: number[] = [];
  const parts: Record<ProfilePart, number[]> = Object.fromEntries(PROFILE_PARTS.map((k) => [k, []])) as unknown as Record<ProfilePart, number[]>;
  const stages: Record<Stage, number[]> = Object.fromEntries(STAGES.map((k) => [k, []])) as unknown as Record<Stage, number[]>;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await task.act();
    const ms = performance.now() - t0;
    totals.push(ms);
    const got = p.takeAction(ms);
    for (const k of PROFILE_PARTS) parts[k].push(got[k]);
    if (tracker && seen) {
      const now = tracker.stageTimes();
      for (const k of STAGES) stages[k].push(now[k] - seen[k]);
      seen = now;
    }
  }
  const med = <K extends string>(keys: readonly K[], xs: Record<K, number[]>) => Object.fromEntries(keys.map((k) => [k, median(xs[k])])) as Record<K, number>;
  return { total: median(totals), parts: med(PROFILE_PARTS, parts), stages: tracker ? med(STAGES, stages) : null };
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const tasks: Record<string, { world: World; act: () => Promise<void> }> = {};
  for (const p of POSE_SOURCES) {
    try {
      tasks[p] = await stepTask(p);
    } catch (err) {
      opts.log(`step: ${p} unavailable: ${(err as Error).message}`);
    }
  }
  const acts = Object.fromEntries(Object.entries(tasks).map(([k, t]) => [k, t.act]));
  const m = await medians(acts, { time: opts.quick ? 1000 : 4000, iterations: opts.quick ? 10 : 40 });
  const table: BenchResult['table'] = Object.entries(m).map(([pose, ms]) => ({
    pose,
    median_ms_per_action: +ms.toFixed(2),
    x_faster_than_10hz_clock: +(500 / ms).toFixed(1),
  }));
  const summary: BenchResult['summary'] = {
    median_ms_step_320: m.slam !== undefined ? +m.slam.toFixed(2) : null,
    median_ms_step_320_gt: +m['ground-truth'].toFixed(2),
  };
  if (opts.profile) {
    for (const [pose, task] of Object.entries(tasks)) {
      const r = await profile(task, opts.quick ? 15 : 60);
      const key = pose === 'ground-truth' ? 'gt' : pose;
      summary[`profile_${key}_action_ms`] = +r.total.toFixed(2);
      for (const part of PROFILE_PARTS) {
        summary[`profile_${key}_${part}_ms`] = +r.parts[part].toFixed(3);
        table.push({
          pose: `${pose} profile: ${part}`,
          median_ms_per_action: +r.parts[part].toFixed(3),
          share_of_action: +(r.parts[part] / r.total).toFixed(3),
        });
      }
      for (const stage of r.stages ? STAGES : []) {
        const ms = r.stages![stage];
        summary[`profile_${key}_tracking_${stage}_ms`] = +ms.toFixed(3);
        table.push({ pose: `${pose} profile: tracking / ${stage}`, median_ms_per_action: +ms.toFixed(3), share_of_action: +(ms / r.total).toFixed(3) });
      }
    }
  }
  for (const t of Object.values(tasks)) t.world.dispose();
  return { table, summary };
}
