/**
 * A habitat stage whose config declares an `origin` stands there in the world: the same stage with
 * origin 0 and with origin (12, 1.5, −7) (both at scale 1.5) inspect with bounds moved by it, render
 * the same pictures from views moved by it, get navmeshes of the same area, and an R2R-CE episode
 * written in the moved world starts on the moved navmesh with the same route length. A scene
 * instance's `stage_instance.translation`/`rotation` places its stage the same way (its objects are
 * not read, which its notes say); a bad origin or
 * placement is refused with exit 2, naming the file and what is accepted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Vec3 } from '../../src/geometry/index.js';
import { defaultSceneResolver, loadR2rSplit } from '../../src/world/node.js';
import type { SceneInspection } from '../../src/world/index.js';
import { habitatGlb, type Quad } from '../helpers/habitat-glb.js';
import { runMain } from '../helpers/run-program.js';

const ORIGIN: Vec3 = [12, 1.5, -7];
const dir = mkdtempSync(join(tmpdir(), 'nh-stage-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// file frame +Z up, +Y front: a 6 × 4 floor, outer walls, and a wall at x = 0 open at y > 1
const wall = (name: string, a: [number, number], b: [number, number], colour: [number, number, number]): Quad => ({
  name,
  colour,
  corners: [
    [a[0], a[1], 0],
    [b[0], b[1], 0],
    [b[0], b[1], 2.5],
    [a[0], a[1], 2.5],
  ],
});
const QUADS: Quad[] = [
  {
    name: 'floor',
    corners: [
      [-3, -2, 0],
      [3, -2, 0],
      [3, 2, 0],
      [-3, 2, 0],
    ],
    colour: [0.2, 0.7, 0.2],
  },
  wall('north', [-3, 2], [3, 2], [0.8, 0.2, 0.2]),
  wall('south', [3, -2], [-3, -2], [0.2, 0.2, 0.8]),
  wall('west', [-3, -2], [-3, 2], [0.8, 0.8, 0.2]),
  wall('east', [3, 2], [3, -2], [0.2, 0.8, 0.8]),
  wall('middle', [0, -2], [0, 1], [0.6, 0.6, 0.6]),
  wall('middle back', [0, 1], [0, -2], [0.6, 0.6, 0.6]),
];

function stage(name: string, config: object): string {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'room.glb'), habitatGlb(QUADS));
  const cfg = join(dir, name, 'room.stage_config.json');
  writeFileSync(cfg, JSON.stringify({ render_asset: 'room.glb', scale: [1.5, 1.5, 1.5], ...config }));
  return cfg;
}
const plain = stage('plain', {});
const moved = stage('moved', { origin: ORIGIN });

async function json<T>(...args: string[]): Promise<T> {
  const r = await runMain(...args, '--json');
  expect(r.err, args.join(' ')).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as T;
}
const plus = (a: readonly number[], b: readonly number[]) => a.map((v, i) => v + b[i]);
const expectNear = (a: readonly number[], b: readonly number[], eps = 1e-3) =>
  a.forEach((v, i) => expect(Math.abs(v - b[i]), `${a} vs ${b}`).toBeLessThan(eps));

describe('a stage with a declared origin', () => {
  it('inspects with its bounds moved by the origin, at its scale, and a navmesh of the same area', async () => {
    const p = await json<SceneInspection>('scene', 'inspect', plain, '--build-navmesh');
    const m = await json<SceneInspection>('scene', 'inspect', moved, '--build-navmesh');
    expect(m.stage!.origin).toEqual(ORIGIN);
    // upright at scale 1.5: 9 m by 6 m, 3.75 m tall
    expectNear([p.bounds_m!.max[0] - p.bounds_m!.min[0], p.bounds_m!.max[1] - p.bounds_m!.min[1], p.bounds_m!.max[2] - p.bounds_m!.min[2]], [9, 3.75, 6]);
    expectNear(m.bounds_m!.min, plus(p.bounds_m!.min, ORIGIN));
    expectNear(m.bounds_m!.max, plus(p.bounds_m!.max, ORIGIN));
    expect(m.built_navmesh!.area_m2).toBeGreaterThan(30);
    expect(Math.abs(m.built_navmesh!.area_m2 - p.built_navmesh!.area_m2) / p.built_navmesh!.area_m2).toBeLessThan(0.01);
  }, 120_000);

  it('sim render: the view stands moved by the origin and sees the same picture', async () => {
    type View = { view: { position: number[] } };
    const p = await json<View>('sim', 'render', '--house', join(dir, 'plain', 'room.glb'), '--out', join(dir, 'view-plain'));
    const m = await json<View>('sim', 'render', '--house', join(dir, 'moved', 'room.glb'), '--out', join(dir, 'view-moved'));
    expectNear(m.view.position, plus(p.view.position, ORIGIN), 0.02);
    const depth = (d: string) => readFileSync(join(dir, d, 'depth.png'));
    expect(depth('view-moved').equals(depth('view-plain'))).toBe(true);
  }, 120_000);

  it('an R2R-CE episode in the moved world starts on its navmesh, with the route length of the plain one', async () => {
    // start west of the middle wall, goal east of it: the route goes round its open end
    const start: Vec3 = [-3, 0, 1.5],
      goal: Vec3 = [3, 0, 1.5];
    const episode = (id: number, scene: string, s: readonly number[], g: readonly number[]) => ({
      episode_id: id,
      trajectory_id: id,
      scene_id: scene,
      start_position: s,
      start_rotation: [0, 0, 0, 1],
      instruction: { instruction_text: 'walk round the wall' },
      goals: [{ position: g, radius: 3 }],
      reference_path: [s, g],
    });
    const split = join(dir, 'r2r', 'val');
    mkdirSync(split, { recursive: true });
    writeFileSync(
      join(split, 'val.json.gz'),
      gzipSync(
        JSON.stringify({
          episodes: [episode(1, 'plain/room.glb', start, goal), episode(2, 'moved/room.glb', plus(start, ORIGIN), plus(goal, ORIGIN))],
          instruction_vocab: { word_list: [] },
        }),
      ),
    );
    const eps = (await loadR2rSplit(split)).episodes;
    const routes: number[] = [];
    for (const ep of eps) {
      const s = await defaultSceneResolver(ep.scene, dir, 'r2r-ce');
      try {
        const at = s.navmesh.snap(ep.start.position, 0.2);
        expect(at, ep.scene).not.toBeNull();
        expectNear(at!.point, ep.start.position, 0.05);
        routes.push(s.navmesh.geodesic(ep.start.position, ep.goals[0]));
      } finally {
        s.close();
      }
    }
    expect(routes[0]).toBeGreaterThan(6.5);
    expect(Math.abs(routes[1] - routes[0])).toBeLessThan(0.02);
  }, 120_000);

  it('a scene instance places its stage by translation and rotation', async () => {
    const ds = join(dir, 'plain', 'room.scene_dataset_config.json');
    writeFileSync(
      ds,
      JSON.stringify({ stages: { paths: { '.json': ['*.stage_config.json'] } }, scene_instances: { paths: { '.json': ['*.scene_instance.json'] } } }),
    );
    // a quarter turn about +y (w, x, y, z), then 5 m along x
    const q = [Math.SQRT1_2, 0, Math.SQRT1_2, 0];
    writeFileSync(
      join(dir, 'plain', 'turned.scene_instance.json'),
      JSON.stringify({
        stage_instance: { template_name: 'room', translation: [5, 0, 0], rotation: q },
        object_instances: [{ template_name: 'chair', translation: [1, 0, 1] }],
      }),
    );
    const p = await json<SceneInspection>('scene', 'inspect', plain);
    const t = await json<SceneInspection>('scene', 'inspect', `${ds}#turned`);
    // x and z swap extents (9 m by 6 m becomes 6 m by 9 m), centred 5 m along x
    expectNear(
      [t.bounds_m!.max[0] - t.bounds_m!.min[0], t.bounds_m!.max[2] - t.bounds_m!.min[2]],
      [p.bounds_m!.max[2] - p.bounds_m!.min[2], p.bounds_m!.max[0] - p.bounds_m!.min[0]],
    );
    expect((t.bounds_m!.max[0] + t.bounds_m!.min[0]) / 2).toBeCloseTo(5 + (p.bounds_m!.max[2] + p.bounds_m!.min[2]) / 2, 2);
    // the objects it places are not read, and it says so
    expect(t.notes.join('\n')).toMatch(/places 1 object\(s\) and 0 articulated object\(s\) besides its stage; only the stage is read/);
    writeFileSync(join(dir, 'plain', 'bad.scene_instance.json'), JSON.stringify({ stage_instance: { template_name: 'room', rotation: [0, 0, 0, 0] } }));
    const bad = await runMain('scene', 'inspect', `${ds}#bad`);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /bad\.scene_instance\.json': stage_instance is invalid:[\s\S]*rotation quaternion \[w, x, y, z\] of non-zero length[\s\S]*accepted: /,
    );
  }, 60_000);

  it("a dataset's stage defaults (origin, units) apply where the stage config says nothing; bad ones are refused", async () => {
    const ds = join(dir, 'plain', 'defaults.scene_dataset_config.json');
    writeFileSync(
      ds,
      JSON.stringify({
        stages: { default_attributes: { origin: [0, 2, 0], units_to_meters: 2, scale: [9, 9, 9] }, paths: { '.json': ['*.stage_config.json'] } },
      }),
    );
    const p = await json<SceneInspection>('scene', 'inspect', plain);
    const d = await json<SceneInspection>('scene', 'inspect', `${ds}#room`);
    // the stage's own scale (1.5) stands; the dataset's units (2) and origin (2 m up) fill in
    expectNear(
      d.bounds_m!.min,
      plus(
        p.bounds_m!.min.map((v) => 2 * v),
        [0, 2, 0],
      ),
    );
    expectNear(
      d.bounds_m!.max,
      plus(
        p.bounds_m!.max.map((v) => 2 * v),
        [0, 2, 0],
      ),
    );
    writeFileSync(ds, JSON.stringify({ stages: { default_attributes: { units_to_meters: -1 }, paths: { '.json': ['*.stage_config.json'] } } }));
    const bad = await runMain('scene', 'inspect', `${ds}#room`);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /defaults\.scene_dataset_config\.json': stages\.default_attributes is invalid:[\s\S]*units_to_meters must be at least 0\.0001[\s\S]*accepted: /,
    );
  }, 60_000);

  it('a stage too large for a navmesh is refused with exit 2 (inspect --build-navmesh, sim render), before WebAssembly', async () => {
    // kilometres for metres: 6 km by 4 km
    const huge = stage('huge', { units_to_meters: 1000, scale: [1, 1, 1] });
    expect((await runMain('scene', 'inspect', huge)).code).toBe(0);
    const r = await runMain('scene', 'inspect', huge, '--build-navmesh');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /scene '.*huge\/room\.glb': its walkable surface spans 6000 × 4000 m, .* more than a navmesh holds \(16384 tiles of 128 cells, 737 m a side for this agent\); check the stage's units_to_meters and scale\naccepted: a scene at most 737 m a side/,
    );
    // the same refusal, exit 2, from a command that renders
    const render = await runMain('sim', 'render', '--house', huge, '--out', join(dir, 'huge-view'));
    expect(render.code).toBe(2);
    expect(render.err).toMatch(/more than a navmesh holds/);
  }, 60_000);

  it('an origin that is not three coordinates within 100 km is refused with exit 2', async () => {
    for (const [origin, why] of [
      [[1, 2], /origin/],
      [[0, 2e6, 0], /at most 100000 m/],
      [[0, 'up', 0], /origin/],
    ] as const) {
      const cfg = stage(`bad-${String(origin).replace(/\W/g, '_')}`, { origin });
      const r = await runMain('scene', 'inspect', cfg);
      expect(r.code, String(origin)).toBe(2);
      expect(r.err).toMatch(/room\.stage_config\.json/);
      expect(r.err).toMatch(why);
      expect(r.err).toMatch(/accepted: /);
    }
  }, 60_000);
});
