/**
 * Evaluation-only: what a task's "reached but not claimed" ending stood on. The failure class counts a
 * task as reached when the body came within the success radius of a goal footprint on its floor, a
 * horizontal distance that walls do not stop. This script replays the task's true trajectory and, for
 * the frames within the radius, renders the view the body had and a full look round (24 headings) from
 * where it stood, counting the goal's pixels as the evaluation's witness does (issue 35: six of the
 * seven such endings of the two-storey table were a wall away from their goal, which no heading there
 * showed).
 *   npx tsx scripts/reach-views.ts --house 18 --run DIR --task 3
 * DIR is a run's (or an eval's house) folder: it holds eval/trajectory-task-NNN.true.txt and
 * eval/seen-objects-task-NNN.json (the goal's instance ids).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { readTumTrajectory } from '../src/eval/index.js';
import { shownPixels } from '../src/eval/task-witness.js';
import { simCameraPose, simPoseToNavigator, yawOfDirection } from '../src/geometry/sim-frame.js';
import type { Vec3 } from '../src/geometry/index.js';
import { distanceToFootprint, floorAt, generateHouse, objectById, Renderer, type Scene } from '../src/sim/index.js';

const USAGE = 'usage: npx tsx scripts/reach-views.ts --house N --run DIR --task K [--radius 1.0]';
/** the witness's threshold for a view that shows the goal */
const SHOWN_PIXELS = 30;
/** frames within the radius are rendered round about every this many seconds (and whenever the goal is in view) */
const EVERY_S = 2;

const whole = (what: string) => z.coerce.number({ error: what }).int(what).min(0, what);
const FlagsSchema = z.object({
  house: whole('a house seed (a whole number)'),
  run: z.string().min(1, 'a run folder'),
  task: whole('a task number').min(1, 'a task number ≥ 1'),
  radius: z.coerce.number({ error: 'metres' }).positive('metres > 0').default(1.0),
});
type Flags = z.infer<typeof FlagsSchema>;

const SeenObjectsSchema = z.object({ goal_instance_ids: z.array(z.number().int()) });

function flags(): Flags {
  const { values } = parseArgs({ options: { house: { type: 'string' }, run: { type: 'string' }, task: { type: 'string' }, radius: { type: 'string' } } });
  const r = FlagsSchema.safeParse(values);
  if (!r.success) {
    console.error(`${z.prettifyError(r.error)}\n${USAGE}`);
    process.exit(2);
  }
  return r.data;
}

function goalIds(run: string, n: string): number[] {
  const file = join(run, 'eval', `seen-objects-task-${n}.json`);
  const r = SeenObjectsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!r.success) {
    console.error(`${file}: ${z.prettifyError(r.error)}`);
    process.exit(2);
  }
  return r.data.goal_instance_ids;
}

function footprints(scene: Scene, ids: number[]) {
  return ids
    .map((id) => objectById(scene, id))
    .filter((o) => o !== undefined)
    .map((o) => ({ id: o.id, category: o.category, floor: o.floor, x0: o.min[0], z0: o.min[2], x1: o.max[0], z1: o.max[2] }));
}

async function main(): Promise<void> {
  const f = flags();
  const n = String(f.task).padStart(3, '0');
  const scene = generateHouse(f.house);
  const ids = goalIds(f.run, n);
  const goal = footprints(scene, ids);
  const r = await Renderer.create(scene, {});
  const h = r.camera.cameraHeight;
  const pixels = (p: Vec3, yaw: number) => {
    const shown = shownPixels(r.render(simCameraPose(p, yaw, h)));
    return ids.reduce((a, id) => a + (shown.get(id) ?? 0), 0);
  };
  let within = 0,
    inView = 0,
    visibleFromSpot = 0,
    last = -Infinity;
  for (const { time, pose } of readTumTrajectory(join(f.run, 'eval', `trajectory-task-${n}.true.txt`))) {
    // the TUM pose is the navigator's convention (S · sim): back to the sim camera, then to the body
    const sim = simPoseToNavigator(pose);
    const p: Vec3 = [sim[3], sim[7] - h, sim[11]];
    const floor = floorAt(scene, p[1]).index;
    const d = Math.min(Infinity, ...goal.filter((g) => g.floor === floor).map((g) => distanceToFootprint(p, g)));
    if (d > f.radius) continue;
    within++;
    const now = pixels(p, yawOfDirection(sim[2], sim[10]));
    if (now >= SHOWN_PIXELS) inView++;
    if (time - last < EVERY_S && now < SHOWN_PIXELS) continue;
    last = time;
    let best = 0;
    for (let k = 0; k < 24; k++) best = Math.max(best, pixels(p, (k * Math.PI) / 12));
    if (best >= SHOWN_PIXELS) visibleFromSpot++;
    console.log(
      `t=${time.toFixed(1)} ${d.toFixed(2)} m from the goal at ${p[0].toFixed(2)},${p[2].toFixed(2)} floor ${floor}: goal pixels in view ${now}, best of a look round ${best}`,
    );
  }
  const what = goal.map((g) => `${g.id} (${g.category}, floor ${g.floor})`).join(', ');
  console.log(
    `goal ${what}: ${within} frames within ${f.radius} m, ${inView} with the goal in view; ${visibleFromSpot} of the spots looked round from show it`,
  );
  r.dispose();
}

await main();
