/**
 * Evaluation-only: a run's true trajectory replayed through a fresh tracker, frames only, to find where
 * and why tracking was lost (issue 35). Every frame of the run's tasks is rendered again at its true
 * pose and tracked with the navigator's tracker settings; the tracker sees the same images in the same
 * order, so its losses come back frame for frame (house 15 task 4: lost at t = 237.8 s, a new map at
 * 241.4 s, as in the run). Prints each change of tracking status with the tracker's counts, every
 * frame within --from..--to with the relocalisation counts, and a summary.
 *   npx tsx scripts/replay-tracker.ts --house 15 --run DIR [--tasks 4] [--from 236 --to 242] [--lost-timeout 3]
 * DIR is a run's (or an eval's house) folder: it holds eval/trajectory-task-NNN.true.txt.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { SimBody } from '../src/body/sim-body.js';
import { readTumTrajectory } from '../src/eval/index.js';
import { simPoseToNavigator, yawOfDirection } from '../src/geometry/sim-frame.js';
import { SlamPoseSource } from '../src/perception/slam-pose-source.js';
import { generateHouse } from '../src/sim/index.js';
import { navigatorTrackerOptions } from '../src/world/pose-sources.js';

const USAGE = `usage: npx tsx scripts/replay-tracker.ts --house N --run DIR [--tasks K] [--from T --to T] [--lost-timeout S]`;

const whole = (what: string) => z.coerce.number({ error: what }).int(what).min(0, what);
const FlagsSchema = z.object({
  house: whole('a house seed (a whole number)'),
  run: z.string().min(1, 'a run folder'),
  tasks: whole('a whole number of tasks').min(1, 'a whole number ≥ 1').optional(),
  from: z.coerce.number({ error: 'seconds' }).default(Infinity),
  to: z.coerce.number({ error: 'seconds' }).default(-Infinity),
  'lost-timeout': z.coerce.number({ error: 'seconds' }).positive('seconds > 0').optional(),
});
type Flags = z.infer<typeof FlagsSchema>;

function flags(): Flags {
  const { values } = parseArgs({
    options: {
      house: { type: 'string' },
      run: { type: 'string' },
      tasks: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'lost-timeout': { type: 'string' },
    },
  });
  const r = FlagsSchema.safeParse(values);
  if (!r.success) {
    console.error(`${z.prettifyError(r.error)}\n${USAGE}`);
    process.exit(2);
  }
  return r.data;
}

/** The true trajectory files of the run's tasks, in order (all found, or the first `tasks`). */
function taskFiles(run: string, tasks: number | undefined): string[] {
  const out: string[] = [];
  for (let t = 1; tasks === undefined || t <= tasks; t++) {
    const f = join(run, 'eval', `trajectory-task-${String(t).padStart(3, '0')}.true.txt`);
    if (!existsSync(f)) break;
    out.push(f);
  }
  if (out.length === 0 || (tasks !== undefined && out.length < tasks)) {
    console.error(`${run}: no eval/trajectory-task-NNN.true.txt for the tasks asked\n${USAGE}`);
    process.exit(2);
  }
  return out;
}

async function main(): Promise<void> {
  const f = flags();
  const files = taskFiles(f.run, f.tasks);
  const body = await SimBody.create(generateHouse(f.house), {});
  const h = body.cameraHeight;
  const src = await SlamPoseSource.create({ ...navigatorTrackerOptions(body), ...(f['lost-timeout'] ? { lostTimeoutS: f['lost-timeout'] } : {}) });
  let prev = 'ok',
    frames = 0,
    lost = 0;
  const maps = new Set<number>();
  for (const [i, file] of files.entries()) {
    for (const { time, pose } of readTumTrajectory(file)) {
      // the TUM pose is the navigator's convention (S · sim): back to the sim camera, then to the body
      const sim = simPoseToNavigator(pose);
      body.teleport({ position: [sim[3], sim[7] - h, sim[11]], yaw: yawOfDirection(sim[2], sim[10]) });
      const est = src.estimate({ ...(await body.observe()), timestamp: time });
      frames++;
      if (est.status !== 'ok') lost++;
      maps.add(est.mapId);
      const inWindow = time >= f.from && time <= f.to;
      if (est.status !== prev || inWindow) {
        const at = `true ${sim[3].toFixed(2)},${sim[11].toFixed(2)} floor+${(sim[7] - h).toFixed(2)} yaw ${((yawOfDirection(sim[2], sim[10]) * 180) / Math.PI).toFixed(0)}`;
        const reloc = inWindow ? ` reloc ${JSON.stringify(src.tracker.relocStats())}` : '';
        console.log(`task ${i + 1} t=${time.toFixed(1)} ${est.status} map ${est.mapId} ${at} ${JSON.stringify(src.tracker.counts())}${reloc}`);
      }
      prev = est.status;
    }
  }
  console.log(`frames ${frames}, not tracked ${lost}, maps ${[...maps].join(' ')}`);
  src.dispose();
  body.renderer.dispose();
  body.navmesh.destroy();
}

await main();
