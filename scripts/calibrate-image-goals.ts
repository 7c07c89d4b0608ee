/**
 * Calibrates the scripted agent's image-goal threshold (src/baselines/image-goal-matcher.ts) on the
 * simulator: for the image goals of GOAT sequences in several seeded houses, the cosine similarity
 * (built-in GIST encoder) between the goal photograph and
 *   - near views: the robot's camera within `r` m of the photograph's viewpoint, heading within ±25°;
 *   - far views: random navigable spots on any floor at least 3 m from the goal object, any heading.
 * Prints the distributions; the threshold is chosen between them and stated in the matcher.
 *
 *   npx tsx scripts/calibrate-image-goals.ts [houseSeeds=3,5,7,9,11] [sequences=1,2,3]
 */
import { World } from '../src/world/world.js';
import { simCameraPose } from '../src/geometry/sim-frame.js';
import { ViewEncoder } from '../src/perception/encoder.js';
import { Rng } from '../src/sim/random.js';
import type { GoatGoal } from '../src/sim/episodes/index.js';

const seeds = (process.argv[2] ?? '3,5,7,9,11').split(',').map(Number);
const sequences = (process.argv[3] ?? '1,2,3').split(',').map(Number);
const enc = await ViewEncoder.create();
const near: { r: number; s: number }[] = [];
const far: number[] = [];
let goals = 0;
for (const seed of seeds) {
  const world = await World.open({ house: { kind: 'procedural', seed }, poseSource: 'ground-truth' });
  const seen = new Set<number>();
  const rng = new Rng(seed * 101);
  const render = (p: readonly number[], yaw: number) => world.body.renderer.render(simCameraPose([p[0], p[1], p[2]], yaw, world.body.cameraHeight));
  for (const sq of sequences) {
    for (const g of world.goatSequence(sq).goals as GoatGoal[]) {
      if (g.type !== 'image' || seen.has(g.instanceIds[0])) continue;
      seen.add(g.instanceIds[0]);
      goals++;
      const goal = await enc.embed(render(g.view.position, g.view.yaw));
      for (let k = 0; k < 24; k++) {
        const r = rng.range(0, 1.0),
          a = rng.range(0, 2 * Math.PI);
        const s = world.navmesh.snap([g.view.position[0] + Math.cos(a) * r, g.view.position[1], g.view.position[2] + Math.sin(a) * r], 0.2);
        if (!s) continue;
        const d = Math.hypot(s.point[0] - g.view.position[0], s.point[2] - g.view.position[2]);
        near.push({ r: d, s: enc.similarity(goal, await enc.embed(render(s.point, g.view.yaw + rng.range(-25, 25) * (Math.PI / 180)))) });
      }
      const obj = world.scene.objects.find((o) => o.id === g.instanceIds[0])!;
      const centre = [(obj.min[0] + obj.max[0]) / 2, (obj.min[2] + obj.max[2]) / 2];
      let taken = 0;
      for (let tries = 0; tries < 400 && taken < 60; tries++) {
        const room = rng.pick(world.scene.rooms);
        const s = world.navmesh.snap([rng.range(room.x0, room.x1), world.scene.floors[room.floor].y, rng.range(room.z0, room.z1)], 0.3);
        if (!s || Math.hypot(s.point[0] - centre[0], s.point[2] - centre[1]) < 3) continue;
        taken++;
        far.push(enc.similarity(goal, await enc.embed(render(s.point, rng.range(-Math.PI, Math.PI)))));
      }
    }
  }
  world.dispose();
}
const q = (a: number[], p: number) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
console.log(`${goals} image goals in houses ${seeds.join(',')}; ${near.length} near views, ${far.length} far views`);
for (const [lo, hi] of [
  [0, 0.25],
  [0.25, 0.5],
  [0.5, 0.75],
  [0.75, 1.0],
]) {
  const s = near.filter((v) => v.r >= lo && v.r < hi).map((v) => v.s);
  if (s.length) console.log(`near ${lo}–${hi} m (n=${s.length}): p10 ${q(s, 0.1).toFixed(3)} median ${q(s, 0.5).toFixed(3)} p90 ${q(s, 0.9).toFixed(3)}`);
}
console.log(`far ≥ 3 m: median ${q(far, 0.5).toFixed(3)} p99 ${q(far, 0.99).toFixed(3)} p99.9 ${q(far, 0.999).toFixed(3)} max ${Math.max(...far).toFixed(3)}`);
for (const t of [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85]) {
  const close = near.filter((v) => v.r < 0.5),
    mid = near.filter((v) => v.r >= 0.5);
  const pct = (xs: number[]) => ((xs.filter((s) => s >= t).length / xs.length) * 100).toFixed(1);
  console.log(
    `threshold ${t}: far views above ${((far.filter((s) => s >= t).length / far.length) * 100).toFixed(2)} %, near views < 0.5 m above ${pct(close.map((v) => v.s))} %, 0.5–1 m above ${pct(mid.map((v) => v.s))} %`,
  );
}
await enc.close();
